/**
 * The route catalogue of spec 000 §2.1 and 002 §2.2 as pure data: every path pattern (wouter
 * syntax: `:param`, optional `:param?` last), all matched exactly, each with its area. Where the
 * spec is loose the concrete paths chosen are listed in docs/routes.md.
 */

import { MOBILE_VIEW_PAGES, mobileViewRoutes } from "../mobile/mobileViewRoutes";
import { compareSpecificity, matchPattern, type RouteMatch } from "../shared/routePatterns";

export const ROUTE_AREAS = [
  "public",
  "retailer-entry",
  "retailer",
  "mobile",
  "dashboard",
  "meta",
  "verification",
  "outlets",
  "allocation",
  "reports",
  "payout-tax",
  "messaging",
  "field-tools",
  "org-admin",
  "invoice-sku",
  "projects",
  "client-portal",
  "emytrack",
  "gamification",
] as const;
export type RouteArea = (typeof ROUTE_AREAS)[number];

/** What each area is, for people reading the coverage report and the menu. */
export const AREA_LABELS: Readonly<Record<RouteArea, string>> = {
  public: "Sign-in pages",
  "retailer-entry": "Retailer sign-in",
  retailer: "Retailer area",
  mobile: "Retailer mobile pages",
  dashboard: "Dashboard",
  meta: "States and cities",
  verification: "Verification",
  outlets: "Outlets",
  allocation: "Allocation management",
  reports: "Reports",
  "payout-tax": "Payout, TDS and Form 16",
  messaging: "Messaging",
  "field-tools": "Field tools",
  "org-admin": "Organisation admin",
  "invoice-sku": "Invoice and SKU",
  projects: "Projects",
  "client-portal": "Client portal",
  emytrack: "eMyTrack (field-user e-KYC)",
  gamification: "Gamification",
};

export type AppRoute = {
  readonly pattern: string;
  readonly area: RouteArea;
  readonly title: string;
  /** Where the spec lists it. */
  readonly spec: string;
};

type Entry = readonly [path: string, title: string];

const S000 = "000 §2.1";
const S002 = "002 §2.2";

/** Routes under one prefix ("" children give the prefix itself). */
function group(prefix: string, area: RouteArea, spec: string, entries: readonly Entry[]): AppRoute[] {
  return entries.map(([path, title]) => ({
    pattern: path === "" ? prefix : `${prefix}/${path}`,
    area,
    title,
    spec,
  }));
}

/** "X (each with a list plus creation and update screens)". */
function listCreateUpdate(segment: string, noun: string): Entry[] {
  return [
    [segment, `${noun} list`],
    [`${segment}/creation`, `Create ${noun.toLowerCase()}`],
    [`${segment}/update/:id`, `Update ${noun.toLowerCase()}`],
  ];
}

/** "list-of-regions, list-of-zones, list-of-territories (each with add, edit/{id}, bulk-upload)". */
function geographyList(segment: string, noun: string): Entry[] {
  return [
    [segment, `${noun} list`],
    [`${segment}/add`, `Add ${noun.toLowerCase()}`],
    [`${segment}/edit/:id`, `Edit ${noun.toLowerCase()}`],
    [`${segment}/bulk-upload`, `${noun} bulk upload`],
  ];
}

const PUBLIC: AppRoute[] = [
  { pattern: "/", area: "public", title: "Home", spec: S000 },
  ...group("", "public", S000, [
    ["login", "Login"],
    ["forgot-password", "Forgot password"],
    ["change-password-expiry", "Change expired password"],
    ["mfa-password", "Multi-factor password"],
    ["verify-otp", "Verify OTP"],
    ["reset-password", "Reset password"],
  ]),
];

const RETAILER_ENTRY: AppRoute[] = [
  { pattern: "/retailers", area: "retailer-entry", title: "Retailer portal", spec: S000 },
  ...group("/retailers", "retailer-entry", S000, [
    ["login", "Retailer login"],
    ["choose-mobile-number", "Choose mobile number"],
    ["enter-mobile-number", "Enter mobile number"],
    ["otp", "Retailer OTP"],
    ["success", "Retailer sign-in success"],
  ]),
];

/** The retailer area's paths continue /retailers (spec: "/retailers/outlets-list, /outlets-list/..."). */
const RETAILER: AppRoute[] = group("/retailers", "retailer", S000, [
  ["outlets-list", "Outlets list"],
  ["outlets-list/outlet-information", "Outlet information"],
  ["outlets-list/edit", "Edit outlet"],
  ["earnings", "Earnings"],
  ["earnings/earnings-details", "Earnings details"],
  ["earnings/earnings-details/pdf-view", "Earnings details PDF"],
  ["offers", "Offers"],
  ["offers/view/:offerSlug", "Offer"],
  ["notifications", "Notifications"],
  ["list-of-invoices", "Invoices"],
  ["list-of-invoices/pdf-view", "Invoice PDF"],
  ["profile/:user_name", "Retailer profile"],
  ["form16", "Form 16"],
  ["pdf-view", "Retailer dashboard PDF"],
]);

