// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_SCENARIOS } from "../../server/seed/review";
import { NO_PENDING_EDIT, type OutletReview, TYPES_OF_CALLING } from "../../src/domain/outlets/outletReview";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of [
    "qc.manager",
    "qc.executive",
    "client.manager",
    "zenith.manager",
    "calling.executive",
  ]) {
    auth[user] = await server.signIn(user);
  }
});
afterAll(async () => {
  await server.close();
});

const get = (user: string, path: string) => server.call("GET", path, { headers: auth[user] });
async function detail(user: string, rsid: string) {
  const res = await get(user, `/api/outlets/${rsid}/`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as OutletReview;
}
const act = (user: string, rsid: string, body: unknown) =>
  server.call("POST", `/api/outlets/${rsid}/action/`, { headers: auth[user], body });

async function zenithOutlet() {
  const [row] = await server.db.query<{ id: number; rsid: string; wo: number }>(
    `SELECT o.id, o.rsid, w.id AS wo FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     JOIN sub_projects s ON s.id = o.sub_project_id WHERE s.slug LIKE 'zenith-%' ORDER BY o.rsid LIMIT 1`,
  );
  return row!;
}

describe("outlet data for the review screen", () => {
  it("gives every outlet one workflow object, also outlets created later", async () => {
    const [counts] = await server.db.query<{ outlets: number; objects: number; distinct: number }>(
      `SELECT (SELECT count(*)::int FROM outlets) AS outlets, count(*)::int AS objects,
              count(DISTINCT outlet_id)::int AS distinct FROM workflow_objects`,
    );
    expect(counts!.objects).toBe(counts!.outlets);
    expect(counts!.distinct).toBe(counts!.outlets);
    await server.db.query(
      `INSERT INTO outlets (rsid, name, owner_name, address, pin, city_id, state_id, region_id, zone_id, territory_id,
         phone, pan, gst, ifsc, account_number, sub_project_id, workflow_state, created, modified)
       SELECT 'RSNEW01', name, owner_name, address, pin, city_id, state_id, region_id, zone_id, territory_id,
         phone, pan, gst, ifsc, account_number, sub_project_id, 'qc_pending', created, modified
       FROM outlets WHERE rsid = 'RS000001'`,
    );
    const objects = await server.db.query(
      "SELECT w.id FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id WHERE o.rsid = 'RSNEW01'",
    );
    expect(objects).toHaveLength(1);
  });

  it("returns the outlet with its workflow object and the header card's scenarios", async () => {
    const outlet = await detail("qc.manager", REVIEW_SCENARIOS.longNotesSameNames);
    expect(outlet.workflow_object.workflow_state).toBe(outlet.workflow_state);
    expect(outlet.workflow_object.type_of_calling).toBe("validation");
    expect(outlet.notes_by_field_auditor!.length).toBeGreaterThan(22);
    expect(outlet.gst_trade_name).toBe(outlet.gst_legal_name);
    expect(outlet.previous_outlet).toEqual({ outlet_id: "RS000002" });
    expect(outlet.workflow_object.assigned_qc_manager?.name).toBe("Meera Kulkarni");
    expect(outlet.phone_number1).toBe(outlet.phone);
    expect(outlet.banner_image).toMatch(/^\/api\/outlets\/RS000001\/images\/\d+\/$/);
    const image = await server.call("GET", outlet.banner_image!, { headers: auth["qc.manager"] });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");

    const missing = await detail("qc.manager", REVIEW_SCENARIOS.missingValues);
    expect(missing.field_survey_start_datetime).toBeNull();
    expect(missing.banner_image).toBeNull();
    expect(missing.workflow_object.assigned_qc_manager).toBeNull();
  });

  it("reads travel_log from the outlet log: the states moved to, newest first (001 §3)", async () => {
    const [rejected] = await server.db.query<{ rsid: string }>(
      "SELECT rsid FROM outlets WHERE workflow_state = 'calling_rejected' ORDER BY id LIMIT 1",
    );
    const outlet = await detail("qc.manager", rejected!.rsid);
    expect(outlet.workflow_object.travel_log[0]).toBe("calling_rejected");
    expect(outlet.workflow_object.travel_log).toContain("qc_accepted");
    const pending = await server.db.query<{ rsid: string }>(
      `SELECT o.rsid FROM outlets o WHERE o.workflow_state = 'qc_pending'
       AND NOT EXISTS (SELECT 1 FROM outlet_logs l WHERE l.outlet_id = o.id) ORDER BY o.id LIMIT 1`,
    );
    expect((await detail("qc.manager", pending[0]!.rsid)).workflow_object.travel_log).toEqual([]);
  });

  it("has every type of calling among the outlets a calling executive opens", async () => {
    const rows = await server.db.query<{ type_of_calling: string }>(
      "SELECT DISTINCT type_of_calling FROM workflow_objects WHERE type_of_calling IS NOT NULL",
    );
    expect(rows.map((r) => r.type_of_calling).sort()).toEqual([...TYPES_OF_CALLING].sort());
  });
});

describe("outlet detail access", () => {
  it("shows a client its own organisation's outlet and another's as not found, without data", async () => {
    await detail("client.manager", "RS000001");
    const zenith = await zenithOutlet();
    const res = await get("client.manager", `/api/outlets/${zenith.rsid}/`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(zenith.rsid);
    const [image] = await server.db.query<{ id: number }>(
      "SELECT id FROM outlet_images WHERE outlet_id = $1",
      [zenith.id],
    );
    if (image)
      expect((await get("client.manager", `/api/outlets/${zenith.rsid}/images/${image.id}/`)).status).toBe(
        404,
      );
    expect((await get("client.manager", `/api/outlets/qc-edit-history/${zenith.wo}/`)).status).toBe(404);
    expect((await get("client.manager", `/api/outlets/similar/${zenith.id}/`)).status).toBe(404);
    expect((await get("client.manager", "/api/outlets/similar/abc/")).status).toBe(404);
  });
});

describe("similar outlets", () => {
  it("lists outlets sharing the PAN, GST, bank account or phone with the modal's columns", async () => {
    const outlet = await detail("qc.manager", "RS000004");
    expect(outlet.similar_outlets_count).toBeGreaterThan(0);
    const res = await get("qc.manager", `/api/outlets/similar/${outlet.id}/`);
    expect(res.status).toBe(200);
    const results = (res.body as { results: Record<string, unknown>[] }).results;
    expect(results).toHaveLength(outlet.similar_outlets_count);
    const shared = results.find((r) => r.rsid === "RS000003");
    expect(shared).toMatchObject({ account_number: outlet.workflow_object.account_number });
    expect(Object.keys(shared!).sort()).toEqual(
      [
        "account_number",
        "gst_number",
        "name",
        "outlet_id",
        "pan_number",
        "phone_number",
        "rsid",
        "workflow_state",
      ].sort(),
    );
  });
});

describe("accepting or rejecting previous address and phone edits", () => {
  it("accepts: keeps the new values, clears the old, logs it and writes QC edit history, once", async () => {
    const before = await detail("qc.manager", REVIEW_SCENARIOS.pendingEdit);
    expect(before.previous_address).not.toBeNull();
    const res = await act("qc.manager", REVIEW_SCENARIOS.pendingEdit, { action_to_perform: "accept" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await detail("qc.manager", REVIEW_SCENARIOS.pendingEdit);
    expect(after.previous_address).toBeNull();
    expect(after.previous_phone_number1).toBeNull();
    expect(after.address).toBe(before.address);
    expect(after.logs[0]!.message).toBe("Address, Phone number 1 edit accepted");
    expect(after.logs).toHaveLength(before.logs.length + 1);
    const history = await get("qc.manager", `/api/outlets/qc-edit-history/${after.workflow_object.id}/`);
    expect(history.status).toBe(200);
    const lines = (history.body as { data: { message: string; created: string }[] }).data;
    expect(lines.map((l) => l.message)).toContain(
      `Address changed from ${before.previous_address} to ${before.address} (edit accepted)`,
    );
    const again = await act("qc.manager", REVIEW_SCENARIOS.pendingEdit, { action_to_perform: "accept" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: NO_PENDING_EDIT });
  });

  it("rejects: puts the replaced address and phone back", async () => {
    const rsid = `RS${String(REVIEW_SCENARIOS.pendingEditEvery + 4).padStart(6, "0")}`;
    const before = await detail("qc.manager", rsid);
    expect(before.previous_address).not.toBeNull();
    const res = await act("qc.manager", rsid, { action_to_perform: "reject" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await detail("qc.manager", rsid);
    expect(after.address).toBe(before.previous_address);
    expect(after.phone_number1).toBe(before.previous_phone_number1);
    expect(after.previous_address).toBeNull();
  });

  it("applies two decisions sent at once only once: the second is told nothing is pending", async () => {
    const rsid = `RS${String(3 * REVIEW_SCENARIOS.pendingEditEvery + 4).padStart(6, "0")}`;
    const before = await detail("qc.manager", rsid);
    expect(before.previous_address).not.toBeNull();
    const answers = await Promise.all([
      act("qc.manager", rsid, { action_to_perform: "reject" }),
      act("qc.manager", rsid, { action_to_perform: "accept" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await detail("qc.manager", rsid);
    expect(after.logs).toHaveLength(before.logs.length + 1);
    const history = await get("qc.manager", `/api/outlets/qc-edit-history/${after.workflow_object.id}/`);
    expect((history.body as { data: unknown[] }).data).toHaveLength(2);
  });

  it("answers a bad action with a field line and leaves the outlet as it was", async () => {
    const rsid = `RS${String(2 * REVIEW_SCENARIOS.pendingEditEvery + 4).padStart(6, "0")}`;
    for (const body of [{}, { action_to_perform: "approve" }, { action_to_perform: ["accept"] }, "[]"]) {
      const res = await act("qc.manager", rsid, body);
      expect(res.status).toBe(400);
    }
    expect((await act("qc.manager", rsid, { action_to_perform: "approve" })).body).toEqual({
      action_to_perform: ['"approve" is not a valid choice.'],
    });
    expect((await detail("qc.manager", rsid)).previous_address).not.toBeNull();
  });

  it("checks role and state on the server, and the organisation", async () => {
    const [notPending] = await server.db.query<{ rsid: string }>(
      "SELECT rsid FROM outlets WHERE previous_address IS NOT NULL AND workflow_state NOT IN ('qc_pending', 'wip_client_accepted', 'calling_accepted') ORDER BY rsid LIMIT 1",
    );
    expect((await act("qc.executive", notPending!.rsid, { action_to_perform: "accept" })).status).toBe(403);
    expect((await act("calling.executive", notPending!.rsid, { action_to_perform: "accept" })).status).toBe(
      403,
    );
    expect((await act("zenith.manager", notPending!.rsid, { action_to_perform: "accept" })).status).toBe(404);
    expect((await detail("qc.manager", notPending!.rsid)).previous_address).not.toBeNull();
  });
});
