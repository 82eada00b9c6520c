/** A list's filters (reference, choice and toggle fields of the definition) as selects above the table. */

import { choiceText, type ResourceDefinition } from "../../domain/admin/resource";
import { resourceNamed } from "../../domain/admin/resourceCatalogue";
import type { ResourceFilters } from "../../domain/admin/resourceQuery";
import { inSentence } from "../../domain/shared/format";
import { Select } from "../widgets/Controls";
import { organisationOf, type PageParent, useOptionsQuery } from "./adminQueries";

function FilterSelect({
  def,
  name,
  organisationId,
  value,
  onChange,
}: {
  def: ResourceDefinition;
  name: string;
  organisationId: number | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const field = def.fields[name]!;
  const target = field.references ? resourceNamed(field.references) : null;
  const options = useOptionsQuery(
    field.references ?? "",
    target?.scope === "organisation" ? organisationId : null,
    target !== null,
  );
  const choices =
    field.widget === "toggle"
      ? [
          { label: "Yes", value: "true" },
          { label: "No", value: "false" },
        ]
      : field.widget === "choice"
        ? (field.choices ?? []).map((c) => ({ label: choiceText(field, c), value: c }))
        : (options.data ?? []).map((o) => ({ label: o.label, value: String(o.id) }));
  return (
    <Select
      label={field.label}
      options={[{ label: "All", value: "" }, ...choices]}
      value={value}
      onChange={onChange}
    />
  );
}

export function ListFilters({
  def,
  parent,
  filters,
  onChange,
}: {
  def: ResourceDefinition;
  parent: PageParent;
  filters: ResourceFilters;
  onChange: (filters: ResourceFilters) => void;
}) {
  // On an organisation's (or a project's) page its own records are listed: no filter by it there.
  const shown = def.filters.filter((k) => k !== parent?.field);
  const organisationId = organisationOf(parent);
  if (shown.length === 0) return null;
  return (
    <fieldset className="list-filters">
      <legend className="visually-hidden">Filter {inSentence(def.plural)}</legend>
      {shown.map((key) => (
        <FilterSelect
          key={key}
          def={def}
          name={key}
          organisationId={organisationId}
          value={filters[key] ?? ""}
          onChange={(value) => onChange({ ...filters, [key]: value })}
        />
      ))}
    </fieldset>
  );
}
