/** Pagination with the page-size and page query parameters, answered in the spec's list shape. */
import { decodePage, type Page } from "../../src/domain/shared/requestInput";
import { Problem } from "./problem";

export type { Page } from "../../src/domain/shared/requestInput";

/** The page of a list request; a page or size that is not a whole number in range is a 400. */
export function pageParams(page: string | undefined, pageSize: string | undefined): Page {
  const read = decodePage(page, pageSize);
  if (!read.ok) throw new Problem(400, read.errors);
  return read.page;
}

function pageUrl(requestUrl: string, number: number): string {
  const url = new URL(requestUrl);
  url.searchParams.set("page", String(number));
  return `${url.pathname}${url.search}`;
}

export function paginate<T>(requestUrl: string, results: T[], count: number, page: Page) {
  const last = Math.max(1, Math.ceil(count / page.size));
  return {
    results,
    count,
    previous: page.number > 1 ? pageUrl(requestUrl, page.number - 1) : null,
    next: page.number < last ? pageUrl(requestUrl, page.number + 1) : null,
    current_page_number: page.number,
    page_size: page.size,
  };
}

/**
 * A page whose count may be an estimate (the outlet list past a limit of matches): `next` comes from
 * whether a row follows the page, and `count_is_estimate` says which the count is.
 */
export function paginateEstimated<T>(
  requestUrl: string,
  results: T[],
  counted: { count: number; estimated: boolean; more: boolean },
  page: Page,
) {
  return {
    ...paginate(requestUrl, results, counted.count, page),
    next: counted.more ? pageUrl(requestUrl, page.number + 1) : null,
    count_is_estimate: counted.estimated,
  };
}
