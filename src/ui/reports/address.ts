/**
 * A report's filters and page live in the address (so a report can be bookmarked, shared and
 * reloaded as it is): read from the query and written back with the page reset on a filter change.
 */
import { useLocation, useSearch } from "wouter";
import { decodeRowId } from "../../domain/shared/requestInput";

export const DEFAULT_PAGE_SIZE = 25;

export function useAddressQuery() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const get = (key: string): string | undefined => {
    const v = params.get(key)?.trim();
    return v === undefined || v === "" ? undefined : v;
  };
  /** The page asked for: a whole number from 1, else the first. */
  const page = decodeRowId(params.get("page") ?? "") ?? 1;
  const hrefWith = (changes: Readonly<Record<string, string | undefined>>): string => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === "") next.delete(k);
      else next.set(k, v);
    }
    // A filter change starts from the first page.
    if (!("page" in changes)) next.delete("page");
    const q = next.toString();
    return q === "" ? location : `${location}?${q}`;
  };
  return {
    get,
    page,
    hrefWith,
    set: (changes: Readonly<Record<string, string | undefined>>) => navigate(hrefWith(changes)),
  };
}

/** One of the listed values, or undefined for anything else the address holds. */
export const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.find((v) => v === value);

/** The filters the address holds, without those it leaves out (the query sends only those given). */
export const givenOnly = <T extends Record<string, string | undefined>>(filters: T) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