const MOBILE: AppRoute[] = [
  ...MOBILE_VIEW_PAGES.flatMap(([page, title]) => mobileViewRoutes(page, title)),
  ...group("/dashboard", "mobile", `${S000}, ${S002}`, [
    ["pp-outlet-details/:slug/:master_id?", "Outlet performance details"],
    ["earnings/pp-outlet-earning/:slug/:master_id?", "Outlet earnings"],
    ["pp-outlet-invoice/:slug/:master_id?", "Outlet invoices"],
    ["pp-performance-statement-project-view/:slug/:master_id?", "Performance statement"],
  ]),
];

const DASHBOARD: AppRoute[] = [
  ...group("/dashboard", "dashboard", S000, [
    ["view-all", "View all"],
    ["my-downloads", "My downloads"],
    ["quick-app-embed", "Quick app"],
    ["manage-spoc", "Manage SPOC"],
    ["profile/:user_name", "Profile"],
  ]),
  ...group("/dashboard/meta", "meta", S000, [
    ["states-list", "States"],
    ["add-state", "Add state"],
    ["edit-state/:slug", "Edit state"],
    ["cities-list", "Cities"],
    ["add-city", "Add city"],
    ["edit-city/:slug", "Edit city"],
    ["merge-cities", "Merge cities"],
    ["cities-list/bulk-upload", "City bulk upload"],
  ]),
  ...group("/dashboard", "verification", S000, [
    ["account-verification", "Account verification"],
    ["secure-account-verification", "Secure account verification"],
    ["upi-payments-verification", "UPI payments verification"],
    ["pan-verification", "PAN verification"],
    ["ifsc-verification", "IFSC verification"],
    ["ifsc-change-verification", "IFSC change verification"],
    ["reverse-geo-coding", "Reverse geo-coding"],
    ["unicorn-image-fetch", "Unicorn image fetch"],
    ["unicorn-image-matching", "Unicorn image matching"],
    ["list-of-unicorns", "Unicorns"],
    ["list-of-unicorns/view/:slug", "Unicorn"],
  ]),
  ...group("/dashboard", "outlets", S000, [
    ["list-of-outlets", "Outlets"],
    ["list-of-outlets/view/:outlet", "Outlet"],
    ["view/:outlet", "Outlet"],
    ["view/:outletSlug/:outletID/:viewType", "Outlet view"],
    ["collected-bill-image-viewer/:workflow_object_id", "Collected bill images"],
    ["invoices", "Invoices"],
    ["survey", "Survey"],
  ]),
  ...group("/dashboard", "allocation", S000, [
    ["calling-allocation-management", "Calling allocation"],
    ["calling-allocation-management/edit", "Edit calling allocation"],
    ["qc-allocation-management", "QC allocation"],
    ["qc-allocation-management/edit", "Edit QC allocation"],
    ["iftu-allocation-management", "IFTU allocation"],
    ["iftu-allocation-management/edit", "Edit IFTU allocation"],
  ]),
  ...group("/dashboard", "reports", S000, [
    ["reports", "Reports"],
    ["client-reports/:outletID/:outletSlug", "Client report"],
    ["client-reports/:outletID/images", "Client report images"],
    ["client-image-reports/:id", "Client image report"],
    ["retail-audit-report", "Retail audit report"],
    ["retail-audit-report/images", "Retail audit report images"],
    ["retail-audit-report/view/:outlet", "Retail audit report outlet"],
    [":reportTitle/:outletID/images", "Report images"],
    ["performance-report", "Performance report"],
    ["performance-report-pdf", "Performance report PDF"],
    ["performance-report-csv", "Performance report CSV"],
    ["mis-report", "MIS report"],
  ]),
  ...group("/dashboard", "payout-tax", S000, [
    ["tds", "TDS"],
    ["tds/tds-reports", "TDS reports"],
    ["form-16-pdf", "Form 16 PDF"],
    ["form-16-csv", "Form 16 CSV"],
    ["form16", "Form 16"],
    ["form16/pan-list", "Form 16 PAN list"],
    ["form16/pan-list/store-detail", "Form 16 store detail"],
    ["manage-payout", "Manage payout"],
  ]),
  ...group("/dashboard", "messaging", S000, [
    ["message", "Messages"],
    ["message/details", "Message details"],
    ["message/summary", "Message summary"],
  ]),
  ...group("/dashboard", "field-tools", `${S000}, ${S002}`, [
    ["field-outlet-recovery", "Outlet field recovery"],
    ["field-app-dump", "Field app dump upload"],
  ]),
];

