import fc from "fast-check";
import { parse } from "regexparam";
import { describe, expect, it } from "vitest";
import {
  compareSpecificity,
  isSignInPath,
  isValidPattern,
  loginPathFor,
  matchPattern,
  pathFor,
  routeParams,
} from "../../src/domain/shared/routePatterns";
import {
  currentMenuEntry,
  DASHBOARD_MENU,
  dashboardMenuFor,
  MACHINES_PATH,
} from "../../src/domain/shell/menu";
import {
  AREA_LABELS,
  findRoute,
  isMobileViewPath,
  ROUTE_AREAS,
  ROUTES,
  ROUTES_BY_SPECIFICITY,
} from "../../src/domain/shell/routes";

const patterns = ROUTES.map((r) => r.pattern);

/** A concrete path for a pattern: each parameter gets a value unlike any word of the catalogue. */
const sample = (pattern: string) =>
  pathFor(pattern, Object.fromEntries(routeParams(pattern).map((name) => [name, `v-${name}-42`])));

/** Wouter's own matcher (regexparam, exact mode). */
const wouterMatches = (pattern: string, path: string) => parse(pattern).pattern.test(path);

describe("the route catalogue", () => {
  it("has no duplicate patterns", () => {
    const seen = new Map<string, number>();
    for (const p of patterns) seen.set(p.toLowerCase(), (seen.get(p.toLowerCase()) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  it("has no two patterns with the same shape (they could never both be reached)", () => {
    const shape = (p: string) => p.toLowerCase().replace(/:[A-Za-z_][A-Za-z0-9_]*(\?)?/g, ":$1");
    const shapes = patterns.map(shape);
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
  });

  it("has only valid patterns with valid, unique parameter names", () => {
    expect(patterns.filter((p) => !isValidPattern(p))).toEqual([]);
    for (const p of patterns) {
      const names = routeParams(p);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
  });

  it("gives every route a known area, a title and a spec reference", () => {
    for (const r of ROUTES) {
      expect(ROUTE_AREAS).toContain(r.area);
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.spec).toMatch(/^00[02] §2\.[12]/);
    }
    for (const area of ROUTE_AREAS) expect(AREA_LABELS[area]).toBeTruthy();
  });

  it("holds the spec's named routes, word for word", () => {
    const named = [
      "/",
      "/login",
      "/forgot-password",
      "/change-password-expiry",
      "/mfa-password",
      "/verify-otp",
      "/reset-password",
      "/retailers",
      "/dashboard",
      "/retailers/login",
      "/retailers/choose-mobile-number",
      "/retailers/enter-mobile-number",
      "/retailers/otp",
      "/retailers/success",
      "/retailers/outlets-list",
      "/retailers/outlets-list/outlet-information",
      "/retailers/offers/view/:offerSlug",
      "/retailers/profile/:user_name",
      "/dashboard/view/:outletSlug/:outletID/:viewType",
      "/dashboard/collected-bill-image-viewer/:workflow_object_id",
      "/dashboard/client-reports/:outletID/:outletSlug",
      "/dashboard/client-reports/:outletID/images",
      "/dashboard/:reportTitle/:outletID/images",
      "/dashboard/pp-outlet-details/:slug/:master_id?",
      "/dashboard/earnings/pp-outlet-earning/:slug/:master_id?",
      "/dashboard/pp-outlet-invoice/:slug/:master_id?",
      "/dashboard/pp-performance-statement-project-view/:slug/:master_id?",
      "/dashboard/form16/pan-list/store-detail",
      "/dashboard/field-outlet-recovery",
      "/dashboard/field-app-dump",
      "/dashboard/organization-users-roles/organization-view/:slug/list-of-territories/edit/:id",
      "/dashboard/organization-users-roles/organization-view/:slug/role-update/:slug_name",
      "/dashboard/organization-inovice-sku/sku-list/bulk-upload",
      "/dashboard/collected-bills-list",
      "/dashboard/projects/view-list/:projectSlug/view/:slug/panel-management/edit-form/:panelSlug",
      "/dashboard/projects/view-list/:projectSlug/view/:slug/outlet-management/outlets/:objectType",
      "/dashboard/projects/view-list/:projectSlug/view/:slug/cycle/plot-payout",
      "/dashboard/projects/client-portal-view/:projectSlug/reports/:id/images",
      "/dashboard/projects/client-portal-view/:slug/manage-kyc/view/:outlet",
      "/eMyTrack/login",
      "/eMyTrack/outlet-survey-listing/:slug",
      "/gamification/view-list-all/:slug",
    ];
    expect(named.filter((p) => !patterns.includes(p))).toEqual([]);
  });

  it("expands every 'each with' list", () => {
    for (const kind of ["calling", "qc", "iftu"]) {
      expect(patterns).toContain(`/dashboard/${kind}-allocation-management`);
      expect(patterns).toContain(`/dashboard/${kind}-allocation-management/edit`);
    }
    const view = "/dashboard/organization-users-roles/organization-view/:slug";
    for (const list of ["list-of-regions", "list-of-zones", "list-of-territories"]) {
      for (const sub of ["", "/add", "/edit/:id", "/bulk-upload"])
        expect(patterns).toContain(`${view}/${list}${sub}`);
    }
    const sku = "/dashboard/organization-inovice-sku";
    for (const list of [
      "product-families",
      "categories",
      "sub-categories",
      "brands",
      "variants",
      "manufactures",
      "invoice-headers",
      "invoice-details",
    ]) {
      for (const sub of ["", "/creation", "/update/:id"]) expect(patterns).toContain(`${sku}/${list}${sub}`);
    }
  });

  it("lists the four mobile pages with the slug after the word slug and an alternate path", () => {
    for (const page of ["home", "earnings", "invoices", "target-vs-achievement"]) {
      expect(patterns).toContain(`/mobile-view/${page}/slug/:slug`);
      expect(patterns).toContain(`/mobile-view/${page}/:slug`);
    }
  });
});

describe("matching", () => {
  it("agrees with wouter's matcher for every route and its sample path", () => {
    for (const p of patterns) {
      const path = sample(p);
      expect({ p, path, ours: matchPattern(p, path) !== null }).toEqual({ p, path, ours: true });
      expect({ p, path, wouter: wouterMatches(p, path) }).toEqual({ p, path, wouter: true });
    }
  });

  it("is exact: an extra trailing segment is not matched", () => {
    for (const p of patterns) {
      const longer = `${sample(p).replace(/\/$/, "")}/extra-segment`;
      if (p.endsWith("?")) continue; // an optional last parameter takes the extra segment by design
      expect({ p, ours: matchPattern(p, longer) !== null }).toEqual({ p, ours: wouterMatches(p, longer) });
      expect(matchPattern(p, longer)).toBeNull();
    }
  });

  it("finds each route from its own sample path when routes are tried most specific first", () => {
    for (const r of ROUTES) {
      expect({ path: sample(r.pattern), found: findRoute(sample(r.pattern))?.route.pattern }).toEqual({
        path: sample(r.pattern),
        found: r.pattern,
      });
    }
  });

  it("prefers words to parameters", () => {
    expect(findRoute("/dashboard/client-reports/12/images")?.route.pattern).toBe(
      "/dashboard/client-reports/:outletID/images",
    );
    expect(findRoute("/dashboard/performance-report/12/images")?.route.pattern).toBe(
      "/dashboard/:reportTitle/:outletID/images",
    );
    expect(findRoute("/mobile-view/home/slug/abc")?.route.pattern).toBe("/mobile-view/home/slug/:slug");
    expect(findRoute("/mobile-view/home/abc")?.route.pattern).toBe("/mobile-view/home/:slug");
    expect(compareSpecificity("/a/b", "/a/:x")).toBeLessThan(0);
    expect(compareSpecificity("/a/:x?", "/a/:x")).toBeGreaterThan(0);
    expect(ROUTES_BY_SPECIFICITY).toHaveLength(ROUTES.length);
  });

  it("reads parameters, the optional master_id included", () => {
    expect(
      matchPattern("/dashboard/pp-outlet-details/:slug/:master_id?", "/dashboard/pp-outlet-details/s1"),
    ).toEqual({
      slug: "s1",
      master_id: undefined,
    });
    expect(
      matchPattern("/dashboard/pp-outlet-details/:slug/:master_id?", "/dashboard/pp-outlet-details/s1/9"),
    ).toEqual({
      slug: "s1",
      master_id: "9",
    });
    expect(matchPattern("/retailers/profile/:user_name", "/retailers/profile/a%20b")).toEqual({
      user_name: "a b",
    });
    expect(matchPattern("/login", "/login/")).toEqual({});
    expect(matchPattern("/login", "/LOGIN")).toEqual({});
    expect(matchPattern("/", "/")).toEqual({});
    expect(matchPattern("/", "/login")).toBeNull();
    expect(findRoute("/no/such/page")).toBeNull();
  });

  it("never throws and agrees with wouter on any path", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_%-]{0,8}$/);
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.array(segment, { maxLength: 7 }), (pattern, parts) => {
        const path = `/${parts.join("/")}`;
        expect(matchPattern(pattern, path) !== null).toBe(wouterMatches(pattern, path));
      }),
      // "//" once disagreed: an empty path segment is never the root.
      { numRuns: 2000, examples: [["/", ["", ""]]] },
    );
  });

  it("rejects malformed patterns", () => {
    for (const bad of ["", "login", "/login/", "/a//b", "/:", "/:1x", "/a/:x?/b", "/a/:x/:x", "/a b"]) {
      expect({ bad, valid: isValidPattern(bad) }).toEqual({ bad, valid: false });
    }
  });
});

