/**
 * The role x endpoint matrix: for every API route, the request made and the outcome expected for
 * each caller. A new route fails the matrix test until it has a row here.
 *
 * Field auditors and retailers (who sign in with a one-time code) hold no staff permission.
 *
 * Cells: `ok` (2xx), or the refusal status. 401 = not signed in, 403 = not allowed, 404 = not found
 * for this caller (what another organisation's resource looks like), 400 = allowed through the access
 * check and refused on its input (so the row's body can stay harmless for the allowed roles), 409 =
 * allowed through the access check and refused because of the record's state.
 * A cell other than `ok` that answers 2xx is a leak.
 */

import { isWritable, type ResourceDefinition } from "../../src/domain/admin/resource";
import { RESOURCES } from "../../src/domain/admin/resourceCatalogue";

/**
 * The callers, in the order of a row's cells: anonymous, then each demo account (README).
 * expired.user holds qc-executive (a column already) and gets no session until its password is
 * changed, so it has no column of its own. The capability cases: client.admin is a client
 * organisation's administrator (Acme, project-manager), client.executive a view-only client role,
 * product.owner a role holding only the Machines permission.
 */
export const CALLERS = [
  "anonymous",
  "admin",
  "qc.manager",
  "qc.executive",
  "calling.manager",
  "calling.executive",
  "field.coordinator",
  "field.manager",
  "project.manager",
  "iftu.manager",
  "iftu.executive",
  "client.manager",
  "client.executive",
  "zenith.manager",
  "client.admin",
  "product.owner",
  "auditor.9000000001",
  "retailer.9100000001",
] as const;
/** Callers who sign in with a one-time code, each on its own platform (their sessions are opened there). */
export const OTP_CALLERS: Partial<Record<Caller, string>> = {
  "auditor.9000000001": "my_track",
  "retailer.9100000001": "retailer",
};
export type Caller = (typeof CALLERS)[number];
export const CELLS = ["ok", "400", "401", "403", "404", "409"] as const;
export type Cell = (typeof CELLS)[number];

/** Ids of demo data a request names, looked up once per run. */
export type Fixtures = {
  acmePayoutCycle: number;
  acmeKycCycle: number;
  payoutJob: number;
  payoutFile: number;
  acmeOutletId: number;
  acmeRsid: string;
  zenithRsid: string;
  /** The workflow object and the dealer board image of the Acme outlet. */
  acmeWorkflowObject: number;
  acmeImage: number;
  /** The Acme outlet's first question group (id and slug), one answer of it, and an answer image. */
  acmeGroup: number;
  acmeGroupSlug: string;
  acmeAnswer: number;
  acmeAnswerImage: number;
  /** An accepted retailer master request of an Acme outlet waiting for QC, and its workflow object. */
  acmeRequest: number;
  acmeRequestObject: number;
  /** An outlet assigned to auditor.9000000001, and one assigned to another auditor. */
  auditorRsid: string;
  otherAuditorRsid: string;
  /** An Acme outlet with a retailer: its link slug, one invoice, one target statement and its project's logo. */
  retailerOutlet: { rsid: string; slug: string; invoice: number; statement: number; logo: number };
  /** The outlet of retailer.9100000001 (an invoice, a statement, its project's logo), and another retailer's outlet. */
  ownRetailerOutlet: { rsid: string; invoice: number; statement: number; logo: number };
  otherRetailerRsid: string;
  /** A collected invoice of an Acme outlet. */
  acmeInvoice: number;
  /** The Acme MI sub-project, and a SKU of another organisation's (Zenith's) catalogue. */
  acmeMiSubProject: number;
  zenithSku: number;
  /** Where an Acme project's deck is served. */
  acmeDeck: string;
  /** The address of a record of each administered resource (its first by id, Acme's where it has one). */
  resourceAddress: Readonly<Record<string, string>>;
  /** An Acme retailer's account (it signs in by code), as the users API reads it. */
  codeAccount: { address: string; version: number; values: Record<string, unknown> };
};

export type MatrixRequest = { method: string; path: string; body?: unknown };

export type MatrixRow = {
  /** The route as the app declares it: method and path pattern. */
  route: string;
  /** What this row checks when a route has several rows. */
  variant?: string;
  cells: string;
  request: (f: Fixtures, caller: Caller) => MatrixRequest;
  /** The call ends the caller's session: it runs last, each time on a fresh session. */
  endsSession?: boolean;
  /** Data in a 2xx answer that this caller must not see (a leak even when the status is right). */
  leak?: (body: unknown, f: Fixtures, caller: Caller) => string | null;
};

const get = (path: string) => (): MatrixRequest => ({ method: "GET", path });
const post =
  (path: string, body: unknown = {}) =>
  (): MatrixRequest => ({ method: "POST", path, body });
const results = (body: unknown): Record<string, unknown>[] =>
  ((body as { results?: Record<string, unknown>[] } | null)?.results ?? []) as Record<string, unknown>[];
/** A name per caller, so failures and throttles counted by name do not add up across cells. */
const nameOf = (caller: Caller) => `matrix.${caller}`;
/** A mobile number per caller that belongs to no account. */
const matrixNumber = (caller: Caller) => `+917000000${String(CALLERS.indexOf(caller)).padStart(3, "0")}`;

const payout = (f: Fixtures) => `object=payout_plotting&sub_project=${f.acmePayoutCycle}`;

// Each constant's cells, one per caller:
// anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
const EVERYONE = "401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ";
/** Every staff account holding a permission; field auditors and retailers hold none. */
const STAFF = "401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  403 403";
/** Outlets are read by those holding a permission that grants it: the Machines area alone does not. */
const OUTLET_READERS = "401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  403 403 403";
const OUTLET_READERS_400 = "401 400 400 400 400 400 400 400 400 400 400 400 400 400 400 403 403 403";
const PUBLIC = "ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok ";
const PUBLIC_400 = "400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400";
const MANAGE_USERS = "401 ok  403 403 403 403 403 403 ok  403 403 403 403 403 ok  403 403 403";
const PAYOUT_TEAM = "401 ok  403 403 403 403 403 403 ok  ok  ok  403 403 403 403 403 403 403";
const PAYOUT_TEAM_400 = "401 400 403 403 403 403 403 403 400 400 400 403 403 403 403 403 403 403";
const PAYOUT_TEAM_409 = "401 409 403 403 403 403 403 403 409 409 409 403 403 403 403 403 403 403";
const ADMIN_ONLY = "401 ok  403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403";
/** The field auditor's own area: only field auditors, each their own outlets. */
const FIELD_AUDITOR = "401 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 ok  403";
const OTHER_AUDITOR = "401 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 404 403";
const FIELD_AUDITOR_400 = "401 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 400 403";
/** The field tools: internal field coordinators, field managers and project managers (and admin). */
const FIELD_TOOLS = "401 ok  403 403 403 403 ok  ok  ok  403 403 403 403 403 403 403 403 403";
const FIELD_TOOLS_400 = "401 400 403 403 403 403 400 400 400 403 403 403 403 403 403 403 403 403";
const FIELD_TOOLS_404 = "401 404 403 403 403 403 404 404 404 403 403 403 403 403 403 403 403 403";
const NO_REQUEST = 2147483647;
/** An Acme outlet's data: whoever reads outlets and sees Acme (Zenith's user: not found). */
const ACME_OUTLET = "401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  404 ok  403 403 403";
/** An Acme project's hub and files: every outlet reader that sees Acme (projects show their outlets). */
const ACME_PROJECT = "401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  404 ok  403 403 403";
/** A retailer's link read without the token it is bound to: refused to everyone, signed in or not. */
/** The signed-in retailer's own outlets: only retailers, each their own. */
const RETAILER_OWN = "401 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 ok ";
const RETAILER_OWN_400 = "401 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 400";
const OTHER_RETAILER = "401 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 404";
/** Resetting a retailer's link: QC managers (and admin); the row's empty body is refused as input. */
const RESET_MOBILE_LINK_400 = "401 400 400 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403";
const UNBOUND_LINK = "403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403 403";