const ORG = "/dashboard/organization-users-roles";
const ORG_VIEW = `${ORG}/organization-view/:slug`;

const ORG_ADMIN: AppRoute[] = [
  ...group(ORG, "org-admin", S000, [
    ["organization-list", "Organisations"],
    ["organization-creation", "Create organisation"],
    ["organization-update/:slug", "Update organisation"],
    ["organization-view/:slug", "Organisation"],
  ]),
  ...group(ORG_VIEW, "org-admin", S000, [
    ["list-of-offers", "Offers"],
    ["list-of-offers/add-offer", "Add offer"],
    ["list-of-offers/edit-offer/:offerSlug", "Edit offer"],
    ...geographyList("list-of-regions", "Region"),
    ...geographyList("list-of-zones", "Zone"),
    ...geographyList("list-of-territories", "Territory"),
    ["organization-gst-details", "GST details"],
    ["organization-gst-details/creation", "Add GST details"],
    ["roles-list", "Roles"],
    ["role-creation", "Create role"],
    ["role-update/:slug_name", "Update role"],
    ["view-role/:slug_name", "Role"],
    ["user-list", "Users"],
    ["user-list/bulk-upload", "User bulk upload"],
    ["user-list/bulk-update", "User bulk update"],
    ["user-creation", "Create user"],
    ["user-update/:user_name", "Update user"],
    ["view-user/:user_name", "User"],
  ]),
];

const INVOICE_SKU: AppRoute[] = [
  ...group("/dashboard/organization-inovice-sku", "invoice-sku", S000, [
    ...listCreateUpdate("product-families", "Product family"),
    ...listCreateUpdate("categories", "Category"),
    ...listCreateUpdate("sub-categories", "Sub-category"),
    ...listCreateUpdate("brands", "Brand"),
    ...listCreateUpdate("variants", "Variant"),
    ...listCreateUpdate("manufactures", "Manufacturer"),
    ...listCreateUpdate("invoice-headers", "Invoice header"),
    ...listCreateUpdate("invoice-details", "Invoice detail"),
    ["invoice-details/template", "Invoice details template"],
    ["invoice-details/template-update", "Update invoice details template"],
    ["sku-list", "SKUs"],
    ["sku-list/sku-create", "Create SKU"],
    ["sku-list/sku-update/:id", "Update SKU"],
    ["sku-list/bulk-upload", "SKU bulk upload"],
  ]),
  { pattern: "/dashboard/collected-bills-list", area: "invoice-sku", title: "Collected bills", spec: S000 },
];

const PROJECTS_ROOT = "/dashboard/projects";
const SUB_PROJECT = `${PROJECTS_ROOT}/view-list/:projectSlug/view/:slug`;

const PROJECTS: AppRoute[] = [
  ...group(PROJECTS_ROOT, "projects", S000, [
    ["", "Projects"],
    ["notifications", "Project notifications"],
    ["project-creation", "Create project"],
    ["project-update/:slug", "Update project"],
    ["view-list/:projectSlug", "Sub-projects"],
    ["view-list/:projectSlug/creation", "Create sub-project"],
    ["view-list/:projectSlug/update/:slug", "Update sub-project"],
  ]),
  ...group(SUB_PROJECT, "projects", S000, [
    ["", "Sub-project"],
    ["bulk-upload", "Bulk upload"],
    ["list-of-outlets", "Outlets"],
    ["list-of-outlets/view/:outlet", "Outlet"],
    ["program-management", "Programs"],
    ["program-management/add-form", "Add program"],
    ["program-management/edit-form/:programSlug", "Edit program"],
    ["panel-management", "Panels"],
    ["panel-management/add-form", "Add panel"],
    ["panel-management/edit-form/:panelSlug", "Edit panel"],
    ["panel-management/bulk-upload", "Panel bulk upload"],
    ["panel-management/list-of-outlets", "Panel outlets"],
    ["panel-management/view/:outlet", "Panel outlet"],
    ["logic-score", "Logic score"],
    ["logic-score/scoring-parameters", "Scoring parameters"],
    ["logic-score/calculated-parameters", "Calculated parameters"],
    ["logic-score/benchmarks", "Benchmarks"],
    ["logic-score/benchmarks/bulk-upload", "Benchmark bulk upload"],
    ["question-management", "Questions"],
    ["question-management/bulk-upload", "Question bulk upload"],
    ["question-management/sku-questions", "SKU questions"],
    ["question-management/sku-bulk-upload", "SKU question bulk upload"],
    ["outlet-management", "Outlet management"],
    ["outlet-management/outlets/:objectType", "Outlets by type"],
    ["mobile-link-download", "Mobile link download"],
    ["cycle", "Cycle"],
    ["cycle/list-of-outlets", "Cycle outlets"],
    ["cycle/view/:outlet", "Cycle outlet"],
    ["cycle/plot-payout", "Plot payout"],
    ["bulk-kyc", "Bulk KYC"],
    ["bulk-kyc/bulk-upload-images", "Bulk KYC images"],
    ["bulk-kyc/bulk-upload-data-mapping", "Bulk KYC data mapping"],
    ["bulk-field-assign", "Bulk field assign"],
    ["assign-invoice-sku", "Assign invoice SKU"],
    ["assign-invoice-sku/invoice-header", "Invoice headers"],
    ["assign-invoice-sku/invoice-header/creation", "Create invoice header"],
    ["assign-invoice-sku/invoice-sku", "Invoice SKU"],
    ["assign-invoice-sku/invoice-sku-list", "Invoice SKU list"],
    ["assign-invoice-sku/invoice-template-list", "Invoice templates"],
    ["assign-invoice-sku/invoice-sku-create", "Create invoice SKU"],
    ["photo-audit", "Photo audit"],
    ["sku-list/bulk-upload", "SKU bulk upload"],
  ]),
];