describe("path rules", () => {
  it("knows the sign-in pages (a 401 there is just rejected)", () => {
    for (const p of [
      "/login",
      "/login/",
      "/retailers/login",
      "/eMyTrack/login",
      "/eMyTrack/verify-otp",
      "/verify-otp",
    ]) {
      expect({ p, signIn: isSignInPath(p) }).toEqual({ p, signIn: true });
    }
    for (const p of ["/", "/dashboard", "/forgot-password", "/login/extra"]) {
      expect({ p, signIn: isSignInPath(p) }).toEqual({ p, signIn: false });
    }
  });

  it("picks the login page of the path's group", () => {
    expect(loginPathFor("/retailers/earnings")).toBe("/retailers/login");
    expect(loginPathFor("/eMyTrack/dashboard")).toBe("/eMyTrack/login");
    expect(loginPathFor("/emytrack/dashboard")).toBe("/eMyTrack/login");
    expect(loginPathFor("/dashboard/reports")).toBe("/login");
    expect(loginPathFor("/")).toBe("/login");
  });

  it("tells mobile-view paths", () => {
    expect(isMobileViewPath("/mobile-view/earnings/slug/abc")).toBe(true);
    expect(isMobileViewPath("/dashboard/pp-outlet-invoice/abc")).toBe(true);
    expect(isMobileViewPath("/dashboard/pp-outlet-invoice/abc/12")).toBe(true);
    expect(isMobileViewPath("/dashboard")).toBe(false);
  });
});

