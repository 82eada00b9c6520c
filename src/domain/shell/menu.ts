/**
 * The dashboard side menu: which areas a signed-in user is offered. Kept apart from the route
 * catalogue so that only the dashboard's code carries it.
 */

import { REPORT_READERS } from "../reports/reportCatalogue";
import {
  ALLOCATION_PERMISSIONS,
  FIELD_TOOLS_PERMISSIONS,
  MACHINES_PERMISSION,
  MESSAGE_LOG_PERMISSIONS,
  OUTLET_READ_PERMISSIONS,
  TAX_READ_PERMISSIONS,
} from "../shared/permissions";
import type { RouteArea } from "./routes";

export type MenuEntry = {
  readonly label: string;
  readonly area: RouteArea;
  readonly to: string;
  /** Dashboard permissions that open the entry; empty means every signed-in user. */
  readonly anyOf: readonly string[];
  /** Only for users of the internal organisation. */
  readonly internalOnly: boolean;
  /** The area's other screens, listed under it on the dashboard; the entry opens the first built one. */
  readonly pages?: readonly string[];
  /** Pages (the entry's own included) offered only to holders of one of these permissions. */
  readonly pageAnyOf?: Readonly<Record<string, readonly string[]>>;
};

/** The Machines area (docs/machines.md): the product's own page, not one of the spec's routes. */
export const MACHINES_PATH = "/dashboard/machines";

const dp = (role: string): string => `${role}-dashboard-permission`;
const INTERNAL_DASHBOARD = [
  "qc-executive",
  "qc-manager",
  "calling-manager",
  "calling-executive",
  "field-coordinator",
  "project-manager",
  "iftu-manager",
  "iftu-executive",
  "field-manager",
].map(dp);

/** Who is offered the collected-bills lists: the reviewers who check bills and the client's manager. */
const BILL_READERS = ["qc-manager", "qc-executive", "project-manager", "client-manager"].map(dp);

/**
 * The side menu. The spec does not say what each permission allows (000 §6), so this is the
 * product's choice, recorded in docs/routes.md.
 */
