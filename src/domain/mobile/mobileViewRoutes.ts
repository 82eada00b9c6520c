/**
 * The retailer link's pages in the route catalogue (002 §2.2), apart from the catalogue itself so
 * the link's own page loads only these entries, not the whole list.
 */
import type { MobilePage } from "./mobile";

export const MOBILE_VIEW_PREFIX = "/mobile-view";

/** Each page with its title. */
export const MOBILE_VIEW_PAGES: readonly (readonly [page: MobilePage, title: string])[] = [
  ["home", "Mobile home"],
  ["earnings", "Mobile earnings"],
  ["invoices", "Mobile invoices"],
  ["target-vs-achievement", "Target vs achievement"],
];

/** A catalogue route (./routes AppRoute) of the link's pages. */
type MobileViewRoute = { pattern: string; area: "mobile"; title: string; spec: string };

/** A page's two routes: the slug after the word "slug", and the shorter alternate. */
export const mobileViewRoutes = (page: MobilePage, title: string): MobileViewRoute[] => [
  { pattern: `${MOBILE_VIEW_PREFIX}/${page}/slug/:slug`, area: "mobile", title, spec: "002 §2.2" },
  {
    pattern: `${MOBILE_VIEW_PREFIX}/${page}/:slug`,
    area: "mobile",
    title: `${title} (alternate)`,
    spec: "002 §2.2",
  },
];