describe("the dashboard menu", () => {
  const internal = (permissions: string[]) => ({ permissions, organisation: { kind: "internal" as const } });
  const everyBuilt = () => true;

  it("points every entry at a catalogue route, or the product's own Machines area", () => {
    for (const entry of DASHBOARD_MENU) expect([...patterns, MACHINES_PATH]).toContain(entry.to);
  });

  it("gives everyone the common entries and the rest by permission", () => {
    const labels = (u: Parameters<typeof dashboardMenuFor>[0]) =>
      dashboardMenuFor(u, everyBuilt).map((e) => e.label);
    expect(labels(internal([]))).toEqual(["Home", "My downloads"]);
    // Project cards are opened by a permission that reads outlets: the Machines area's alone does not.
    expect(labels(internal(["machines-permission"]))).not.toContain("Projects");
    expect(labels(internal(["field-coordinator-dashboard-permission"]))).toEqual([
      "Home",
      "Projects",
      "Outlets",
      "Gamification",
      "Field tools",
      "My downloads",
    ]);
    expect(labels(internal(["project-manager-dashboard-permission"]))).toContain("Organisations");
    expect(labels(internal(["qc-executive-dashboard-permission"]))).not.toContain("Organisations");
    // Reports to those who run a report (src/domain/reports/reportCatalogue.ts): QC managers, not executives.
    expect(labels(internal(["qc-manager-dashboard-permission"]))).toContain("Reports");
    expect(labels(internal(["qc-executive-dashboard-permission"]))).not.toContain("Reports");
  });

  it("opens Allocation at the first team the user allocates and lists only the teams they allocate", () => {
    const allocation = (permissions: string[]) =>
      dashboardMenuFor(internal(permissions), everyBuilt).find((e) => e.label === "Allocation");
    expect(allocation(["calling-manager-dashboard-permission"])).toMatchObject({
      to: "/dashboard/calling-allocation-management",
      pages: [],
    });
    expect(allocation(["iftu-manager-dashboard-permission"])?.to).toBe(
      "/dashboard/iftu-allocation-management",
    );
    expect(allocation(["project-manager-dashboard-permission"])).toMatchObject({
      to: "/dashboard/qc-allocation-management",
      pages: ["/dashboard/calling-allocation-management", "/dashboard/iftu-allocation-management"],
    });
    expect(allocation(["qc-executive-dashboard-permission"])).toBeUndefined();
    expect(
      dashboardMenuFor(
        { permissions: ["project-manager-dashboard-permission"], organisation: { kind: "client" } },
        everyBuilt,
      ).map((e) => e.label),
    ).not.toContain("Allocation");
  });

  it("offers an entry only when its screen is built", () => {
    const built = (path: string) => path !== "/dashboard/reports";
    const reader = internal(["qc-manager-workflow-permission"]);
    expect(dashboardMenuFor(reader, built).map((e) => e.label)).not.toContain("Reports");
    expect(dashboardMenuFor(reader, everyBuilt).map((e) => e.label)).toContain("Reports");
  });

  it("opens an entry at the first built page of its area and lists the other built ones", () => {
    const built = (path: string) => path !== "/dashboard/account-verification" && path !== "/dashboard/tds";
    const verification = dashboardMenuFor(internal(["qc-manager-dashboard-permission"]), built).find(
      (e) => e.label === "Verification",
    );
    expect(verification?.to).toBe("/dashboard/secure-account-verification");
    expect(verification?.pages).toEqual([
      "/dashboard/pan-verification",
      "/dashboard/ifsc-verification",
      "/dashboard/ifsc-change-verification",
      "/dashboard/upi-payments-verification",
      "/dashboard/unicorn-image-fetch",
      "/dashboard/reverse-geo-coding",
      "/dashboard/unicorn-image-matching",
      "/dashboard/list-of-unicorns",
    ]);
    const none = () => false;
    expect(dashboardMenuFor(internal(["qc-manager-dashboard-permission"]), none)).toEqual([]);
  });

  it("keeps internal areas from client users whatever they hold", () => {
    const client = {
      permissions: ["client-manager-dashboard-permission", "project-manager-dashboard-permission"],
      organisation: { kind: "client" as const },
    };
    expect(dashboardMenuFor(client, everyBuilt).map((e) => e.label)).toEqual([
      "Home",
      "Projects",
      "Collected bills",
      "Invoices",
      "Reports",
      "My downloads",
    ]);
  });

  it("offers the collected-bills lists to the bill checkers and the client's manager, lit on their own pages", () => {
    const client = (permissions: string[]) => ({ permissions, organisation: { kind: "client" as const } });
    const offered = (u: Parameters<typeof dashboardMenuFor>[0]) =>
      dashboardMenuFor(u, everyBuilt)
        .map((e) => e.label)
        .filter((l) => l === "Collected bills" || l === "Invoices");
    for (const role of ["qc-manager", "qc-executive", "project-manager"])
      expect(offered(internal([`${role}-dashboard-permission`]))).toEqual(["Collected bills", "Invoices"]);
    expect(offered(client(["client-manager-dashboard-permission"]))).toEqual(["Collected bills", "Invoices"]);
    for (const role of ["calling-executive", "field-coordinator", "iftu-executive"])
      expect(offered(internal([`${role}-dashboard-permission`]))).toEqual([]);
    const entries = dashboardMenuFor(internal(["qc-manager-dashboard-permission"]), everyBuilt);
    expect(currentMenuEntry(entries, "/dashboard/invoices", "outlets")?.label).toBe("Invoices");
    expect(currentMenuEntry(entries, "/dashboard/collected-bills-list", "invoice-sku")?.label).toBe(
      "Collected bills",
    );
    expect(currentMenuEntry(entries, "/dashboard/list-of-outlets/view/RS000089", "outlets")?.label).toBe(
      "Outlets",
    );
  });
});