export const DASHBOARD_MENU: readonly MenuEntry[] = [
  { label: "Home", area: "dashboard", to: "/dashboard", anyOf: [], internalOnly: false },
  // Project cards count and open outlets: offered to those who read outlets.
  {
    label: "Projects",
    area: "projects",
    to: "/dashboard/projects",
    anyOf: OUTLET_READ_PERMISSIONS,
    internalOnly: false,
  },
  {
    label: "Outlets",
    area: "outlets",
    to: "/dashboard/list-of-outlets",
    anyOf: INTERNAL_DASHBOARD,
    internalOnly: true,
  },
  // The collected-bills lists read only: QC and project managers check bills, clients read theirs.
  // Each lights only on its own page (area dashboard), so an outlet opened from them stays under Outlets.
  {
    label: "Collected bills",
    area: "dashboard",
    to: "/dashboard/collected-bills-list",
    anyOf: BILL_READERS,
    internalOnly: false,
  },
  {
    label: "Invoices",
    area: "dashboard",
    to: "/dashboard/invoices",
    anyOf: BILL_READERS,
    internalOnly: false,
  },
  // Those who run some report (src/domain/reports/reportCatalogue.ts), clients' managers included.
  { label: "Reports", area: "reports", to: "/dashboard/reports", anyOf: REPORT_READERS, internalOnly: false },
  // Each team's allocation is its manager's (and project managers'): the entry opens the first team
  // the user allocates (docs/allocation.md).
  {
    label: "Allocation",
    area: "allocation",
    to: "/dashboard/qc-allocation-management",
    anyOf: [...new Set(Object.values(ALLOCATION_PERMISSIONS).flat())],
    internalOnly: true,
    pages: ["/dashboard/calling-allocation-management", "/dashboard/iftu-allocation-management"],
    pageAnyOf: {
      "/dashboard/qc-allocation-management": ALLOCATION_PERMISSIONS.qc,
      "/dashboard/calling-allocation-management": ALLOCATION_PERMISSIONS.calling,
      "/dashboard/iftu-allocation-management": ALLOCATION_PERMISSIONS.iftu,
    },
  },
  {
    label: "Verification",
    area: "verification",
    to: "/dashboard/account-verification",
    anyOf: ["qc-manager", "qc-executive", "iftu-manager", "iftu-executive"].map(dp),
    internalOnly: true,
    pages: [
      "/dashboard/secure-account-verification",
      "/dashboard/pan-verification",
      "/dashboard/ifsc-verification",
      "/dashboard/ifsc-change-verification",
      "/dashboard/upi-payments-verification",
      "/dashboard/unicorn-image-fetch",
      "/dashboard/reverse-geo-coding",
      "/dashboard/unicorn-image-matching",
      "/dashboard/list-of-unicorns",
    ],
  },
  // The field auditors' points are for those who manage them: the field-tools staff (docs/gamification.md).
  {
    label: "Gamification",
    area: "gamification",
    to: "/gamification/dashboard",
    anyOf: FIELD_TOOLS_PERMISSIONS,
    internalOnly: true,
  },
  {
    label: "Payout and tax",
    area: "payout-tax",
    to: "/dashboard/tds",
    anyOf: TAX_READ_PERMISSIONS,
    internalOnly: true,
    pages: [
      "/dashboard/tds/tds-reports",
      "/dashboard/form16",
      "/dashboard/form16/pan-list",
      "/dashboard/form-16-pdf",
      "/dashboard/form-16-csv",
      "/dashboard/manage-payout",
    ],
  },
  {
    label: "Messaging",
    area: "messaging",
    to: "/dashboard/message",
    anyOf: MESSAGE_LOG_PERMISSIONS,
    internalOnly: true,
    pages: ["/dashboard/message/details", "/dashboard/message/summary"],
  },
  {
    label: "Field tools",
    area: "field-tools",
    to: "/dashboard/field-outlet-recovery",
    anyOf: FIELD_TOOLS_PERMISSIONS,
    internalOnly: true,
  },
  {
    label: "Organisations",
    area: "org-admin",
    to: "/dashboard/organization-users-roles/organization-list",
    anyOf: [dp("project-manager")],
    internalOnly: true,
    // Each organisation's and project's single points of contact (docs/spoc.md).
    pages: ["/dashboard/manage-spoc"],
  },
  {
    label: "Invoice and SKU",
    area: "invoice-sku",
    to: "/dashboard/organization-inovice-sku/product-families",
    anyOf: [dp("project-manager")],
    internalOnly: true,
  },
  {
    label: "States and cities",
    area: "meta",
    to: "/dashboard/meta/states-list",
    anyOf: [dp("project-manager")],
    internalOnly: true,
  },
  { label: "My downloads", area: "dashboard", to: "/dashboard/my-downloads", anyOf: [], internalOnly: false },
  {
    label: "Machines",
    area: "dashboard",
    to: MACHINES_PATH,
    anyOf: [MACHINES_PERMISSION],
    internalOnly: false,
  },
];

export type MenuUser = {
  readonly permissions: readonly string[];
  readonly organisation: { readonly kind: "internal" | "client" };
};

/**
 * The menu entries a user is offered, in menu order: those the user may open with a built screen
 * (`isBuiltPath`, the route table's answer), so an area appears by itself once its screen is. An
 * entry opens the first built of its page and its area's other pages, and keeps only the built ones.
 */
export function dashboardMenuFor(user: MenuUser, isBuiltPath: (path: string) => boolean): MenuEntry[] {
  const held = new Set(user.permissions);
  return DASHBOARD_MENU.filter(
    (entry) =>
      (!entry.internalOnly || user.organisation.kind === "internal") &&
      (entry.anyOf.length === 0 || entry.anyOf.some((p) => held.has(p))),
  ).flatMap((entry) => {
    const offered = (path: string) =>
      isBuiltPath(path) && (entry.pageAnyOf?.[path]?.some((p) => held.has(p)) ?? true);
    const [to, ...pages] = [entry.to, ...(entry.pages ?? [])].filter(offered);
    return to === undefined ? [] : [{ ...entry, to, pages }];
  });
}

/**
 * The menu entry a page lights up: the entry whose own page it is, else the entry of the page's
 * area, so the outlet page shows under Outlets and an upload screen under the area of its list.
 * The dashboard area is shared by Home and My downloads, which light only on their own pages.
 */
export function currentMenuEntry(
  entries: readonly MenuEntry[],
  path: string,
  area: RouteArea | null,
): MenuEntry | null {
  const normalised = path.replace(/\/+$/, "").toLowerCase() || "/";
  const own = entries.find((e) => e.to.toLowerCase() === normalised);
  if (own) return own;
  if (area === null || area === "dashboard") return null;
  return entries.find((e) => e.area === area) ?? null;
}
