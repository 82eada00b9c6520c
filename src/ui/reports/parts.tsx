/**
 * What the report screens share: the filters form and the pager.
 */
import { useId } from "react";
import { Link } from "wouter";
import { useAddressQuery } from "./address";

/** Previous and Next as links to the same report at another page (the page is in the address). */
export function Pager({
  page,
  count,
  pageSize,
  hrefOf,
  label,
}: {
  page: number;
  count: number;
  pageSize: number;
  hrefOf: (page: number) => string;
  label: string;
}) {
  const last = Math.max(1, Math.ceil(count / pageSize));
  if (last === 1) return null;
  return (
    <nav className="report-pager" aria-label={label}>
      {page > 1 ? <Link href={hrefOf(page - 1)}>Previous</Link> : <span aria-hidden="true">Previous</span>}
      <span>
        Page {page} of {last}
      </span>
      {page < last ? <Link href={hrefOf(page + 1)}>Next</Link> : <span aria-hidden="true">Next</span>}
    </nav>
  );
}

/** A filter's select, named by its label alone (a wrapping label would add the options' texts). */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="report-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The RSID or name search of a report's filters. */
function SearchField({ value }: { value: string }) {
  const id = useId();
  return (
    <div className="report-filter">
      <label htmlFor={id}>RSID or name</label>
      <input key={value} id={id} name="search" type="search" defaultValue={value} />
    </div>
  );
}

/** A select of a report's filters: the address parameter it sets and its choices. */
export type ReportFilter = {
  param: string;
  label: string;
  /** The choice that leaves the parameter out (every value), listed first when given. */
  every?: string;
  /** The value shown when the address has none and there is no `every` choice. */
  fallback?: string;
  options: readonly { value: string; label: string }[];
};

/**
 * A report's filters: each select writes its parameter to the address at once; the RSID or name
 * search is written on Search.
 */
export function ReportFilters({
  filters,
  label = "Filters",
}: {
  filters: readonly ReportFilter[];
  label?: string;
}) {
  const address = useAddressQuery();
  return (
    <form
      className="report-filters"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        const text = new FormData(e.currentTarget).get("search");
        address.set({ search: typeof text === "string" ? text.trim() : undefined });
      }}
    >
      {filters.map((f) => (
        <FilterSelect
          key={f.param}
          label={f.label}
          value={address.get(f.param) ?? f.fallback ?? ""}
          onChange={(value) => address.set({ [f.param]: value })}
          options={f.every === undefined ? f.options : [{ value: "", label: f.every }, ...f.options]}
        />
      ))}
      <SearchField value={address.get("search") ?? ""} />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
