// @vitest-environment node
/**
 * Automatic assignment on the paths that create or move outlets outside Update Status and the
 * uploads (docs/allocation.md, "Rules"): a field recovery that makes a new outlet in its first
 * state gives it to the QC rule's executive, inside the recovery; a payment moves the outlet out of
 * every team's open work, so the payout team's rule gives it to no one. `autoAssign` is watched to
 * show it runs inside each write, with the outlets that write moved.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { autoAssign } from "../../server/allocation/autoAssign";
import { demoDump } from "../../server/seed/fieldAppDump";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { DAY, startTestServer, TEST_START, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE } from "./uploads-support";

vi.mock("../../server/allocation/autoAssign", async (original) => {
  const real = await original<typeof import("../../server/allocation/autoAssign")>();
  return { autoAssign: vi.fn(real.autoAssign) };
});

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["field.coordinator", "qc.manager", "iftu.manager", "iftu.executive"])
    auth[user] = await server.signIn(user);
});
afterAll(() => server.close());

const call = (user: string, method: "GET" | "POST", path: string, body?: unknown) =>
  server.call(method, path, { headers: auth[user], ...(body === undefined ? {} : { body }) });
const executiveId = async (team: string, manager: string, username: string) =>
  (
    (await call(manager, "GET", `/api/allocation/${team}/`)).body as unknown as {
      executives: { id: number; username: string }[];
    }
  ).executives.find((e) => e.username === username)!.id;
const addRule = async (manager: string, team: string, executive: number) =>
  expect(
    (
      await call(manager, "POST", `/api/allocation/${team}/rules/`, {
        sub_project: null,
        capacity: null,
        active: true,
        executives: [executive],
      })
    ).status,
  ).toBe(201);
async function settle() {
  await runnerOf(server.deps)?.idle();
  await runPendingWork(server.deps, null);
  await runnerOf(server.deps)?.idle();
}

describe("automatic assignment", () => {
  it("gives an outlet a field recovery makes, waiting for QC, to the QC rule's executive", async () => {
    const rohan = await executiveId("qc", "qc.manager", "qc.executive");
    await addRule("qc.manager", "qc", rohan);
    const [{ id: auditor }] = (await server.db.query<{ id: number }>(
      "SELECT id FROM field_auditors WHERE mobile = '9000000003'",
    )) as [{ id: number }];
    const [sub] = await server.db.query<{ id: number; project_id: number }>(
      "SELECT id, project_id FROM sub_projects WHERE slug = 'acme-retail-audit-main'",
    );
    const surveyDate = new Date(TEST_START - 2 * DAY).toISOString().slice(0, 10);
    const place = { subProject: "acme-retail-audit-main", surveyDate, cityId: 1, territoryId: 1 };
    const form = new FormData();
    const dump = demoDump("9000000003", ["RSF40001"], place);
    form.append("uploaded_file", new File([dump], "dump.json", { type: "application/json" }));
    form.append("field_app_user", String(auditor));
    const uploaded = await server.app.request("/api/field-app-dumps/", {
      method: "POST",
      headers: auth["field.coordinator"],
      body: form,
    });
    expect(uploaded.status).toBe(201);
    await settle();
    const made = await call("field.coordinator", "POST", "/api/outlet-recovery/", {
      project_id: sub!.project_id,
      sub_project_id: sub!.id,
      auditor_id: auditor,
      rsid_list: ["RSF40001"],
      date_uploaded: surveyDate,
    });
    expect(made.status).toBe(201);
    vi.mocked(autoAssign).mockClear();
    await call("field.coordinator", "POST", `/api/outlet-recovery/${made.body.id}/confirm/`);
    await settle();
    const [outlet] = await server.db.query<{ id: number; state: string; holder: number | null; log: string }>(
      `SELECT o.id, o.workflow_state AS state, w.assigned_qc_executive AS holder,
         (SELECT l.message FROM outlet_logs l WHERE l.outlet_id = o.id ORDER BY l.id DESC LIMIT 1) AS log
       FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.rsid = 'RSF40001'`,
    );
    expect(outlet).toMatchObject({ state: "qc_pending", holder: rohan });
    expect(outlet!.log).toMatch(/rule/i);
    expect(autoAssign).toHaveBeenCalledWith(expect.anything(), [outlet!.id], expect.any(Date));
  });

  it("runs on a payment, whose paid outlet leaves the payout team's work and is given to no one", async () => {
    const pooja = await executiveId("iftu", "iftu.manager", "iftu.executive2");
    await addRule("iftu.manager", "iftu", pooja);
    const [o] = await server.db.query<{ id: number; version: number }>(
      `SELECT o.id, o.version FROM outlets o WHERE o.sub_project_id = $1 AND o.workflow_state = 'payouts_plotted'
         AND EXISTS (SELECT 1 FROM outlet_payouts p WHERE p.outlet_id = o.id AND p.payment_status = 'plotted')
         AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r JOIN workflow_objects w ON w.id = r.workflow_object_id
           WHERE w.outlet_id = o.id AND r.status = 'pending')
       ORDER BY o.id LIMIT 1`,
      [ACME_3P_PAYOUT_CYCLE],
    );
    await server.db.query("UPDATE workflow_objects SET assigned_iftu_executive = NULL WHERE outlet_id = $1", [
      o!.id,
    ]);
    vi.mocked(autoAssign).mockClear();
    const paid = await call("iftu.executive", "POST", "/api/outlets/bulk-action/", {
      action_type: "payment_successful",
      object_ids: [o!.id],
      object_versions: { [String(o!.id)]: o!.version },
      extra_data: {
        utr_number: "123456789012",
        amount: "1500",
        payment_date: "2026-11-19",
        payment_remarks: "November payout",
      },
      chain_rsids: [],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    const [after] = await server.db.query<{ state: string; holder: number | null }>(
      `SELECT o.workflow_state AS state, w.assigned_iftu_executive AS holder
       FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.id = $1`,
      [o!.id],
    );
    expect(after).toEqual({ state: "payment_successful", holder: null });
    expect(autoAssign).toHaveBeenCalledWith(expect.anything(), [o!.id], expect.any(Date));
  });
});
