/** Data table rules (spec 000 §2.5, §9; 002 §9): page sizes, pager text, sorting, searching. */

export const PAGE_SIZE_OPTIONS = [15, 30, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const SEARCH_DEBOUNCE_MS = 100;
export const TABLE_MAX_HEIGHT_PX = 500;

export type SortDirection = "asc" | "desc";
export type Sort = { readonly key: string; readonly direction: SortDirection } | null;

/** Clicking a column: ascending first, then it toggles; another column starts ascending again. */
export function nextSort(current: Sort, key: string): Sort {
  if (current?.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** How an estimated total reads: the server counts exactly up to a limit, then estimates. */
const about = (estimated: boolean) => (estimated ? "about " : "");

/** "Page x of y" ("of about y" when the total is an estimate). */
export const pagerText = (page: number, total: number, pageSize: number, estimated = false): string =>
  `Page ${page} of ${about(estimated)}${pageCount(total, pageSize)}`;

/** "Showing a - b of N Record(s)" ("of about N" when the total is an estimate). */
export function showingText(page: number, pageSize: number, total: number, estimated = false): string {
  if (total === 0) return "Showing 0 - 0 of 0 Record(s)";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first} - ${last} of ${about(estimated)}${total} Record(s)`;
}

/** The page size selector is disabled when fewer than 15 rows are on the page. */
export const isPageSizeSelectable = (rowsOnPage: number): boolean => rowsOnPage >= DEFAULT_PAGE_SIZE;

export const isPageSize = (n: number): n is (typeof PAGE_SIZE_OPTIONS)[number] =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(n);

/** Case-insensitive "contains" used by every search box and searchable dropdown. */
export const matchesSearch = (text: string, search: string): boolean =>
  text.toLowerCase().includes(search.trim().toLowerCase());

export type TableQuery = { page: number; pageSize: number; sort: Sort; search: string };

/** The table's view as URL query parameters, named as the API takes them (page-size, page). */
export function tableQueryToParams(q: TableQuery): Record<string, string> {
  const params: Record<string, string> = { page: String(q.page), "page-size": String(q.pageSize) };
  if (q.sort) params.ordering = `${q.sort.direction === "desc" ? "-" : ""}${q.sort.key}`;
  if (q.search) params.search = q.search;
  return params;
}

/** Reads the view back from a URL query; anything unreadable falls back to the defaults. */
export function tableQueryFromParams(
  params: URLSearchParams,
  defaultPageSize = DEFAULT_PAGE_SIZE,
): TableQuery {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const size = Number.parseInt(params.get("page-size") ?? "", 10);
  const ordering = params.get("ordering") ?? "";
  const key = ordering.replace(/^-/, "");
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: isPageSize(size) ? size : defaultPageSize,
    sort: key ? { key, direction: ordering.startsWith("-") ? "desc" : "asc" } : null,
    search: params.get("search") ?? "",
  };
}

/**
 * The view of a list held whole in the browser (a summary the API answers in one piece): the rows
 * whose text matches the search, in the column's order (numbers as numbers), the query's page of
 * them, and how many matched.
 */
export function localTableView<Row>(
  rows: readonly Row[],
  query: TableQuery,
  textOf: (row: Row) => string,
  orderOf: (row: Row, key: string) => string | number,
): { rows: readonly Row[]; total: number } {
  const matching = query.search ? rows.filter((r) => matchesSearch(textOf(r), query.search)) : rows;
  const { sort } = query;
  const ordered = sort
    ? [...matching].sort((a, b) => {
        const x = orderOf(a, sort.key);
        const y = orderOf(b, sort.key);
        const order =
          typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        return sort.direction === "desc" ? -order : order;
      })
    : matching;
  const start = (query.page - 1) * query.pageSize;
  return { rows: ordered.slice(start, start + query.pageSize), total: matching.length };
}
