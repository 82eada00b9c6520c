// @vitest-environment node
/**
 * Automatic assignment (docs/allocation.md, "Rules"): a team's rules give outlets entering its open
 * states to the least loaded of their executives within the capacity, inside the write that moved
 * them, logged as a manager's move is; managers of the team keep the rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { UPLOAD_TYPES } from "../../src/domain/uploads/uploadTypes";
import { startTestServer, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE, ACME_RETAIL_AUDIT_CYCLE, settle, upload } from "./uploads-support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of [
    "qc.manager",
    "calling.manager",
    "iftu.manager",
    "client.manager",
    "qc.executive",
    "admin",
    "project.manager",
  ])
    auth[user] = await server.signIn(user);
});
afterAll(() => server.close());

const call = (user: string, method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
  server.call(method, path, { headers: auth[user], ...(body === undefined ? {} : { body }) });

type Rule = {
  id: number;
  sub_project: { id: number; name: string } | null;
  executives: { id: number; name: string; active: boolean }[];
  capacity: number | null;
  active: boolean;
  version: number;
};
type Executive = { id: number; name: string; username: string; open: number };

const executives = async (team: string, user: string) =>
  ((await call(user, "GET", `/api/allocation/${team}/`)).body as unknown as { executives: Executive[] })
    .executives;
const byUsername = async (team: string, user: string, username: string) =>
  (await executives(team, user)).find((e) => e.username === username)!;

const addRule = (user: string, team: string, body: Record<string, unknown>) =>
  call(user, "POST", `/api/allocation/${team}/rules/`, {
    sub_project: null,
    capacity: null,
    active: true,
    ...body,
  });

const holder = async (outletId: number, field: string) =>
  (
    await server.db.query<{ holder: number | null; version: number }>(
      `SELECT ${field} AS holder, allocation_version AS version FROM workflow_objects WHERE outlet_id = $1`,
      [outletId],
    )
  )[0]!;

/** QC pending outlets of one sub-project no calling executive holds and no retailer request blocks. */
async function qcPending(count: number) {
  const rows = await server.db.query<{ id: number; rsid: string; sub_project_id: number; sub: string }>(
    `SELECT o.id, o.rsid, o.sub_project_id, s.name AS sub FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.workflow_state = 'qc_pending' AND o.status = 'active' AND NOT o.is_temp
       AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r WHERE r.workflow_object_id = w.id AND r.status = 'pending')
       AND NOT (o.id = ANY($1::int[]))
     ORDER BY o.sub_project_id, o.id`,
    [[...taken]],
  );
  const subs = [...new Set(rows.map((r) => r.sub_project_id))];
  const groups = subs.map((id) => rows.filter((r) => r.sub_project_id === id));
  const chosen = groups.find((g) => g.length >= count)!.slice(0, count);
  for (const r of chosen) taken.add(r.id);
  await server.db.query(
    "UPDATE workflow_objects SET assigned_calling_executive = NULL WHERE outlet_id = ANY($1)",
    [chosen.map((r) => r.id)],
  );
  return chosen;
}
const taken = new Set<number>();

const qcAccept = (ids: number[]) =>
  call("qc.manager", "POST", "/api/outlets/bulk-action/", {
    action_type: "qc_accepted",
    object_ids: ids,
    extra_data: {},
    select_all: false,
    chain_rsids: [],
  });