// The administered resources (docs/admin.md, docs/security.md). Reading and writing them takes the
// project manager's dashboard permission (admin, project.manager, client.admin); a client
// organisation's administrator sees and changes only what belongs to an organisation, not the
// internal set-up or the records every organisation shares. Write cells show the allowed callers'
// answer to a harmless request: 400 for an empty body, 404 for a record that does not exist.
//                       anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
/** Read by the dashboard's holders, a client's administrator included. */
const ADMIN_READ = "401 ok  403 403 403 403 403 403 ok  403 403 403 403 403 ok  403 403 403";
/** Read by the internal organisation's holders only (a project's invoice and SKU set-up). */
const INTERNAL_READ = "401 ok  403 403 403 403 403 403 ok  403 403 403 403 403 403 403 403 403";
/** Who runs the retail audit report (src/domain/reports/reportCatalogue.ts): QC and project managers, the client's managers. */
const REPORT_READERS = "401 ok  ok  403 403 403 403 403 ok  403 403 ok  ok  ok  ok  403 403 403";
/** The same on Acme's records: Zenith's manager finds none. */
const ACME_REPORT = "401 ok  ok  403 403 403 403 403 ok  403 403 ok  ok  404 ok  403 403 403";
/** Who runs the performance report: project managers, the payout team's manager, the client's managers. */
const PERFORMANCE_READERS = "401 ok  403 403 403 403 403 403 ok  ok  403 ok  ok  ok  ok  403 403 403";
/** Who runs the MIS report: the readers of either report above. */
const MIS_READERS = "401 ok  ok  403 403 403 403 403 ok  ok  403 ok  ok  ok  ok  403 403 403";
/** Acme's users who see only Acme's records. */
const ACME_CLIENTS: readonly Caller[] = ["client.manager", "client.executive", "client.admin"];
/** Written by the dashboard's holders, a client's administrator included (its own organisation's records). */
const CLIENT_WRITE = {
  input: "401 400 403 403 403 403 403 403 400 403 403 403 403 403 400 403 403 403",
  missing: "401 404 403 403 403 403 403 403 404 403 403 403 403 403 404 403 403 403",
};
/** Written by the internal organisation's holders only (shared records and internal set-up). */
const INTERNAL_WRITE = {
  input: "401 400 403 403 403 403 403 403 400 403 403 403 403 403 403 403 403 403",
  missing: "401 404 403 403 403 403 403 403 404 403 403 403 403 403 403 403 403 403",
};
/** Setting a project up: the dashboard's holders (a sub-project that does not exist is a 404). */
const SET_UP_PROJECT_404 = "401 404 403 403 403 403 403 403 404 403 403 403 403 403 404 403 403 403";

type ResourceCells = { read: string; write?: { input: string; missing: string } };

/**
 * Each administered resource's expected cells, written out rather than computed from the permission
 * lists the server enforces. A resource of the catalogue without its entry here (or a writable one
 * without write cells) fails the matrix.
 */
const RESOURCE_CELLS: Readonly<Record<string, ResourceCells>> = {
  // Organisations and their structure: the kind of an organisation is the internal one's to set.
  organisations: { read: ADMIN_READ, write: INTERNAL_WRITE },
  regions: { read: ADMIN_READ, write: CLIENT_WRITE },
  zones: { read: ADMIN_READ, write: CLIENT_WRITE },
  territories: { read: ADMIN_READ, write: CLIENT_WRITE },
  "gst-details": { read: ADMIN_READ, write: CLIENT_WRITE },
  offers: { read: ADMIN_READ, write: CLIENT_WRITE },
  // Access: permissions are fixed; roles are shared by every organisation.
  permissions: { read: ADMIN_READ },
  roles: { read: ADMIN_READ, write: INTERNAL_WRITE },
  users: { read: ADMIN_READ, write: CLIENT_WRITE },
  // Geography, shared by every organisation.
  states: { read: ADMIN_READ, write: INTERNAL_WRITE },
  cities: { read: ADMIN_READ, write: INTERNAL_WRITE },
  // The product catalogue and invoice set-up, each organisation's own.
  "product-families": { read: ADMIN_READ, write: CLIENT_WRITE },
  categories: { read: ADMIN_READ, write: CLIENT_WRITE },
  "sub-categories": { read: ADMIN_READ, write: CLIENT_WRITE },
  manufacturers: { read: ADMIN_READ, write: CLIENT_WRITE },
  brands: { read: ADMIN_READ, write: CLIENT_WRITE },
  variants: { read: ADMIN_READ, write: CLIENT_WRITE },
  skus: { read: ADMIN_READ, write: CLIENT_WRITE },
  "invoice-headers": { read: ADMIN_READ, write: CLIENT_WRITE },
  "invoice-details": { read: ADMIN_READ, write: CLIENT_WRITE },
  "invoice-templates": { read: ADMIN_READ, write: CLIENT_WRITE },
  // Projects: a client's administrator adds projects; sub-projects, programs and panels are set up internally.
  projects: { read: ADMIN_READ, write: CLIENT_WRITE },
  "sub-projects": { read: ADMIN_READ, write: INTERNAL_WRITE },
  programs: { read: ADMIN_READ, write: INTERNAL_WRITE },
  // Single points of contact: each organisation's own, as its projects.
  spocs: { read: ADMIN_READ, write: CLIENT_WRITE },
  panels: { read: ADMIN_READ, write: INTERNAL_WRITE },
  // Questions are read-only here.
  questions: { read: ADMIN_READ },
  "sku-questions": { read: ADMIN_READ },
  // A project's invoice and SKU set-up: the internal organisation's only.
  "sku-template-fields": { read: INTERNAL_READ, write: INTERNAL_WRITE },
  "sub-project-skus": { read: INTERNAL_READ, write: INTERNAL_WRITE },
  "catalogue-skus": { read: INTERNAL_READ },
  "project-invoice-headers": { read: INTERNAL_READ, write: INTERNAL_WRITE },
  "project-invoice-templates": { read: INTERNAL_READ },
  // A sub-project's logic scoring setup: the internal organisation's only, as the invoice setup.
  "scoring-parameter-groups": { read: INTERNAL_READ, write: INTERNAL_WRITE },
  "scoring-questions": { read: INTERNAL_READ },
  "scoring-parameters": { read: INTERNAL_READ, write: INTERNAL_WRITE },
  "calculated-parameters": { read: INTERNAL_READ, write: INTERNAL_WRITE },
  "scoring-benchmarks": { read: INTERNAL_READ },
};

function resourceCells(def: ResourceDefinition): ResourceCells {
  const cells = RESOURCE_CELLS[def.name];
  if (!cells)
    throw new Error(`The matrix has no cells for the resource ${def.name}: add them to RESOURCE_CELLS`);
  if (isWritable(def) !== Boolean(cells.write))
    throw new Error(`The matrix's write cells for ${def.name} do not match whether it is writable`);
  return cells;
}

/**
 * The administered resources' routes, one set per definition with the cells of RESOURCE_CELLS: each read answers its
 * readers, and each write is let through its access check by a harmless request (an empty body is
 * a 400, a record that does not exist a 404).
 */
function resourceRows(def: ResourceDefinition): MatrixRow[] {
  const base = `/api/admin/${def.name}/`;
  const one = (f: Fixtures) => `${base}${f.resourceAddress[def.name]}/`;
  const missing = `${base}${def.addressBy === "id" ? "2147483647" : "no-such-record"}/`;
  const { read, write } = resourceCells(def);
  const rows: MatrixRow[] = [
    { route: `GET ${base}`, variant: def.name, cells: read, request: get(base) },
    { route: `GET ${base}options/`, cells: read, request: get(`${base}options/`) },
    {
      route: `GET ${base}:address/`,
      cells: read,
      request: (f) => get(one(f))(),
    },
  ];
  if (!write) return rows;
  return [
    ...rows,
    {
      route: `POST ${base}`,
      variant: "no values",
      cells: write.input,
      request: post(base, { values: {} }),
    },
    {
      route: `PUT ${base}:address/`,
      variant: "no values or version",
      cells: write.input,
      request: (f) => ({ method: "PUT", path: one(f), body: {} }),
    },
    {
      route: `DELETE ${base}:address/`,
      variant: "a record that does not exist",
      cells: write.missing,
      request: () => ({ method: "DELETE", path: missing }),
    },
  ];
}

