/**
 * The mobile link download (000 §2.1 `mobile-link-download`): the retailer mobile links of a
 * sub-project's outlets (docs/retailer-portal.md) exported as a spreadsheet to My Downloads. A link
 * opens the retailer's earnings to the first device that follows it, so only those who set projects
 * up may export them.
 */
import { Schema } from "effect";
import { SET_UP_PROJECTS, SUB_PROJECT_HUB } from "./resources/projects";

/** The screen's catalogue pattern, under the sub-project hub. */
export const MOBILE_LINK_DOWNLOAD = `${SUB_PROJECT_HUB}/mobile-link-download`;

export const mayExportMobileLinks = (permissions: readonly string[]): boolean =>
  SET_UP_PROJECTS.some((p) => permissions.includes(p));

/** Where a retailer's link opens, from the outlet's link slug. */
export const mobileLinkPath = (slug: string): string => `/mobile-view/home/slug/${encodeURIComponent(slug)}`;

/** The spreadsheet's columns, in order. */
export const MOBILE_LINK_COLUMNS = [
  "rsid",
  "outlet_name",
  "owner_name",
  "phone",
  "workflow_state",
  "mobile_link",
] as const;

export const MOBILE_LINKS_TITLE = "Mobile link download";
export const mobileLinksExportTitle = (subProjectName: string): string => `Mobile links of ${subProjectName}`;
export const NO_MOBILE_LINKS = "No outlet of this sub-project has a retailer mobile link yet.";
export const MOBILE_LINKS_STARTED = "Export started. The spreadsheet will be in My Downloads.";
export const MOBILE_LINKS_ALREADY_STARTED =
  "An export of these links is already being prepared. It will be in My Downloads.";
export const MOBILE_LINKS_FAILED = "The export could not be started. Check your connection and try again.";
export const MOBILE_LINKS_NOT_ALLOWED =
  "Only those who set projects up may export the retailer mobile links.";

/** The answer to starting an export: its My Downloads id and what to tell the user. */
export const MobileLinksExport = Schema.Struct({ id: Schema.Number, detail: Schema.String });
export type MobileLinksExport = typeof MobileLinksExport.Type;

/** What starting an export came to: started (or already being prepared), or refused with a reason. */
export type MobileLinksOutcome =
  | { type: "started"; id: number; detail: string }
  | { type: "refused"; detail: string };