const CLIENT_PORTAL_ROOT = `${PROJECTS_ROOT}/client-portal-view`;

const CLIENT_PORTAL: AppRoute[] = [
  ...group(`${CLIENT_PORTAL_ROOT}/:projectSlug`, "client-portal", S000, [
    ["reports", "Client reports"],
    ["reports/:outletId", "Client outlet report"],
    ["reports/:id/images", "Client report images"],
    ["payout", "Client payout"],
    ["payout/cycle", "Client payout cycle"],
    ["list-of-outlets", "Client outlets"],
    ["list-of-outlets/view/:outlet", "Client outlet"],
  ]),
  ...group(`${CLIENT_PORTAL_ROOT}/:slug/manage-kyc`, "client-portal", S000, [
    ["", "Manage KYC"],
    ["list-of-outlets", "KYC outlets"],
    ["view/:outlet", "KYC outlet"],
  ]),
];

const EMYTRACK: AppRoute[] = group("/eMyTrack", "emytrack", S002, [
  ["login", "eMyTrack login"],
  ["verify-otp", "eMyTrack OTP"],
  ["dashboard", "eMyTrack dashboard"],
  ["outlet-add", "Add outlet"],
  ["outlet-detail/:slug", "Outlet detail"],
  ["outlet-survey-listing/:slug", "Outlet surveys"],
  ["pending-list", "Pending"],
  ["rejected-list", "Rejected"],
  ["completed-list", "Completed"],
  ["rsa-form", "RSA form"],
  ["rsa-detail", "RSA detail"],
  ["add-new", "Add new"],
]);

const GAMIFICATION: AppRoute[] = group("/gamification", "gamification", `${S000}, ${S002}`, [
  ["dashboard", "Gamification dashboard"],
  ["view-list/:slug", "Gamification list"],
  ["view-list-all/:slug", "Gamification full list"],
  ["report/:slug", "Gamification report"],
]);

/** The whole catalogue, in the spec's order. */
export const ROUTES: readonly AppRoute[] = [
  ...PUBLIC,
  { pattern: "/dashboard", area: "dashboard", title: "Dashboard", spec: S000 },
  ...RETAILER_ENTRY,
  ...RETAILER,
  ...MOBILE,
  ...DASHBOARD,
  ...ORG_ADMIN,
  ...INVOICE_SKU,
  ...PROJECTS,
  ...CLIENT_PORTAL,
  ...EMYTRACK,
  ...GAMIFICATION,
];

/** The catalogue in matching order, for a router that takes the first match (wouter's Switch). */
export const ROUTES_BY_SPECIFICITY: readonly AppRoute[] = [...ROUTES].sort((a, b) =>
  compareSpecificity(a.pattern, b.pattern),
);

/** The catalogue route a path belongs to, if any. */
export function findRoute(path: string): { route: AppRoute; params: RouteMatch } | null {
  for (const route of ROUTES_BY_SPECIFICITY) {
    const params = matchPattern(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Path rules used at application start

/**
 * Where /retailers (the catalogue's "Retailer portal") leads: a signed-in retailer to their
 * outlets, anyone else to the retailer sign-in.
 */
export function retailerPortalHome(user: { roles: readonly string[] } | null): string {
  return user?.roles.includes("retailer") ? "/retailers/outlets-list" : "/retailers/login";
}

/** Mobile-view pages are opened from a link and skip the user fetch at start (002 §2.1). */
export function isMobileViewPath(path: string): boolean {
  return findRoute(path)?.route.area === "mobile";
}