export const MATRIX: readonly MatrixRow[] = [
  // Collected bills (docs/invoices.md): outlet readers read; writes pass the outlet-writer check and
  // are then refused on their input (each writer's edit permission is asked per outlet, after).
  {
    route: "GET /api/invoice-data/",
    variant: "an Acme outlet's invoices: another organisation's is not found",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/invoice-data/?workflow_object=${f.acmeWorkflowObject}&no-pagination`)(),
  },
  {
    route: "GET /api/invoice-images/:id/",
    variant: "an image no invoice has",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 404 404 404 404 404 404 404 404 404 404 404 404 404 404 403 403 403",
    request: get(`/api/invoice-images/${NO_REQUEST}/`),
  },
  {
    route: "POST /api/invoices/",
    variant: "an empty body: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: post("/api/invoices/", {}),
  },
  {
    route: "PATCH /api/invoices/:id/",
    variant: "an empty body: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: () => ({ method: "PATCH", path: "/api/invoices/1/", body: {} }),
  },
  {
    route: "PUT /api/invoices/:id/header-answers/",
    variant: "an empty body: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: () => ({ method: "PUT", path: "/api/invoices/1/header-answers/", body: {} }),
  },
  {
    route: "POST /api/invoices/:id/header-lookup/",
    variant: "an empty body: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: post("/api/invoices/1/header-lookup/", {}),
  },
  {
    route: "GET /api/new-sku-data/",
    variant: "an Acme outlet's invoices with their SKU rows: another organisation's is not found",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/new-sku-data/?workflow_object=${f.acmeWorkflowObject}&no-pagination`)(),
  },
  {
    route: "GET /api/invoices/:id/sku-data/",
    variant: "an Acme outlet's invoice with its SKU rows: another organisation's user finds none",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/invoices/${f.acmeInvoice}/sku-data/`)(),
  },
  {
    route: "PUT /api/invoices/:id/sku-data/",
    variant: "an empty body: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: () => ({ method: "PUT", path: "/api/invoices/1/sku-data/", body: {} }),
  },
  {
    route: "DELETE /api/invoice-sku-rows/:id/",
    variant: "an empty body: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: () => ({ method: "DELETE", path: "/api/invoice-sku-rows/1/", body: {} }),
  },
  {
    route: "POST /api/invoice-sku-rows/export/",
    variant: "an empty body: outlet readers reach the input check",
    cells: OUTLET_READERS_400,
    request: post("/api/invoice-sku-rows/export/", {}),
  },
  {
    route: "GET /api/collected-bills/",
    cells: OUTLET_READERS,
    request: get("/api/collected-bills/"),
  },
  {
    route: "GET /api/collected-bills/filter-options/",
    cells: OUTLET_READERS,
    request: get("/api/collected-bills/filter-options/"),
  },
  {
    route: "GET /api/invoices/",
    cells: OUTLET_READERS,
    request: get("/api/invoices/?invoice_date_after=2026-01-01&invoice_date_before=2026-01-20"),
  },
  // Public: health, configuration, sign-in and forgotten passwords.
  { route: "GET /api/health/", cells: PUBLIC, request: get("/api/health/") },
  { route: "GET /api/config/", cells: PUBLIC, request: get("/api/config/") },
  {
    route: "POST /api/auth/login/",
    cells: PUBLIC_400,
    request: (_, caller) => post("/api/auth/login/", { login_username: nameOf(caller), password: "wrong" })(),
  },
  // One-time-code sign-in: a number of the caller's own, unknown, so each call counts apart.
  {
    route: "POST /api/auth/otp/send/",
    cells: PUBLIC,
    request: (_, caller) =>
      post("/api/auth/otp/send/", {
        login_username: matrixNumber(caller),
        method_of_login: "phone_otp",
        purpose: "user_login",
        platform: "my_track",
      })(),
  },
  {
    route: "POST /api/auth/otp/verify/",
    variant: "a code in clear text",
    cells: PUBLIC_400,
    request: (_, caller) =>
      post("/api/auth/otp/verify/", {
        login_username: matrixNumber(caller),
        method_of_login: "phone_otp",
        password: "000000",
        platform: "my_track",
      })(),
  },
  {
    route: "POST /api/auth/forgot/send-code/",
    cells: PUBLIC,
    request: (_, caller) => post("/api/auth/forgot/send-code/", { login_username: nameOf(caller) })(),
  },
  {
    route: "POST /api/auth/forgot/verify-code/",
    cells: PUBLIC_400,
    request: (_, caller) =>
      post("/api/auth/forgot/verify-code/", { login_username: nameOf(caller), code: "000000" })(),
  },
  {
    route: "POST /api/auth/forgot/change-password/",
    cells: PUBLIC_400,
    request: (_, caller) =>
      post("/api/auth/forgot/change-password/", {
        login_username: nameOf(caller),
        reset_token: "x",
        new_password: "Fresh@2026x",
        confirm_password: "Fresh@2026x",
      })(),
  },
  {
    route: "POST /api/auth/password-expiry/change/",
    cells: PUBLIC_400,
    request: (_, caller) =>
      post("/api/auth/password-expiry/change/", {
        login_username: nameOf(caller),
        old_password: "wrong",
        new_password: "Fresh@2026x",
        confirm_password: "Fresh@2026x",
      })(),
  },
  // The development outbox is a demo-mode page (codes a gateway would send); production answers 404
  // (checked by its own test). In demo mode only an admin, or a browser on the server's own machine
  // (not reachable through these in-process calls), may read it.
  {
    route: "GET /api/dev/outbox/",
    variant: "demo mode",
    cells: ADMIN_ONLY,
    request: get("/api/dev/outbox/"),
  },
  { route: "GET /dev/outbox", variant: "demo mode", cells: ADMIN_ONLY, request: get("/dev/outbox") },

  // The signed-in user and sessions.
  {
    route: "GET /api/auth/info/",
    cells: EVERYONE,
    request: get("/api/auth/info/"),
    leak: (body, _, caller) => {
      const username = (body as { user_details?: { username?: string } }).user_details?.username;
      return username === caller ? null : `info names ${username}`;
    },
  },
  { route: "POST /api/auth/logout/", cells: EVERYONE, request: post("/api/auth/logout/"), endsSession: true },
  {
    route: "POST /api/auth/logout/all/",
    cells: EVERYONE,
    request: post("/api/auth/logout/all/"),
    endsSession: true,
  },

  // The profile: staff see and end their own other sessions and change their own password.
  { route: "GET /api/auth/sessions/", cells: STAFF, request: get("/api/auth/sessions/") },
  {
    route: "POST /api/auth/sessions/end-others/",
    cells: STAFF,
    request: post("/api/auth/sessions/end-others/"),
  },
  {
    route: "POST /api/auth/password/change/",
    variant: "no passwords given",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 400 400 400 400 400 400 400 400 400 400 400 400 403 403",
    request: post("/api/auth/password/change/"),
  },

  // Users, roles and permissions: admins and project managers.
  { route: "GET /api/auth/users/", cells: MANAGE_USERS, request: get("/api/auth/users/") },
  { route: "GET /api/auth/roles/", cells: MANAGE_USERS, request: get("/api/auth/roles/") },
  { route: "GET /api/auth/permissions/", cells: MANAGE_USERS, request: get("/api/auth/permissions/") },

  // Outlets: internal staff see every organisation's, a client user only its own.
  {
    route: "GET /api/outlets/",
    cells: OUTLET_READERS,
    request: get("/api/outlets/?page-size=500"),
    leak: (body, f, caller) => {
      const rsids = results(body).map((o) => o.rsid);
      if (caller === "zenith.manager" && rsids.includes(f.acmeRsid)) return "Acme outlet listed";
      if (caller.startsWith("client.") && rsids.includes(f.zenithRsid)) return "Zenith outlet listed";
      return null;
    },
  },
  {
    route: "GET /api/outlets/filter-options/",
    cells: OUTLET_READERS,
    request: get("/api/outlets/filter-options/"),
  },
  {
    route: "GET /api/outlets/list-scope/",
    variant: "an Acme sub-project: another organisation's scope is not found",
    cells: ACME_OUTLET,
    request: get("/api/outlets/list-scope/?sub_project=acme-3p-payout-cycle-1"),
  },
  {
    route: "GET /api/outlets/actions-config/",
    cells: OUTLET_READERS,
    request: get("/api/outlets/actions-config/"),
  },
  { route: "GET /api/outlets/summary/", cells: OUTLET_READERS, request: get("/api/outlets/summary/") },
  // Projects: cards, notifications and the sub-project hub, each scoped to the caller's organisation.
  {
    route: "GET /api/projects/",
    cells: OUTLET_READERS,
    request: get("/api/projects/?page-size=50"),
    leak: (body, _, caller) => {
      const slugs = results(body).map((p) => String(p.slug));
      if (caller === "zenith.manager" && slugs.some((s) => s.startsWith("acme-")))
        return "Acme project listed";
      if (caller.startsWith("client.") && slugs.some((s) => s.startsWith("zenith-")))
        return "Zenith project listed";
      return null;
    },
  },
  {
    route: "GET /api/projects/notifications/",
    cells: OUTLET_READERS,
    request: get("/api/projects/notifications/?page-size=50"),
    leak: (body, _, caller) => {
      const projects = results(body).map((n) => String(n.project));
      if (caller === "zenith.manager" && projects.some((s) => s.startsWith("acme-")))
        return "Acme notification listed";
      return null;
    },
  },
  {
    route: "POST /api/projects/notifications/read/",
    variant: "no ids",
    cells: OUTLET_READERS_400,
    request: post("/api/projects/notifications/read/", { ids: [] }),
  },
  {
    route: "GET /api/projects/:projectSlug/sub-projects/:slug/",
    variant: "an Acme sub-project: another organisation's is not found",
    cells: ACME_PROJECT,
    request: get("/api/projects/acme-3p-payout/sub-projects/acme-3p-payout-main/"),
  },
  // View all: every staff member's own upload notifications, with the project notifications of the
  // projects they see when they read outlets.
  { route: "GET /api/notifications/", cells: STAFF, request: get("/api/notifications/") },
  {
    route: "GET /api/projects/:projectSlug/sub-projects/:slug/outlet-management/",
    variant: "an Acme sub-project's outlet kinds: another organisation's is not found",
    cells: ACME_PROJECT,
    request: get("/api/projects/acme-3p-payout/sub-projects/acme-3p-payout-main/outlet-management/"),
  },
  {
    route: "GET /api/projects/:slug/files/:field/:fileId/",
    variant: "an Acme project's deck: another organisation's project is not found",
    cells: ACME_PROJECT,
    request: (f) => get(f.acmeDeck)(),
  },
  {
    route: "POST /api/projects/:projectSlug/sub-projects/:slug/mobile-links/export/",
    variant: "a sub-project that does not exist: the access check answers before the look",
    cells: SET_UP_PROJECT_404,
    request: post("/api/projects/acme-3p-payout/sub-projects/no-such-sub-project/mobile-links/export/", {}),
  },
  {
    route: "GET /api/outlets/chain/",
    cells: OUTLET_READERS,
    request: (f) => get(`/api/outlets/chain/?ids=${f.acmeOutletId}`)(),
    leak: (body, _, caller) =>
      caller === "zenith.manager" && results(body).length > 0 ? "chain of an Acme outlet" : null,
  },
  {
    route: "GET /api/outlets/:slug/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/outlets/${f.acmeRsid}/`)(),
  },
  {
    route: "GET /api/outlets/qc-edit-history/:workflowObject/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/outlets/qc-edit-history/${f.acmeWorkflowObject}/`)(),
  },
  {
    route: "GET /api/outlets/:slug/score/",
    variant: "an Acme outlet's score: another organisation's is not found",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/outlets/${f.acmeRsid}/score/`)(),
  },
  {
    route: "GET /api/reports/cycles/",
    variant: "the retail audit cycles: a client sees its own organisation's only",
    cells: REPORT_READERS,
    request: get("/api/reports/cycles/"),
    leak: (body, _, caller) => {
      const slugs = results(body).map((r) => String(r.slug));
      if (caller === "zenith.manager" && slugs.some((s) => s.startsWith("acme-"))) return "an Acme cycle";
      if (ACME_CLIENTS.includes(caller) && slugs.some((s) => s.startsWith("zenith-")))
        return "a Zenith cycle";
      return null;
    },
  },
  {
    route: "GET /api/reports/retail-audit/",
    variant: "Acme's cycle: another organisation's is not found",
    cells: ACME_REPORT,
    request: get("/api/reports/retail-audit/?cycle=acme-retail-audit-cycle-1"),
  },
  {
    route: "GET /api/reports/retail-audit/images/",
    variant: "Acme's cycle's images: another organisation's are not found",
    cells: ACME_REPORT,
    request: get("/api/reports/retail-audit/images/?cycle=acme-retail-audit-cycle-1"),
  },
  {
    route: "GET /api/reports/outlets/:id/",
    variant: "an Acme outlet's report: another organisation's is not found",
    cells: ACME_REPORT,
    request: (f) => get(`/api/reports/outlets/${f.acmeOutletId}/`)(),
  },
  {
    route: "GET /api/reports/performance/",
    variant: "an Acme outlet's statements: none for another organisation",
    cells: PERFORMANCE_READERS,
    request: (f) => get(`/api/reports/performance/?search=${f.retailerOutlet.rsid}`)(),
    leak: (body, _, caller) =>
      caller === "zenith.manager" && results(body).length > 0 ? "an Acme outlet's statements" : null,
  },
  {
    route: "GET /api/reports/mis/",
    variant: "the sub-projects' figures: a client sees its own organisation's only",
    cells: MIS_READERS,
    request: get("/api/reports/mis/"),
    leak: (body, _, caller) => {
      const orgs = results(body).map((r) => String(r.organisation));
      if (caller === "zenith.manager" && orgs.includes("Acme Beverages")) return "Acme's figures";
      if (ACME_CLIENTS.includes(caller) && orgs.some((o) => o !== "Acme Beverages"))
        return "another's figures";
      return null;
    },
  },
  {
    route: "POST /api/reports/mis/export/",
    variant: "a period that is not a month: the access check answers first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 403 403 403 403 403 400 400 403 400 400 400 400 403 403 403",
    request: post("/api/reports/mis/export/", { period: "November" }),
  },
  {
    route: "POST /api/reports/performance/export/",
    variant: "a format the report has not: the access check answers first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 403 403 403 403 403 403 400 400 403 400 400 400 400 403 403 403",
    request: post("/api/reports/performance/export/", { format: "xls" }),
  },
  {
    route: "GET /api/outlets/similar/:id/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/outlets/similar/${f.acmeOutletId}/`)(),
  },
  {
    route: "GET /api/outlets/gallery/:id/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/outlets/gallery/${f.acmeOutletId}/`)(),
  },
  {
    route: "GET /api/outlets/:slug/images/:id/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/outlets/${f.acmeRsid}/images/${f.acmeImage}/`)(),
  },
  {
    route: "POST /api/outlets/:slug/action/",
    variant: "a bad action: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 404 400 403 403 403",
    request: (f) => post(`/api/outlets/${f.acmeRsid}/action/`, { action_to_perform: "approve" })(),
  },
  {
    route: "POST /api/outlets/:slug/action/",
    variant: "accept on an outlet waiting for QC with no edit pending: QC may decide, nothing to decide",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 403 409 409 403 403 403 403 403 403 403 403 403 404 403 403 403 403",
    request: (f) => post(`/api/outlets/${f.acmeRsid}/action/`, { action_to_perform: "accept" })(),
  },
  // Survey Details (001 §7, 002 §7): reads as the outlet; the update call and Refresh QC data
  // check the caller's role against the outlet's state (the Acme outlet waits for QC).
  {
    route: "GET /api/survey/question-groups/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/survey/question-groups/?workflow_object=${f.acmeWorkflowObject}`)(),
  },
  {
    route: "GET /api/survey/answers/",
    cells: ACME_OUTLET,
    request: (f) =>
      get(
        `/api/survey/answers/?filter_answers=true&related_answers__workflow_object=${f.acmeWorkflowObject}&question_group=${f.acmeGroup}&no-pagination`,
      )(),
  },
  {
    route: "GET /api/survey/question-groups/:slug/answer-linked-images/",
    cells: ACME_OUTLET,
    request: (f) =>
      get(
        `/api/survey/question-groups/${f.acmeGroupSlug}/answer-linked-images/?related_answers__workflow_object=${f.acmeWorkflowObject}`,
      )(),
  },
  {
    route: "GET /api/survey/images/",
    cells: ACME_OUTLET,
    request: (f) =>
      get(`/api/survey/images/?outlet=${f.acmeOutletId}&all_survey_images=true&no-pagination`)(),
  },
  {
    route: "GET /api/survey/overview/",
    cells: OUTLET_READERS,
    request: get("/api/survey/overview/"),
  },
  {
    route: "GET /api/survey/answer-images/:id/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/survey/answer-images/${f.acmeAnswerImage}/`)(),
  },
  {
    route: "POST /api/update/",
    variant: "an unknown object type: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: post("/api/update/", { object_type: "outlets", data_to_update: {} }),
  },
  {
    route: "POST /api/update/",
    variant: "a save made on a stale answer: QC may edit in qc_pending, the version is old",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 403 409 409 403 403 403 403 403 403 403 403 403 404 403 403 403 403",
    request: (f) =>
      post("/api/update/", {
        object_type: "answers",
        data_to_create: null,
        data_to_update: { [f.acmeAnswer]: { single_input: "Stale Shop", version: 999 } },
      })(),
  },
  {
    route: "POST /api/update/",
    variant: "a calling tracker reason (001 §6: the calling executive only) on a tracker that does not exist",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 403 403 403 403 404 403 403 403 403 403 403 403 403 403 403 403 403",
    request: post("/api/update/", {
      object_type: "workflow_calling_tracker",
      data_to_create: null,
      data_to_update: { "999999999": { phone_number: "9876543210", reason: "call_successful" } },
    }),
  },
  // The calling desk (001 §6, §7): the tracker list is the calling executive's.
  {
    route: "GET /api/workflow/calling-trackers/",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 403 403 403 403 ok  403 403 403 403 403 403 403 403 403 403 403 403",
    request: (f) => get(`/api/workflow/calling-trackers/?linked_outlets=${f.acmeOutletId}`)(),
  },
  {
    route: "POST /api/outlets/:slug/refresh-qc-data/",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 403 ok  ok  403 403 403 403 403 403 403 403 403 404 403 403 403 403",
    request: (f) => post(`/api/outlets/${f.acmeRsid}/refresh-qc-data/`)(),
  },
  // Retailer edits (001 §7, 000 §7.2): reads as the outlet; the decision, the outlet edit and the
  // proof image upload check the caller's role against the outlet's state.
  {
    route: "GET /api/retailer-requests/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/retailer-requests/?workflow_object=${f.acmeRequestObject}`)(),
  },
  {
    route: "GET /api/retailer-requests/pending/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/retailer-requests/pending/?workflow_object=${f.acmeRequestObject}`)(),
  },
  {
    route: "GET /api/retailer-requests/:id/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/retailer-requests/${f.acmeRequest}/?workflow_object=${f.acmeRequestObject}`)(),
  },
  {
    route: "POST /api/retailer-requests/decision/",
    variant: "an unknown decision: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: (f) =>
      post("/api/retailer-requests/decision/", { request_id: f.acmeRequest, status: "maybe" })(),
  },
  {
    route: "POST /api/retailer-requests/decision/",
    variant: "accept a request already accepted, on an outlet waiting for QC: QC may decide, it is decided",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 403 409 409 403 403 403 403 403 403 403 403 403 404 403 403 403 403",
    request: (f) =>
      post("/api/retailer-requests/decision/", { request_id: f.acmeRequest, status: "accepted" })(),
  },
  {
    route: "PATCH /api/outlets/:slug/",
    variant: "no edited fields: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: (f) => ({ method: "PATCH", path: `/api/outlets/${f.acmeRsid}/`, body: { data: null } }),
  },
  {
    route: "POST /api/common/images/",
    variant: "no image: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: post("/api/common/images/"),
  },
  {
    route: "POST /api/common/files/",
    variant: "no file",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: OUTLET_READERS_400,
    request: post("/api/common/files/"),
  },
  {
    route: "POST /api/outlets/bulk-action/",
    variant: "empty request: the access check comes first",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 400 403 400 400 400 400 400 400 400 403 400 400 403 403 403",
    request: post("/api/outlets/bulk-action/"),
  },

  // Field tools: lookups, field app dumps and outlet field recovery (docs/field-tools.md).
  { route: "GET /api/field-tools/projects/", cells: FIELD_TOOLS, request: get("/api/field-tools/projects/") },
  // Gamification: the field-tools staff, over Retail Scan's own auditors.
  {
    route: "GET /api/gamification/dashboard/",
    cells: FIELD_TOOLS,
    request: get("/api/gamification/dashboard/"),
  },
  {
    route: "GET /api/gamification/programs/:slug/",
    cells: FIELD_TOOLS,
    request: get("/api/gamification/programs/2-retailer-loyalty/"),
  },
  {
    route: "GET /api/gamification/programs/:slug/events/",
    cells: FIELD_TOOLS,
    request: get("/api/gamification/programs/2-retailer-loyalty/events/"),
  },
  {
    route: "GET /api/gamification/auditors/:slug/",
    cells: FIELD_TOOLS,
    request: get("/api/gamification/auditors/1-aarav-sharma/"),
  },
  {
    route: "GET /api/field-tools/sub-projects/",
    cells: FIELD_TOOLS,
    request: get("/api/field-tools/sub-projects/?project_id=1"),
  },
  {
    route: "GET /api/field-tools/auditors/",
    cells: FIELD_TOOLS,
    request: get("/api/field-tools/auditors/?sub_project_id=1"),
  },
  {
    route: "POST /api/lookups/objects/",
    cells: FIELD_TOOLS,
    request: post("/api/lookups/objects/", { objects: ["workflow_field_auditors"] }),
  },
  {
    route: "POST /api/lookups/objects/",
    variant: "the payout list's filter options (Payout Details): every outlet reader, their own payouts",
    cells: OUTLET_READERS,
    request: post("/api/lookups/objects/", {
      objects: ["programs", "workflow_object_client_payout_months", "workflow_object_rs_payout_months"],
    }),
  },
  { route: "GET /api/field-app-dumps/", cells: FIELD_TOOLS, request: get("/api/field-app-dumps/") },
  {
    route: "POST /api/field-app-dumps/",
    variant: "no file: the access check comes first",
    cells: FIELD_TOOLS_400,
    request: post("/api/field-app-dumps/"),
  },
  { route: "GET /api/outlet-recovery/", cells: FIELD_TOOLS, request: get("/api/outlet-recovery/") },
  {
    route: "POST /api/outlet-recovery/",
    variant: "no fields: the access check comes first",
    cells: FIELD_TOOLS_400,
    request: post("/api/outlet-recovery/"),
  },
  {
    route: "POST /api/outlet-recovery/:id/confirm/",
    variant: "a request that does not exist",
    cells: FIELD_TOOLS_404,
    request: post(`/api/outlet-recovery/${NO_REQUEST}/confirm/`),
  },
  {
    route: "POST /api/outlet-recovery/:id/cancel/",
    variant: "a request that does not exist",
    cells: FIELD_TOOLS_404,
    request: post(`/api/outlet-recovery/${NO_REQUEST}/cancel/`),
  },
  {
    route: "POST /api/outlet-recovery/:id/report/",
    variant: "a request that does not exist",
    cells: FIELD_TOOLS_404,
    request: post(`/api/outlet-recovery/${NO_REQUEST}/report/`),
  },

  // Bulk uploads of a payout type: the payout team only, never client users.
  {
    route: "GET /api/bulk/upload/help/",
    cells: PAYOUT_TEAM,
    request: (f) => get(`/api/bulk/upload/help/?${payout(f)}`)(),
  },
  {
    route: "GET /api/bulk/upload/sample/",
    cells: PAYOUT_TEAM,
    request: (f) => get(`/api/bulk/upload/sample/?${payout(f)}`)(),
  },
  {
    route: "GET /api/bulk/upload/sub-projects/",
    cells: PAYOUT_TEAM,
    request: () => get("/api/bulk/upload/sub-projects/?object=payout_plotting")(),
  },
  {
    route: "GET /api/bulk/upload/",
    variant: "payout type",
    cells: PAYOUT_TEAM,
    request: (f) => get(`/api/bulk/upload/?objects_type=payout_plotting&sub_project=${f.acmePayoutCycle}`)(),
  },
  {
    route: "GET /api/bulk/upload/",
    variant: "client type in Acme: its client manager yes, the other client's no",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 ok  403 403 403 403 403 403 ok  403 403 ok  403 404 ok  403 403 403",
    request: (f) => get(`/api/bulk/upload/?objects_type=kyc_contact&sub_project=${f.acmeKycCycle}`)(),
  },
  {
    route: "GET /api/bulk/upload/:id/",
    cells: PAYOUT_TEAM,
    request: (f) => get(`/api/bulk/upload/${f.payoutJob}/?object=payout_plotting`)(),
  },
  {
    route: "POST /api/bulk/upload/",
    variant: "no file: the access check comes first",
    cells: PAYOUT_TEAM_400,
    request: (f) => post(`/api/bulk/upload/?${payout(f)}`)(),
  },
  {
    route: "POST /api/bulk/upload/:id/activate/",
    variant: "an applied job cannot be confirmed again",
    cells: PAYOUT_TEAM_409,
    request: (f) => post(`/api/bulk/upload/${f.payoutJob}/activate/?object=payout_plotting`)(),
  },
  {
    route: "POST /api/bulk/upload/:id/cancel/",
    variant: "an applied job cannot be cancelled",
    cells: PAYOUT_TEAM_409,
    request: (f) => post(`/api/bulk/upload/${f.payoutJob}/cancel/?object=payout_plotting`)(),
  },
  {
    route: "GET /api/bulk/upload/:id/get-icici-upi-activation-info/",
    variant: "a job of another type is not found",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 404 403 403 403 403 403 403 404 404 404 403 403 403 403 403 403 403",
    request: (f) =>
      get(
        `/api/bulk/upload/${f.payoutJob}/get-icici-upi-activation-info/?object=icici_upi_account_payment_tracker`,
      )(),
  },

  // Stored files and My Downloads.
  {
    route: "GET /api/files/:id/:name",
    variant: "a payout upload's file",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 ok  404 404 404 404 404 404 ok  ok  ok  404 404 404 404 404 403 403",
    request: (f) => get(`/api/files/${f.payoutFile}/november_payouts.xlsx`)(),
  },
  // The field auditor's own area: only field auditors, each their own outlets.
  {
    route: "GET /api/my-track/outlets/summary/",
    cells: FIELD_AUDITOR,
    request: get("/api/my-track/outlets/summary/"),
  },
  {
    route: "GET /api/my-track/outlets/",
    variant: "searching for another auditor's outlet",
    cells: FIELD_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/?list=pending&search=${f.otherAuditorRsid}`)(),
    leak: (body) => (results(body).length > 0 ? "another auditor's outlet listed" : null),
  },
  {
    route: "GET /api/my-track/outlets/:slug/",
    variant: "the auditor's own outlet",
    cells: FIELD_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/${f.auditorRsid}/`)(),
  },
  {
    route: "GET /api/my-track/outlets/:slug/",
    variant: "another auditor's outlet",
    cells: OTHER_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/${f.otherAuditorRsid}/`)(),
  },
  {
    route: "GET /api/my-track/outlets/:slug/surveys/",
    variant: "the auditor's own outlet",
    cells: FIELD_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/${f.auditorRsid}/surveys/`)(),
  },
  {
    route: "GET /api/my-track/outlets/:slug/surveys/",
    variant: "another auditor's outlet",
    cells: OTHER_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/${f.otherAuditorRsid}/surveys/`)(),
  },
  // The field auditor's capture (docs/field-user.md): writes are checked with an empty form, so the
  // matrix adds no outlet; the server tests send whole drafts.
  {
    route: "GET /api/my-track/capture/options/",
    cells: FIELD_AUDITOR,
    request: get("/api/my-track/capture/options/"),
  },
  {
    route: "POST /api/my-track/outlets/drafts/",
    variant: "an empty draft",
    cells: FIELD_AUDITOR_400,
    request: post("/api/my-track/outlets/drafts/"),
  },
  {
    route: "GET /api/my-track/outlets/:slug/rsa/",
    variant: "the auditor's own outlet",
    cells: FIELD_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/${f.auditorRsid}/rsa/`)(),
  },
  {
    route: "GET /api/my-track/outlets/:slug/rsa/",
    variant: "another auditor's outlet",
    cells: OTHER_AUDITOR,
    request: (f) => get(`/api/my-track/outlets/${f.otherAuditorRsid}/rsa/`)(),
  },
  {
    route: "POST /api/my-track/outlets/:slug/rsa/",
    variant: "an empty form",
    cells: FIELD_AUDITOR_400,
    request: (f) => post(`/api/my-track/outlets/${f.auditorRsid}/rsa/`)(),
  },
  {
    route: "GET /api/my-track/rank/",
    cells: FIELD_AUDITOR,
    request: get("/api/my-track/rank/"),
  },
  // The retailer's link (docs/retailer-portal.md): the access check answers anyone, and refuses a
  // token not made with the server's key; every read needs the token the link is bound to.
  {
    route: "POST /api/mobile/access-check/:slug/",
    variant: "a token not made with the server's key",
    cells: PUBLIC,
    request: (f) =>
      post(`/api/mobile/access-check/${f.retailerOutlet.slug}/`, { view_id: "bm90LWEtdG9rZW4=" })(),
    leak: (body) =>
      (body as { results?: unknown }).results !== null ? "access granted to a bad token" : null,
  },
  ...["profile", "earnings", "invoices", "target-statements"].map(
    (page): MatrixRow => ({
      route: `GET /api/mobile/${page}/:slug/`,
      cells: UNBOUND_LINK,
      request: (f) => get(`/api/mobile/${page}/${f.retailerOutlet.slug}/`)(),
    }),
  ),
  {
    route: "GET /api/mobile/:slug/invoices/:id/pdf/",
    cells: UNBOUND_LINK,
    request: (f) => get(`/api/mobile/${f.retailerOutlet.slug}/invoices/${f.retailerOutlet.invoice}/pdf/`)(),
  },
  {
    route: "GET /api/mobile/:slug/target-statements/:id/pdf/",
    cells: UNBOUND_LINK,
    request: (f) =>
      get(`/api/mobile/${f.retailerOutlet.slug}/target-statements/${f.retailerOutlet.statement}/pdf/`)(),
  },
  {
    route: "GET /api/mobile/:slug/logo/:id/",
    cells: UNBOUND_LINK,
    request: (f) => get(`/api/mobile/${f.retailerOutlet.slug}/logo/${f.retailerOutlet.logo}/`)(),
  },
  // The signed-in retailer's own outlets and the same data.
  { route: "GET /api/retailer/outlets/", cells: RETAILER_OWN, request: get("/api/retailer/outlets/") },
  {
    route: "GET /api/retailer/outlets/:rsid/",
    variant: "the retailer's own outlet",
    cells: RETAILER_OWN,
    request: (f) => get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/`)(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/",
    variant: "another retailer's outlet",
    cells: OTHER_RETAILER,
    request: (f) => get(`/api/retailer/outlets/${f.otherRetailerRsid}/`)(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/edit/",
    cells: RETAILER_OWN,
    request: (f) => get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/edit/`)(),
  },
  {
    route: "PATCH /api/retailer/outlets/:rsid/",
    variant: "no data: the retailer's own outlet is let through to its input check",
    cells: RETAILER_OWN_400,
    request: (f) => ({
      method: "PATCH",
      path: `/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/`,
      body: {},
    }),
  },
  {
    route: "PATCH /api/retailer/outlets/:rsid/",
    variant: "another retailer's outlet",
    cells: OTHER_RETAILER,
    request: (f) => ({ method: "PATCH", path: `/api/retailer/outlets/${f.otherRetailerRsid}/`, body: {} }),
  },
  {
    route: "POST /api/retailer/outlets/:rsid/images/",
    variant: "no image: the retailer's own outlet is let through to its input check",
    cells: RETAILER_OWN_400,
    request: (f) => post(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/images/`, {})(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/images/:id/",
    variant: "an image of the outlet the retailer did not upload",
    cells: OTHER_RETAILER,
    request: (f) => get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/images/${f.acmeImage}/`)(),
  },
  ...["profile", "earnings", "invoices", "target-statements"].map(
    (page): MatrixRow => ({
      route: `GET /api/retailer/outlets/:rsid/${page}/`,
      cells: RETAILER_OWN,
      request: (f) => get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/${page}/`)(),
    }),
  ),
  {
    route: "GET /api/retailer/outlets/:rsid/invoices/:id/pdf/",
    cells: RETAILER_OWN,
    request: (f) =>
      get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/invoices/${f.ownRetailerOutlet.invoice}/pdf/`)(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/logo/:id/",
    cells: RETAILER_OWN,
    request: (f) =>
      get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/logo/${f.ownRetailerOutlet.logo}/`)(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/target-statements/:id/pdf/",
    cells: RETAILER_OWN,
    request: (f) =>
      get(
        `/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/target-statements/${f.ownRetailerOutlet.statement}/pdf/`,
      )(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/form16/",
    cells: RETAILER_OWN,
    request: (f) => get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/form16/`)(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/form16/:year/pdf/",
    variant: "a financial year that has ended",
    cells: RETAILER_OWN,
    request: (f) => get(`/api/retailer/outlets/${f.ownRetailerOutlet.rsid}/form16/2025-26/pdf/`)(),
  },
  {
    route: "GET /api/retailer/outlets/:rsid/form16/:year/pdf/",
    variant: "another retailer's outlet",
    cells: OTHER_RETAILER,
    request: (f) => get(`/api/retailer/outlets/${f.otherRetailerRsid}/form16/2025-26/pdf/`)(),
  },
  {
    route: "GET /api/retailer/notifications/",
    cells: RETAILER_OWN,
    request: get("/api/retailer/notifications/"),
  },
  { route: "GET /api/retailer/offers/", cells: RETAILER_OWN, request: get("/api/retailer/offers/") },
  {
    route: "GET /api/retailer/offers/:slug/",
    variant: "an offer of the retailer's organisation",
    cells: RETAILER_OWN,
    request: get("/api/retailer/offers/acme-beverages-festive-bonus/"),
  },
  {
    route: "GET /api/retailer/profile/:user_name/",
    variant: "the retailer's own user name",
    cells: RETAILER_OWN,
    request: get("/api/retailer/profile/retailer.9100000001/"),
  },
  // The staff's pp views of the same data: whoever sees the outlet.
  ...["profile", "earnings", "invoices", "target-statements"].map(
    (page): MatrixRow => ({
      route: `GET /api/pp/:rsid/${page}/`,
      cells: ACME_OUTLET,
      request: (f) => get(`/api/pp/${f.retailerOutlet.rsid}/${page}/`)(),
    }),
  ),
  {
    route: "GET /api/pp/:rsid/invoices/:id/pdf/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/pp/${f.retailerOutlet.rsid}/invoices/${f.retailerOutlet.invoice}/pdf/`)(),
  },
  {
    route: "GET /api/pp/:rsid/target-statements/:id/pdf/",
    cells: ACME_OUTLET,
    request: (f) =>
      get(`/api/pp/${f.retailerOutlet.rsid}/target-statements/${f.retailerOutlet.statement}/pdf/`)(),
  },
  {
    route: "GET /api/pp/:rsid/logo/:id/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/pp/${f.retailerOutlet.rsid}/logo/${f.retailerOutlet.logo}/`)(),
  },
  {
    route: "GET /api/pp/:rsid/mobile-link/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/pp/${f.retailerOutlet.rsid}/mobile-link/`)(),
  },
  {
    route: "POST /api/pp/:rsid/mobile-link/reset/",
    variant: "no bound_at given",
    cells: RESET_MOBILE_LINK_400,
    request: (f) => post(`/api/pp/${f.retailerOutlet.rsid}/mobile-link/reset/`)(),
  },
  // The money path (docs/payouts.md): Payout Details, the cycle page and the client payout page.
  {
    route: "GET /api/payouts/outlets/:slug/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/payouts/outlets/${f.retailerOutlet.rsid}/`)(),
  },
  {
    route: "GET /api/payouts/outlets/:slug/latest-transaction/",
    cells: ACME_OUTLET,
    request: (f) => get(`/api/payouts/outlets/${f.retailerOutlet.rsid}/latest-transaction/`)(),
  },
  {
    route: "GET /api/payouts/projects/:projectSlug/sub-projects/:slug/cycles/",
    cells: ACME_PROJECT,
    request: get("/api/payouts/projects/acme-3p-payout/sub-projects/acme-3p-payout-cycle-1/cycles/"),
  },
  {
    route: "GET /api/payouts/projects/:projectSlug/",
    cells: ACME_PROJECT,
    request: get("/api/payouts/projects/acme-3p-payout/"),
  },
  {
    route: "GET /api/exports/",
    cells: STAFF,
    request: get("/api/exports/"),
    leak: (body) => (results(body).length > 0 ? "someone else's export listed" : null),
  },

  // Organisation, access and catalogue administration (docs/admin.md).
  ...RESOURCES.flatMap(resourceRows),
  {
    route: "POST /api/admin/cities/merge/",
    variant: "no cities chosen",
    cells: INTERNAL_WRITE.input,
    request: post("/api/admin/cities/merge/"),
  },
  // A question's reference images (docs/survey.md): read as the question lists are; written by those
  // who write questions, internal staff alone (an empty body reaches the input check).
  {
    route: "GET /api/admin/questions/:id/reference-images/",
    variant: "an Acme question",
    cells: ADMIN_READ,
    request: (f) => get(`/api/admin/questions/${f.resourceAddress.questions}/reference-images/`)(),
  },
  {
    route: "PUT /api/admin/questions/:id/reference-images/",
    variant: "an Acme question, no list or version",
    cells: INTERNAL_WRITE.input,
    request: (f) => ({
      method: "PUT",
      path: `/api/admin/questions/${f.resourceAddress.questions}/reference-images/`,
      body: {},
    }),
  },
  // Fields that decide access (docs/security.md): an organisation's kind, a code sign-in account's
  // password, an account that outlets sign in through.
  {
    route: "PUT /api/admin/organisations/:address/",
    variant: "Acme made internal, on a stale version: internal administrators reach the version check",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 409 403 403 403 403 403 403 409 403 403 403 403 403 403 403 403 403",
    request: () => ({
      method: "PUT",
      path: "/api/admin/organisations/acme-beverages/",
      body: { values: { name: "Acme Beverages", kind: "internal" }, version: 999 },
    }),
  },
  {
    route: "PUT /api/admin/organisations/:address/",
    variant: "Retail Scan made a client: nobody changes the kind of their own organisation",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 403 403 403 403 403 403 400 403 403 403 403 403 403 403 403 403",
    request: () => ({
      method: "PUT",
      path: "/api/admin/organisations/retail-scan/",
      body: { values: { name: "Retail Scan", kind: "client" }, version: 1 },
    }),
  },
  {
    route: "PUT /api/admin/users/:address/",
    variant: "a password for an Acme retailer's account, which signs in by code",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 403 403 403 403 403 403 400 403 403 403 403 403 400 403 403 403",
    request: (f) => ({
      method: "PUT",
      path: `/api/admin/users/${f.codeAccount.address}/`,
      body: { values: { ...f.codeAccount.values, password: "Taken@2026x" }, version: f.codeAccount.version },
    }),
  },
  {
    route: "DELETE /api/admin/users/:address/",
    variant: "an Acme retailer's account, linked to its outlet",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 409 403 403 403 403 403 403 409 403 403 403 403 403 409 403 403 403",
    request: (f) => ({ method: "DELETE", path: `/api/admin/users/${f.codeAccount.address}/` }),
  },
  // Photo audit: internal QC managers and project managers; a client's users never.
  {
    route: "GET /api/projects/:projectSlug/sub-projects/:slug/photo-audit/",
    variant: "an Acme sub-project",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 ok  ok  403 403 403 403 403 ok  403 403 403 403 403 403 403 403 403",
    request: get("/api/projects/acme-retail-audit/sub-projects/acme-retail-audit-main/photo-audit/"),
  },
  {
    route: "PUT /api/projects/:projectSlug/sub-projects/:slug/photo-audit/:imageId/",
    variant: "an empty body, refused as input once the access check lets it through",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 400 403 403 403 403 403 400 403 403 403 403 403 403 403 403 403",
    request: () => ({
      method: "PUT",
      path: "/api/projects/acme-retail-audit/sub-projects/acme-retail-audit-main/photo-audit/1/",
      body: {},
    }),
  },
  // A sub-project's invoice setup: internal staff who set projects up; a client's users never.
  {
    route: "GET /api/projects/:projectSlug/sub-projects/:slug/invoice-setup/",
    variant: "an Acme sub-project",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 ok  403 403 403 403 403 403 ok  403 403 403 403 403 403 403 403 403",
    request: get("/api/projects/acme-mi/sub-projects/acme-mi-main/invoice-setup/"),
  },
  {
    route: "PUT /api/projects/:projectSlug/sub-projects/:slug/invoice-setup/",
    variant: "an empty body, refused as input once the access check lets it through",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 403 403 403 403 403 403 400 403 403 403 403 403 403 403 403 403",
    request: () => ({
      method: "PUT",
      path: "/api/projects/acme-mi/sub-projects/acme-mi-main/invoice-setup/",
      body: {},
    }),
  },
  {
    route: "POST /api/admin/sub-project-skus/",
    variant:
      "Zenith's catalogue SKU on an Acme sub-project's SKU list: refused as input to those who set it up",
    //     anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    cells: "401 400 403 403 403 403 403 403 400 403 403 403 403 403 403 403 403 403",
    request: (f, caller) =>
      post("/api/admin/sub-project-skus/", {
        values: {
          sub_project: f.acmeMiSubProject,
          sku: f.zenithSku,
          name: `Zenith SKU by ${caller}`,
          added_by_retailer: false,
        },
      })(),
  },
  {
    route: "GET /api/sku-list/",
    variant: "an Acme sub-project's SKU list: another organisation's is not found",
    cells: ACME_PROJECT,
    request: get("/api/sku-list/?sub_project__slug=acme-mi-main&no-pagination&exclude_retailers=true"),
  },
  // TDS and Form 16 (docs/tax.md): the payout team reads, its managers issue; a PAN no outlet
  // holds and a batch that does not exist are not found, and empty bodies stop at the input check.
  ...(() => {
    //                  anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    const TAX_ISSUE_400 = "401 400 403 403 403 403 403 403 400 400 403 403 403 403 403 403 403 403";
    const PAYOUT_TEAM_404 = PAYOUT_TEAM.replaceAll("ok ", "404");
    const rows: MatrixRow[] = [
      { route: "GET /api/tax/tds/", cells: PAYOUT_TEAM, request: get("/api/tax/tds/") },
      {
        route: "POST /api/tax/tds/reports/",
        variant: "no year or quarter given",
        cells: PAYOUT_TEAM_400,
        request: post("/api/tax/tds/reports/"),
      },
      {
        route: "GET /api/tax/pans/",
        cells: PAYOUT_TEAM,
        request: get("/api/tax/pans/?financial_year=2025-26"),
      },
      {
        route: "GET /api/tax/pans/:pan/",
        variant: "a PAN no outlet holds",
        cells: PAYOUT_TEAM_404,
        request: get("/api/tax/pans/ZZZZZ9999Z/?financial_year=2025-26"),
      },
      {
        route: "POST /api/tax/form16/csv/",
        variant: "no year given",
        cells: PAYOUT_TEAM_400,
        request: post("/api/tax/form16/csv/"),
      },
      { route: "GET /api/tax/form16/batches/", cells: PAYOUT_TEAM, request: get("/api/tax/form16/batches/") },
      {
        route: "GET /api/tax/form16/batches/:id/",
        variant: "a batch that does not exist",
        cells: PAYOUT_TEAM_404,
        request: get("/api/tax/form16/batches/999999/"),
      },
      {
        route: "POST /api/tax/form16/batches/",
        variant: "no year given",
        cells: TAX_ISSUE_400,
        request: post("/api/tax/form16/batches/"),
      },
      {
        route: "GET /api/tax/form16/:pan/:year/pdf/",
        variant: "a PAN no outlet holds",
        cells: PAYOUT_TEAM_404,
        request: get("/api/tax/form16/ZZZZZ9999Z/2025-26/pdf/"),
      },
      {
        route: "POST /api/tax/form16/:pan/:year/pdf/",
        variant: "no file given",
        cells: TAX_ISSUE_400,
        request: post("/api/tax/form16/ZZZZZ9999Z/2025-26/pdf/"),
      },
    ];
    return rows;
  })(),
  // WhatsApp delivery logs (docs/messaging.md): the internal calling and project managers who send them.
  ...(() => {
    //                   anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    const MESSAGE_LOGS = "401 ok  403 403 ok  403 403 403 ok  403 403 403 403 403 403 403 403 403";
    const rows: MatrixRow[] = [
      { route: "GET /api/messages/", cells: MESSAGE_LOGS, request: get("/api/messages/") },
      { route: "GET /api/messages/summary/", cells: MESSAGE_LOGS, request: get("/api/messages/summary/") },
    ];
    return rows;
  })(),
  // Identity verification (docs/verification.md): internal KYC reviewers check; the IFSC master is
  // the bank code upload's roles'. Bad inputs keep the allowed cells free of provider calls.
  ...(() => {
    //                anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    const VERIFIERS = "401 ok  ok  ok  403 ok  403 403 ok  ok  ok  403 403 403 403 403 403 403";
    const VERIFIERS_400 = VERIFIERS.replaceAll("ok ", "400");
    const IFSC_MASTER = "401 ok  ok  403 403 403 403 403 ok  ok  403 403 403 403 403 403 403 403";
    const IFSC_MASTER_400 = IFSC_MASTER.replaceAll("ok ", "400");
    const rows: MatrixRow[] = [
      {
        route: "POST /api/verification/ifsc/",
        cells: VERIFIERS_400,
        request: post("/api/verification/ifsc/", { ifsc_code: "BAD" }),
      },
      {
        route: "POST /api/verification/pan-gst/",
        cells: VERIFIERS_400,
        request: post("/api/verification/pan-gst/", { input_type: "pan", input: "BAD" }),
      },
      { route: "GET /api/unicorns/scans/", cells: VERIFIERS, request: get("/api/unicorns/scans/") },
      {
        route: "POST /api/unicorns/scans/",
        variant: "a sub-project that is not an id: the access check answers first",
        cells: VERIFIERS_400,
        request: post("/api/unicorns/scans/", { sub_project: "x" }),
      },
      { route: "GET /api/unicorns/pairs/", cells: VERIFIERS, request: get("/api/unicorns/pairs/") },
      {
        route: "GET /api/unicorns/pairs/:id/",
        variant: "a pair that does not exist: the access check answers first",
        cells: VERIFIERS.replaceAll("ok ", "404"),
        request: get(`/api/unicorns/pairs/${NO_REQUEST}/`),
      },
      {
        route: "PUT /api/unicorns/pairs/:id/",
        variant: "a decision that is not one: the access check answers first",
        cells: VERIFIERS_400,
        request: () => ({
          method: "PUT",
          path: "/api/unicorns/pairs/1/",
          body: { status: "maybe", version: 1 },
        }),
      },
      {
        route: "GET /api/verification/location-checks/",
        variant: "a show the list has not: the access check answers first",
        cells: VERIFIERS_400,
        request: get("/api/verification/location-checks/?show=everything"),
      },
      {
        route: "GET /api/verification/gst-duplicates/",
        cells: VERIFIERS_400,
        request: get("/api/verification/gst-duplicates/?gst_number=BAD&project_id=1"),
      },
      {
        route: "POST /api/verification/upi/",
        cells: VERIFIERS_400,
        request: post("/api/verification/upi/", { upi_id: "bad" }),
      },
      {
        route: "POST /api/verification/bank-account/",
        cells: VERIFIERS_400,
        request: post("/api/verification/bank-account/", {
          to_account_number: "1",
          to_account_ifsc_code: "X",
        }),
      },
      { route: "GET /api/verification/checks/", cells: VERIFIERS, request: get("/api/verification/checks/") },
      {
        route: "GET /api/verification/ifsc-master/:code/",
        cells: IFSC_MASTER,
        request: get("/api/verification/ifsc-master/SBIN0000001/"),
      },
      {
        route: "PUT /api/verification/ifsc-master/:code/",
        variant: "an empty row: allowed callers reach the input check",
        cells: IFSC_MASTER_400,
        request: () => ({
          method: "PUT",
          path: "/api/verification/ifsc-master/SBIN0000001/",
          body: { bank: "", branch: "", reason: "" },
        }),
      },
      {
        route: "GET /api/verification/ifsc-changes/",
        cells: IFSC_MASTER,
        request: get("/api/verification/ifsc-changes/"),
      },
    ];
    return rows;
  })(),
  // Allocation of work (docs/allocation.md): each team's manager and project managers of the
  // internal organisation; a client's administrator (a project manager of Acme) never. Empty bodies
  // keep the allowed cells at the input check.
  ...(() => {
    //                  anon adm qcm qce clm cle fco fma pm  ifm ife cm  ce  zm  ca  po  fa  rt
    const ALLOCATORS = {
      qc: "401 ok  ok  403 403 403 403 403 ok  403 403 403 403 403 403 403 403 403",
      calling: "401 ok  403 403 ok  403 403 403 ok  403 403 403 403 403 403 403 403 403",
      iftu: "401 ok  403 403 403 403 403 403 ok  ok  403 403 403 403 403 403 403 403",
    };
    return Object.entries(ALLOCATORS).flatMap(([team, cells]): MatrixRow[] => [
      { route: "GET /api/allocation/:team/", variant: team, cells, request: get(`/api/allocation/${team}/`) },
      {
        route: "GET /api/allocation/:team/outlets/",
        variant: team,
        cells,
        request: get(`/api/allocation/${team}/outlets/?executive=none`),
      },
      {
        route: "POST /api/allocation/:team/preview/",
        variant: `${team}: an empty body, refused as input once the access check lets it through`,
        cells: cells.replaceAll("ok ", "400"),
        request: post(`/api/allocation/${team}/preview/`, {}),
      },
      {
        route: "POST /api/allocation/:team/moves/",
        variant: `${team}: an empty body, refused as input once the access check lets it through`,
        cells: cells.replaceAll("ok ", "400"),
        request: post(`/api/allocation/${team}/moves/`, {}),
      },
      {
        route: "GET /api/allocation/:team/rules/",
        variant: team,
        cells,
        request: get(`/api/allocation/${team}/rules/`),
      },
      {
        route: "POST /api/allocation/:team/rules/",
        variant: `${team}: an empty body, refused as input once the access check lets it through`,
        cells: cells.replaceAll("ok ", "400"),
        request: post(`/api/allocation/${team}/rules/`, {}),
      },
      {
        route: "PUT /api/allocation/:team/rules/:id/",
        variant: `${team}: a rule that does not exist, found missing once the access check lets it through`,
        cells: cells.replaceAll("ok ", "404"),
        request: () => ({
          method: "PUT",
          path: `/api/allocation/${team}/rules/999999/`,
          body: { sub_project: null, executives: [1], capacity: null, active: true, version: 1 },
        }),
      },
      {
        route: "DELETE /api/allocation/:team/rules/:id/",
        variant: `${team}: a rule that does not exist, found missing once the access check lets it through`,
        cells: cells.replaceAll("ok ", "404"),
        request: () => ({
          method: "DELETE",
          path: `/api/allocation/${team}/rules/999999/`,
          body: { version: 1 },
        }),
      },
    ]);
  })(),
];
