// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinReasons } from "../../src/domain/outlets/extraFields";
import { DUPLICATE_CHAIN_REASON } from "../../src/domain/outlets/workflowActions";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of [
    "qc.manager",
    "client.manager",
    "zenith.manager",
    "calling.manager",
    "project.manager",
  ]) {
    auth[user] = await server.signIn(user);
  }
});
afterAll(async () => {
  await server.close();
});

type Listed = {
  id: number;
  rsid: string;
  workflow_state: string;
  version: number;
  is_temp: boolean;
  status: string;
  project: { slug: string };
  sub_project: { type: string; slug: string };
};

async function list(user: string, query: string) {
  const res = await server.call("GET", `/api/outlets/?${query}`, { headers: auth[user] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as {
    results: Listed[];
    count: number;
    count_is_estimate: boolean;
    next: string | null;
  };
}

/** Outlets of one sub-project in one state, straight from the database. */
async function outletsIn(subProject: string, state: string, limit = 2) {
  return server.db.query<{ id: number; rsid: string; version: number }>(
    `SELECT o.id, o.rsid, o.version FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE s.slug = $1 AND o.workflow_state = $2 ORDER BY o.rsid LIMIT $3`,
    [subProject, state, limit],
  );
}

const versions = (outlets: { id: number; version: number }[]) =>
  Object.fromEntries(outlets.map((o) => [String(o.id), o.version]));

async function bulk(user: string, body: Record<string, unknown>) {
  return server.call("POST", "/api/outlets/bulk-action/", { headers: auth[user], body });
}

async function stateOf(id: number) {
  const [row] = await server.db.query<{ workflow_state: string; version: number }>(
    "SELECT workflow_state, version FROM outlets WHERE id = $1",
    [id],
  );
  return row!;
}

describe("outlet listing", () => {
  it("needs a session", async () => {
    expect((await server.call("GET", "/api/outlets/")).status).toBe(401);
  });

  it("follows the query rules: status=active and include_temp=yes by default, repeated statuses kept", async () => {
    const all = await list("qc.manager", "workflow_based=true&status=active&include_temp=yes&page-size=1000");
    const [{ active }] = (await server.db.query<{ active: number }>(
      "SELECT count(*)::int AS active FROM outlets WHERE status = 'active'",
    )) as [{ active: number }];
    expect(all.count).toBe(active);
    expect(all.results.every((o) => o.status === "active")).toBe(true);
    expect(all.results.some((o) => o.is_temp)).toBe(true);

    const noTemp = await list("qc.manager", "status=active&include_temp=no&page-size=1000");
    expect(noTemp.results.some((o) => o.is_temp)).toBe(false);
    expect(noTemp.count).toBeLessThan(all.count);

    const two = await list("qc.manager", "status=qc_pending&status=qc_accepted&status=active&page-size=1000");
    expect(new Set(two.results.map((o) => o.workflow_state))).toEqual(new Set(["qc_pending", "qc_accepted"]));

    const inactive = await list("qc.manager", "status=inactive&page-size=1000");
    expect(inactive.count).toBeGreaterThan(0);
    expect(inactive.results.every((o) => o.status === "inactive")).toBe(true);
  });

  it("orders, searches and pages", async () => {
    const page1 = await list("qc.manager", "status=active&ordering=rsid&page-size=15&page=1");
    const page2 = await list("qc.manager", "status=active&ordering=rsid&page-size=15&page=2");
    expect(page1.results).toHaveLength(15);
    expect(page1.results.map((o) => o.rsid)).toEqual([...page1.results.map((o) => o.rsid)].sort());
    expect(page1.results.at(-1)!.rsid < page2.results[0]!.rsid).toBe(true);
    expect(page1.next).toContain("page=2");
    const desc = await list("qc.manager", "status=active&ordering=-rsid&page-size=15");
    expect(desc.results[0]!.rsid > desc.results[1]!.rsid).toBe(true);
    const found = await list("qc.manager", "search=RS000012");
    expect(found.results.map((o) => o.rsid)).toEqual(["RS000012"]);
  });

  it("counts exactly below 1,000 matches, says so, and offers a next page only where a row follows", async () => {
    const all = await list("qc.manager", "status=active&created_from=2000-01-01&page-size=15");
    const [{ active }] = (await server.db.query<{ active: number }>(
      "SELECT count(*)::int AS active FROM outlets WHERE status = 'active'",
    )) as [{ active: number }];
    expect(all).toMatchObject({ count: active, count_is_estimate: false });
    const last = Math.ceil(active / 15);
    const end = await list("qc.manager", `status=active&created_from=2000-01-01&page-size=15&page=${last}`);
    expect(end.results).toHaveLength(active - (last - 1) * 15);
    expect(end.next).toBeNull();
    expect(
      (await list("qc.manager", `status=active&created_from=2000-01-01&page-size=15&page=${last - 1}`)).next,
    ).toContain(`page=${last}`);
  });

  it("filters by scope and by the drawer's filters", async () => {
    const sub = await list("qc.manager", "sub_project=acme-kyc-main&page-size=1000");
    expect(sub.results.every((o) => o.sub_project.slug === "acme-kyc-main")).toBe(true);
    const cycle = await list("qc.manager", "cycle_of=acme-3p-payout-main&page-size=1000");
    expect(cycle.count).toBeGreaterThan(0);
    expect(cycle.results.every((o) => o.sub_project.slug === "acme-3p-payout-cycle-1")).toBe(true);
    const dated = await list(
      "qc.manager",
      "invoice_date_from=2000-01-01&invoice_date_to=2100-01-01&page-size=1000",
    );
    expect(
      dated.results.every((o) =>
        ["3p_payout", "payout_cycle", "off_take", "off_take_cycle"].includes(o.sub_project.type),
      ),
    ).toBe(true);
    const rsids = await list(
      "qc.manager",
      "workflow_object__outlet__rsid=RS000003&workflow_object__outlet__rsid=RS000005",
    );
    expect(rsids.results.map((o) => o.rsid).sort()).toEqual(["RS000003", "RS000005"]);
  });

  it("shows only the states of the caller's special actions when asked", async () => {
    const special = await list(
      "qc.manager",
      "show_only_special_action_states=true&status=active&page-size=1000",
    );
    expect(special.count).toBeGreaterThan(0);
    expect(new Set(special.results.map((o) => o.workflow_state))).toEqual(
      new Set(["qc_accepted", "calling_accepted", "calling_rejected"]),
    );
    const none = await list("client.manager", "show_only_special_action_states=true");
    expect(none.count).toBe(0);
  });

  it("answers bad values with field lines", async () => {
    const res = await server.call(
      "GET",
      "/api/outlets/?status=closed&ordering=password&region=x&created_from=2026-13-01",
      {
        headers: auth["qc.manager"],
      },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["created_from", "ordering", "region", "status"]);
  });

  it("shows a client only its own organisation's outlets", async () => {
    const acme = await list("client.manager", "page-size=1000");
    expect(acme.count).toBeGreaterThan(0);
    expect(acme.results.every((o) => o.project.slug.startsWith("acme-"))).toBe(true);
    const zenith = await list("zenith.manager", "page-size=1000");
    expect(zenith.results.every((o) => o.project.slug.startsWith("zenith-"))).toBe(true);
    const other = zenith.results[0]!.rsid;
    expect(
      (await server.call("GET", `/api/outlets/${other}/`, { headers: auth["client.manager"] })).status,
    ).toBe(404);
    expect(
      (await server.call("GET", `/api/outlets/${other}/`, { headers: auth["zenith.manager"] })).status,
    ).toBe(200);
  });

  it("answers 404 for another organisation's list, as for its outlet, and names a list's scope", async () => {
    const call = (user: string, path: string) => server.call("GET", path, { headers: auth[user] });
    for (const path of [
      "/api/outlets/?project=zenith-retail-audit",
      "/api/outlets/filter-options/?project=zenith-retail-audit",
      "/api/outlets/list-scope/?project=zenith-retail-audit",
      "/api/outlets/list-scope/?sub_project=zenith-retail-audit-main",
      "/api/outlets/list-scope/?project=no-such-project",
    ]) {
      const res = await call("client.manager", path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    const [sub] = await server.db.query<{ slug: string; name: string; project: string; p_name: string }>(
      `SELECT s.slug, s.name, p.slug AS project, p.name AS p_name FROM sub_projects s
       JOIN projects p ON p.id = s.project_id WHERE p.slug = 'acme-retail-audit' ORDER BY s.id LIMIT 1`,
    );
    const named = await call("client.manager", `/api/outlets/list-scope/?sub_project=${sub!.slug}`);
    expect(named.status).toBe(200);
    expect(named.body).toEqual({
      project: { slug: sub!.project, name: sub!.p_name },
      sub_project: { slug: sub!.slug, name: sub!.name },
    });
    const project = await call("zenith.manager", "/api/outlets/list-scope/?project=zenith-retail-audit");
    expect(project.status).toBe(200);
    expect((project.body as { project: { slug: string } }).project.slug).toBe("zenith-retail-audit");
    expect((await call("qc.manager", "/api/outlets/?project=zenith-retail-audit")).status).toBe(200);
  });

  it("gives filter options in the API's keys", async () => {
    const res = await server.call("GET", "/api/outlets/filter-options/?project=acme-kyc", {
      headers: auth["qc.manager"],
    });
    expect(res.status).toBe(200);
    const options = res.body as Record<string, { id?: unknown; rsid?: unknown; name: string }[]>;
    expect(options.status!.map((s) => s.id)).toEqual([
      "qc_pending",
      "qc_accepted",
      "qc_rejected",
      "active",
      "inactive",
    ]);
    expect(options.workflow_object__outlet__rsid![0]).toHaveProperty("rsid");
    expect(options.program!.length).toBe(4);
  });
});

describe("actions configuration", () => {
  it("is derived from the workflow machines for the caller's workflow permission", async () => {
    const res = await server.call("GET", "/api/outlets/actions-config/?workflow_permission=anything", {
      headers: auth["qc.manager"],
    });
    expect(res.status).toBe(200);
    const { allowed_user_actions_config: actions, allowed_user_special_actions_config: special } =
      res.body as {
        allowed_user_actions_config: Record<
          string,
          Record<string, Record<string, { other_config: unknown }>>
        >;
        allowed_user_special_actions_config: Record<string, Record<string, { allowed_states: string[] }>>;
      };
    expect(Object.keys(actions.qc_pending!.retail_audit!)).toEqual(["qc_accepted", "qc_rejected"]);
    expect(actions.qc_pending!.retail_audit_cycle).toBeDefined();
    expect(actions.qc_rejected!.kyc!.qc_pending!.other_config).toEqual({
      are_multiple_instances_allowed: false,
      is_normal_list_updating_allowed: false,
    });
    expect(actions.calling_accepted).toBeUndefined();
    expect(special.send_back_to_qc!.retail_audit!.allowed_states).toEqual([
      "qc_accepted",
      "calling_rejected",
      "calling_accepted",
    ]);
  });
});

describe("bulk outlet action", () => {
  it("accepts outlets waiting for QC, all in one go, and logs each move", async () => {
    const outlets = await outletsIn("acme-retail-audit-main", "qc_pending", 3);
    const res = await bulk("qc.manager", {
      action_type: "qc_accepted",
      object_ids: outlets.map((o) => o.id),
      extra_data: { remarks: "Photos and answers checked" },
      select_all: false,
      chain_rsids: [],
      object_versions: versions(outlets),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ detail: "Updated 3 outlets.", updated: 3 });
    for (const o of outlets) {
      expect(await stateOf(o.id)).toEqual({ workflow_state: "qc_accepted", version: o.version + 1 });
    }
    const detail = await server.call("GET", `/api/outlets/${outlets[0]!.rsid}/`, {
      headers: auth["qc.manager"],
    });
    const [latest] = (detail.body as { logs: Record<string, unknown>[] }).logs;
    expect(latest).toMatchObject({
      action: "qc_accepted",
      from_state: "qc_pending",
      to_state: "qc_accepted",
      by: "Meera Kulkarni",
      message: "Meera Kulkarni: QC Accept, QC Pending to QC Accepted",
    });
  });

  it("refuses the whole batch when one outlet's state does not allow the action", async () => {
    const pending = await outletsIn("acme-census-main", "qc_pending", 1);
    const accepted = await outletsIn("acme-census-main", "calling_accepted", 1);
    const both = [...pending, ...accepted];
    const res = await bulk("qc.manager", {
      action_type: "qc_accepted",
      object_ids: both.map((o) => o.id),
      object_versions: versions(both),
    });
    expect(res.status).toBe(400);
    expect(res.body.action_type).toEqual([
      `${accepted[0]!.rsid}: QC Accept is not allowed for you in Calling Accepted.`,
    ]);
    expect((await stateOf(pending[0]!.id)).workflow_state).toBe("qc_pending");
  });

  it("requires the reject reason description for a client rejection", async () => {
    const outlets = await outletsIn("acme-retail-audit-main", "calling_accepted", 1);
    const base = {
      action_type: "wip_client_rejected",
      object_ids: [outlets[0]!.id],
      object_versions: versions(outlets),
    };
    const res = await bulk("client.manager", {
      ...base,
      extra_data: { related_workflow_reasons: "low_sales_volume" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ related_workflow_reasons_description: ["This field is required."] });
    const ok = await bulk("client.manager", {
      ...base,
      extra_data: {
        related_workflow_reasons: "low_sales_volume",
        related_workflow_reasons_description: "Sells 2 crates a month",
      },
    });
    expect(ok.status).toBe(200);
  });

  it("takes several reasons, semicolon-terminated, for wip_with_reasons only", async () => {
    const outlets = await outletsIn("acme-mi-main", "calling_accepted", 2);
    const reasons = joinReasons(["signage_pending", "documents_pending"]);
    expect(reasons).toBe("signage_pending;documents_pending;");
    const res = await bulk("client.manager", {
      action_type: "wip_with_reasons",
      object_ids: outlets.map((o) => o.id),
      extra_data: { related_workflow_reasons: reasons },
      object_versions: versions(outlets),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [log] = await server.db.query<{ reasons: string }>(
      "SELECT reasons FROM outlet_logs WHERE outlet_id = $1 ORDER BY id DESC LIMIT 1",
      [outlets[0]!.id],
    );
    expect(log?.reasons).toBe(reasons);
    const more = await outletsIn("acme-mi-main", "calling_accepted", 1);
    const single = await bulk("client.manager", {
      action_type: "wip_client_rejected",
      object_ids: more.map((o) => o.id),
      extra_data: { related_workflow_reasons: reasons, related_workflow_reasons_description: "x" },
    });
    expect(single.body.related_workflow_reasons).toContain("Only one reason can be chosen for this action.");
  });

  it("asks to confirm the chain for a duplicate outlet and checks the RSIDs given", async () => {
    // RS000002 shares its PAN with RS000001 (docs/demo-data.md).
    const [outlet] = await server.db.query<{
      id: number;
      rsid: string;
      workflow_state: string;
      slug: string;
    }>(
      `SELECT o.id, o.rsid, o.workflow_state, s.slug FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       WHERE o.rsid = 'RS000002'`,
    );
    await server.db.query("UPDATE outlets SET workflow_state = 'qc_pending' WHERE id = $1", [outlet!.id]);
    const chain = await server.call("GET", `/api/outlets/chain/?ids=${outlet!.id}`, {
      headers: auth["qc.manager"],
    });
    expect((chain.body as { results: { rsid: string }[] }).results.map((c) => c.rsid)).toContain("RS000001");
    const base = {
      action_type: "qc_rejected",
      object_ids: [outlet!.id],
      extra_data: { related_workflow_reasons: DUPLICATE_CHAIN_REASON },
    };
    const none = await bulk("qc.manager", base);
    expect(none.body).toEqual({ chain_rsids: ["Confirm at least one chain RSID for a duplicate outlet."] });
    const wrong = await bulk("qc.manager", { ...base, chain_rsids: ["RS000400"] });
    expect(wrong.body).toEqual({ chain_rsids: ["RS000400: not in the chain of the selected outlets."] });
    const ok = await bulk("qc.manager", { ...base, chain_rsids: ["RS000001"] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [log] = await server.db.query<{ chain_rsids: string[] }>(
      "SELECT chain_rsids FROM outlet_logs WHERE outlet_id = $1 ORDER BY id DESC LIMIT 1",
      [outlet!.id],
    );
    expect(log?.chain_rsids).toEqual(["RS000001"]);
  });

  it("reports outlets changed by someone else since they were listed, and overwrites nothing", async () => {
    const outlets = await outletsIn("acme-empanelment-main", "qc_pending", 2);
    const stale = { ...versions(outlets), [String(outlets[1]!.id)]: outlets[1]!.version - 1 };
    const res = await bulk("qc.manager", {
      action_type: "qc_accepted",
      object_ids: outlets.map((o) => o.id),
      object_versions: stale,
    });
    expect(res.status).toBe(400);
    expect(res.body.object_ids).toEqual([
      `${outlets[1]!.rsid}: changed since the list was loaded (now QC Pending); refresh the list and try again.`,
    ]);
    expect((await stateOf(outlets[0]!.id)).workflow_state).toBe("qc_pending");
  });

  it("offers an individual action for one outlet at a time only", async () => {
    const outlets = await outletsIn("acme-kyc-main", "qc_rejected", 2);
    const res = await bulk("qc.manager", { action_type: "qc_pending", object_ids: outlets.map((o) => o.id) });
    expect(res.status).toBe(400);
    expect(res.body.action_type).toEqual([
      `${outlets.map((o) => o.rsid).join(", ")}: Send back to QC Pending can only be taken for one outlet at a time.`,
    ]);
  });

  it("keeps each organisation to its own outlets and needs a workflow permission", async () => {
    const zenith = await outletsIn("zenith-retail-audit-main", "calling_accepted", 1);
    const res = await bulk("client.manager", {
      action_type: "wip_client_accepted",
      object_ids: [zenith[0]!.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.object_ids).toEqual([`${zenith[0]!.id}: not an outlet you can update.`]);
    const noPermission = await bulk("calling.manager", { action_type: "qc_accepted", object_ids: [1] });
    expect(noPermission.status).toBe(403);
  });

  it("answers malformed input with field lines, never a crash", async () => {
    const bad = await bulk("qc.manager", {
      action_type: "",
      object_ids: ["x", -1],
      extra_data: [],
      select_all: true,
      chain_rsids: "RS000001",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual([
      "action_type",
      "chain_rsids",
      "extra_data",
      "object_ids",
      "select_all",
    ]);
    const unknown = await bulk("qc.manager", { action_type: "teleport", object_ids: [1] });
    expect(unknown.body).toEqual({ action_type: ['"teleport" is not a valid action.'] });
    const notJson = await server.call("POST", "/api/outlets/bulk-action/", {
      headers: { ...auth["qc.manager"], "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    const tooMany = await bulk("qc.manager", {
      action_type: "qc_accepted",
      object_ids: Array.from({ length: 1001 }, (_, i) => i + 1),
    });
    expect(tooMany.body.object_ids).toEqual(["At most 1000 outlets can be updated at a time."]);
  });
});

describe("dashboard summary", () => {
  it("counts active outlets by state per project, within the caller's organisation", async () => {
    const res = await server.call("GET", "/api/outlets/summary/", { headers: auth["zenith.manager"] });
    expect(res.status).toBe(200);
    const summary = res.body as unknown as {
      by_state: Record<string, number>;
      projects: { slug: string; total: number; by_state: Record<string, number> }[];
    };
    expect(summary.projects.map((p) => p.slug)).toEqual(["zenith-retail-audit"]);
    const [{ n }] = (await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       WHERE s.slug LIKE 'zenith-%' AND o.status = 'active'`,
    )) as [{ n: number }];
    expect(summary.projects[0]!.total).toBe(n);
    expect(Object.values(summary.by_state).reduce((a, b) => a + b, 0)).toBe(n);
  });
});

describe("outlet counts", () => {
  it("stay equal to the outlets after every move, kept by the trigger", async () => {
    const counted = await server.db.query(
      `SELECT sub_project_id, workflow_state, status, is_temp, n FROM outlet_counts WHERE n > 0
       ORDER BY 1, 2, 3, 4`,
    );
    const actual = await server.db.query(
      `SELECT sub_project_id, workflow_state, status, is_temp, count(*)::int AS n FROM outlets
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(counted).toEqual(actual);
  });
});

describe("demo data of the workflow", () => {
  it("logs the moves that brought each outlet to its state, each one the machine allows", async () => {
    const rows = await server.db.query<{
      rsid: string;
      workflow_state: string;
      to_state: string | null;
      moves: number;
    }>(
      `SELECT o.rsid, o.workflow_state,
              (SELECT l.to_state FROM outlet_logs l WHERE l.outlet_id = o.id ORDER BY l.created DESC, l.id DESC LIMIT 1) AS to_state,
              (SELECT count(*)::int FROM outlet_logs l WHERE l.outlet_id = o.id) AS moves
       FROM outlets o WHERE o.rsid <= 'RS000200' ORDER BY o.rsid`,
    );
    for (const r of rows) {
      if (r.moves === 0) expect(r.workflow_state, r.rsid).toBe("qc_pending");
      else expect(r.to_state, r.rsid).toBe(r.workflow_state);
    }
    expect(rows.filter((r) => r.moves > 0).length).toBeGreaterThan(100);
  });
});