describe("automatic assignment rules", () => {
  it("are kept by the team's managers only, one per scope, changed at the version read", async () => {
    const imran = await byUsername("calling", "calling.manager", "calling.executive");
    expect((await call("client.manager", "GET", "/api/allocation/calling/rules/")).status).toBe(403);
    expect((await call("qc.manager", "GET", "/api/allocation/calling/rules/")).status).toBe(403);
    expect((await addRule("qc.executive", "calling", { executives: [imran.id] })).status).toBe(403);
    const qcExec = await byUsername("qc", "qc.manager", "qc.executive");
    const notTeam = await addRule("calling.manager", "calling", { executives: [qcExec.id] });
    expect(notTeam.status).toBe(400);
    expect(notTeam.body).toEqual({ executives: ["Choose executives of the Calling team."] });
    const noRoom = await addRule("calling.manager", "calling", { executives: [imran.id], capacity: 0 });
    expect(noRoom.status).toBe(400);
    expect(noRoom.body).toEqual({
      capacity: ["Give the capacity as a whole number from 1 to 100000, or leave it empty."],
    });
    const made = await addRule("calling.manager", "calling", { executives: [imran.id], active: false });
    expect(made.status).toBe(201);
    const rule = made.body as unknown as Rule;
    expect(rule).toMatchObject({
      sub_project: null,
      executives: [{ id: imran.id, name: "Imran Khan", active: true }],
      capacity: null,
      active: false,
      version: 1,
    });
    const twice = await addRule("calling.manager", "calling", { executives: [imran.id] });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      sub_project: ["This team already has a rule for this scope: edit that one."],
    });
    const edit = { sub_project: null, executives: [imran.id], capacity: 5, active: false, version: 1 };
    const saved = await call("calling.manager", "PUT", `/api/allocation/calling/rules/${rule.id}/`, edit);
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as Rule).capacity).toBe(5);
    const stale = await call("calling.manager", "PUT", `/api/allocation/calling/rules/${rule.id}/`, edit);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      detail:
        "This rule was changed by someone else since you opened it, so nothing was saved. Reload to see it.",
    });
    const removed = await call("calling.manager", "DELETE", `/api/allocation/calling/rules/${rule.id}/`, {
      version: 2,
    });
    expect(removed.status).toBe(204);
    expect((await call("calling.manager", "GET", "/api/allocation/calling/rules/")).body).toEqual({
      rules: [],
    });
  });

  it("gives QC accepted outlets to the less loaded executive, logging each move, keeping one already held", async () => {
    const imran = await byUsername("calling", "calling.manager", "calling.executive");
    const rahul = await byUsername("calling", "calling.manager", "calling.executive2");
    const made = await addRule("calling.manager", "calling", { executives: [imran.id, rahul.id] });
    expect(made.status).toBe(201);
    const outlets = await qcPending(4);
    // One outlet is already with Imran: it keeps him.
    await server.db.query(
      "UPDATE workflow_objects SET assigned_calling_executive = $1 WHERE outlet_id = $2",
      [imran.id, outlets[0]!.id],
    );
    const before = await holder(outlets[1]!.id, "assigned_calling_executive");
    const res = await qcAccept(outlets.map((o) => o.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lighter = imran.open + 1 < rahul.open ? imran : rahul;
    const after = await Promise.all(outlets.map((o) => holder(o.id, "assigned_calling_executive")));
    expect(after[0]!.holder).toBe(imran.id);
    // The lighter executive takes the three new ones while still the lighter (the loads are far apart).
    expect(Math.abs(imran.open - rahul.open)).toBeGreaterThan(3);
    expect(after.slice(1).map((a) => a.holder)).toEqual([lighter.id, lighter.id, lighter.id]);
    expect(after[1]!.version).toBe(before.version + 1);
    const review = await call("calling.manager", "GET", `/api/outlets/${outlets[1]!.rsid}/`);
    const body = review.body as unknown as {
      workflow_object: { assigned_calling_executive: { name: string } };
      logs: { action: string; message: string; reasons: string | null; by: string }[];
    };
    expect(body.workflow_object.assigned_calling_executive.name).toBe(lighter.name);
    expect(body.logs[0]).toMatchObject({
      action: "calling_allocation",
      message: `Automatic assignment (every sub-project's rule) gave the Calling executive ${lighter.name}.`,
      reasons: "every sub-project's rule",
      by: "System",
    });
    expect(body.logs[1]?.action).toBe("qc_accepted");
    const [kept] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outlet_logs WHERE outlet_id = $1 AND action = 'calling_allocation'",
      [outlets[0]!.id],
    );
    expect(kept!.n).toBe(0);
  });

  it("lets a sub-project's rule win over the team-wide one, never past its capacity", async () => {
    const rahul = await byUsername("calling", "calling.manager", "calling.executive2");
    const outlets = await qcPending(3);
    const sub = outlets[0]!.sub_project_id;
    // Room for exactly one more outlet: the other two are left with no one.
    const made = await addRule("calling.manager", "calling", {
      sub_project: sub,
      executives: [rahul.id],
      capacity: rahul.open + 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((made.body as unknown as Rule).sub_project).toEqual({ id: sub, name: outlets[0]!.sub });
    expect((await qcAccept(outlets.map((o) => o.id))).status).toBe(200);
    const after = await Promise.all(outlets.map((o) => holder(o.id, "assigned_calling_executive")));
    expect(after.map((a) => a.holder)).toEqual([rahul.id, null, null]);
    const rahulNow = await byUsername("calling", "calling.manager", "calling.executive2");
    expect(rahulNow.open).toBe(rahul.open + 1);
    const [log] = await server.db.query<{ message: string }>(
      "SELECT message FROM outlet_logs WHERE outlet_id = $1 AND action = 'calling_allocation'",
      [outlets[0]!.id],
    );
    expect(log!.message).toBe(
      `Automatic assignment (the ${outlets[0]!.sub} rule) gave the Calling executive Rahul Verma.`,
    );
  });

  it("gives an outlet plotted by the payout upload to the IFTU rule's executive", async () => {
    const pooja = await byUsername("iftu", "iftu.manager", "iftu.executive2");
    expect((await addRule("iftu.manager", "iftu", { executives: [pooja.id] })).status).toBe(201);
    const [o] = await server.db.query<{ id: number; rsid: string }>(
      `SELECT o.id, o.rsid FROM outlets o WHERE o.sub_project_id = $1 AND o.workflow_state = 'calling_accepted'
         AND NOT EXISTS (SELECT 1 FROM outlet_payouts p WHERE p.outlet_id = o.id AND p.payment_status = 'plotted')
       ORDER BY o.id LIMIT 1`,
      [ACME_3P_PAYOUT_CYCLE],
    );
    await server.db.query("UPDATE workflow_objects SET assigned_iftu_executive = NULL WHERE outlet_id = $1", [
      o!.id,
    ]);
    const file = writeWorkbook(
      "p",
      ["rsid", "program", "amount", "client_payout_month", "rs_payout_month"],
      [[o!.rsid, "Cooler Placement", "1500", "2026-11", "2026-12"]],
    );
    const admin = auth.admin as unknown as Record<string, string>;
    const res = await upload(
      server,
      admin,
      `object=payout_plotting&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      file,
      "p.xlsx",
    );
    const job = await settle(
      server,
      admin,
      `objects_type=payout_plotting&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      res.body.id as number,
    );
    const confirmed = await server.call(
      "POST",
      `/api/bulk/upload/${job.id}/activate/?object=payout_plotting`,
      {
        headers: admin,
      },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBeLessThan(300);
    const [state] = await server.db.query<{ workflow_state: string }>(
      "SELECT workflow_state FROM outlets WHERE id = $1",
      [o!.id],
    );
    expect(state!.workflow_state).toBe("payouts_plotted");
    expect((await holder(o!.id, "assigned_iftu_executive")).holder).toBe(pooja.id);
  });

  it("gives outlets made by the outlets upload, waiting for QC, to the QC rule's executive", async () => {
    const rohan = await byUsername("qc", "project.manager", "qc.executive");
    expect((await addRule("project.manager", "qc", { executives: [rohan.id] })).status).toBe(201);
    const header = UPLOAD_TYPES.outlets.columns.map((c) => c.name);
    const values = (rsid: string): Record<string, string> => ({
      rsid,
      outlet_name: `Kirana ${rsid}`,
      owner_name: "Ramesh Kumar",
      mobile: "9876543210",
      address: "12 Station Road",
      pin_code: "411005",
      city: "pune",
      state: "Maharashtra",
      territory: "Pune Central",
      zone: "Maharashtra",
    });
    const file = writeWorkbook(
      "outlets",
      header,
      ["RS710001", "RS710002"].map((rsid) => header.map((h) => values(rsid)[h]!)),
    );
    const pm = auth["project.manager"] as unknown as Record<string, string>;
    const query = `object=outlets&sub_project=${ACME_RETAIL_AUDIT_CYCLE}`;
    const res = await upload(server, pm, query, file, "outlets.xlsx");
    const job = await settle(
      server,
      pm,
      `objects_type=outlets&sub_project=${ACME_RETAIL_AUDIT_CYCLE}`,
      res.body.id as number,
    );
    const confirmed = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=outlets`, {
      headers: pm,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const made = await server.db.query<{ state: string; holder: number | null; action: string | null }>(
      `SELECT o.workflow_state AS state, w.assigned_qc_executive AS holder,
         (SELECT l.action FROM outlet_logs l WHERE l.outlet_id = o.id ORDER BY l.id DESC LIMIT 1) AS action
       FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.rsid LIKE 'RS7100%' ORDER BY o.rsid`,
    );
    expect(made).toEqual([
      { state: "qc_pending", holder: rohan.id, action: "qc_allocation" },
      { state: "qc_pending", holder: rohan.id, action: "qc_allocation" },
    ]);
  });
});
