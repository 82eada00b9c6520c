/**
 * A resource list's query: page, size, order, search and filters, as the list's address and the API
 * carry them (`?page=2&page-size=15&ordering=-name&search=we&region=3`), and the server's decoder.
 */

import {
  addFieldError,
  decodeRowId,
  decodeText,
  type FieldErrors,
  MAX_QUERY_TEXT_LENGTH,
  notAChoice,
  PAGE_FIELD,
  PAGE_SIZE_FIELD,
} from "../shared/requestInput";
import type { TableQuery } from "../shared/table";
import { tableQueryToParams } from "../shared/table";
import type { ResourceDefinition } from "./resource";
import { parentLink } from "./resourceCatalogue";
import { unknownListParameter } from "./resourceRights";

/** Applied filters by field key, as the address writes them. */
export type ResourceFilters = Readonly<Record<string, string>>;

export type ResourceListQuery = TableQuery & { filters: ResourceFilters };

/** The list request's parameters (the page's organisation comes in as a filter). */
export function listParams(query: ResourceListQuery): Record<string, string> {
  const params = tableQueryToParams(query);
  for (const [key, value] of Object.entries(query.filters)) if (value !== "") params[key] = value;
  return params;
}

export type FilterValue = number | boolean | string;
export type DecodedListQuery = {
  search: string;
  order: { key: string; descending: boolean } | null;
  filters: { key: string; value: FilterValue }[];
};

/** Reads a filter value of a field: a row id, true/false, or one of the choices. */
function filterValue(def: ResourceDefinition, key: string, raw: string): FilterValue | null {
  const field = def.fields[key]!;
  if (field.widget === "toggle") return raw === "true" ? true : raw === "false" ? false : null;
  if (field.widget === "choice") return field.choices?.includes(raw) ? raw : null;
  return decodeRowId(raw);
}

/**
 * The server's reading of a list query: a bad filter, search or order value is a 400 line, and so is
 * any parameter `given` that the list does not know (a page only where pages are asked for).
 */
export function decodeListQuery(
  def: ResourceDefinition,
  query: (key: string) => string | undefined,
  given: readonly string[],
  paged: boolean,
): { ok: true; query: DecodedListQuery } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const known = new Set([
    "search",
    "ordering",
    ...def.filters,
    ...(def.scope === "organisation" ? ["organisation"] : []),
    // The record the list's page is under, which the screen sends (an organisation's roles page).
    ...(def.routes.list ? [parentLink(def, def.routes.list)?.field ?? "search"] : []),
    ...(paged ? [PAGE_FIELD, PAGE_SIZE_FIELD] : []),
  ]);
  for (const name of given)
    if (!known.has(name)) addFieldError(errors, name.slice(0, 40), unknownListParameter(name.slice(0, 40)));
  const search = query("search");
  const searchText =
    search === undefined ? { ok: true as const, value: "" } : decodeText(search, MAX_QUERY_TEXT_LENGTH);
  if (!searchText.ok) addFieldError(errors, "search", searchText.error);
  const ordering = query("ordering") ?? "";
  const key = ordering.replace(/^-/, "");
  if (key && !def.orderKeys.includes(key))
    addFieldError(errors, "ordering", notAChoice(ordering.slice(0, 40)));
  const filterKeys = [
    ...new Set([...def.filters, ...(def.scope === "organisation" ? ["organisation"] : [])]),
  ];
  const filters: DecodedListQuery["filters"] = [];
  for (const filter of filterKeys) {
    const raw = query(filter);
    if (raw === undefined || raw === "") continue;
    const value = filterValue(def, filter, raw);
    if (value === null) addFieldError(errors, filter, notAChoice(raw.slice(0, 40)));
    else filters.push({ key: filter, value });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    query: {
      search: searchText.ok ? searchText.value.trim() : "",
      order: key ? { key, descending: ordering.startsWith("-") } : null,
      filters,
    },
  };
}
