/** Pagination with the page-size and page query parameters, answered in the spec's list shape. */

export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 1000;

export type Page = { number: number; size: number; offset: number };

export function pageParams(page: string | undefined, pageSize: string | undefined): Page {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Number.parseInt(pageSize ?? "", 10) || DEFAULT_PAGE_SIZE));
  const number = Math.max(1, Number.parseInt(page ?? "", 10) || 1);
  return { number, size, offset: (number - 1) * size };
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
