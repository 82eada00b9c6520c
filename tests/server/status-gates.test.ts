// @vitest-environment node
/**
 * The Update Status gates (spec 001 §4.5) kept by the server on the status move itself: a calling
 * executive is refused while a phone of the outlet lacks a reason, everyone while a question group
 * of the outlet has no saved answers (docs/calling.md). Demo outlets (docs/demo-data.md): RS000025's
 * phone is not reachable and its other phone has no reason; RS000018's phones have none; RS000028's
 * phones all have one; outlets past RS000100 have no saved answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWERS_INCOMPLETE,
  type CallingTrackerList,
  REASONS_INCOMPLETE,
  reasonUpdateOf,
} from "../../src/domain/outlets/calling";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["calling.executive", "qc.manager", "project.manager"])
    auth[user] = await server.signIn(user);
});
afterAll(async () => {
  await server.close();
});

type Outlet = { id: number; rsid: string; version: number; workflow_state: string };

async function outlet(rsid: string): Promise<Outlet> {
  const [row] = await server.db.query<Outlet>(
    "SELECT id, rsid, version, workflow_state FROM outlets WHERE rsid = $1",
    [rsid],
  );
  return row!;
}

async function move(user: string, action: string, outlets: Outlet[]) {
  return server.call("POST", "/api/outlets/bulk-action/", {
    headers: auth[user],
    body: {
      action_type: action,
      object_ids: outlets.map((o) => o.id),
      extra_data: {},
      select_all: false,
      chain_rsids: [],
      object_versions: Object.fromEntries(outlets.map((o) => [String(o.id), o.version])),
    },
  });
}

describe("the calling tracker reasons gate (a calling executive)", () => {
  it("refuses the move while a phone lacks a reason, and takes it once every phone has one", async () => {
    const o = await outlet("RS000025");
    expect(o.workflow_state).toBe("qc_accepted");
    const refused = await move("calling.executive", "calling_accepted", [o]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ object_ids: [`RS000025: ${REASONS_INCOMPLETE}`] });
    expect((await outlet("RS000025")).workflow_state).toBe("qc_accepted");

    const list = await server.call("GET", `/api/workflow/calling-trackers/?linked_outlets=${o.id}`, {
      headers: auth["calling.executive"],
    });
    const missing = (list.body as unknown as CallingTrackerList).results.filter((t) => t.reason === null);
    expect(missing.length).toBeGreaterThan(0);
    for (const tracker of missing) {
      const saved = await server.call("POST", "/api/update/", {
        headers: auth["calling.executive"],
        body: reasonUpdateOf(tracker, "wrong_number"),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    const moved = await move("calling.executive", "calling_accepted", [o]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await outlet("RS000025")).workflow_state).toBe("calling_accepted");
  });

  it("holds every outlet of a bulk move, so the list is no way round it", async () => {
    const none = await outlet("RS000018");
    const complete = await outlet("RS000019");
    const refused = await move("calling.executive", "calling_accepted", [none, complete]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ object_ids: [`RS000018: ${REASONS_INCOMPLETE}`] });
    expect((await outlet("RS000028")).workflow_state).toBe(complete.workflow_state);

    const alone = await move("calling.executive", "calling_accepted", [complete]);
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
  });

  it("does not weigh the reasons for other roles", async () => {
    // RS000023 shares RS000018's phone without a reason: the project manager takes the call's step.
    const o = await outlet("RS000023");
    expect(o.workflow_state).toBe("qc_accepted");
    const res = await move("project.manager", "calling_accepted", [o]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("the saved answers gate (everyone)", () => {
  it("refuses the move of an outlet with a question group without saved answers", async () => {
    const o = await outlet("RS000115");
    expect(o.workflow_state).toBe("qc_pending");
    const res = await move("qc.manager", "qc_accepted", [o]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ object_ids: [`RS000115: ${ANSWERS_INCOMPLETE}`] });
    expect((await outlet("RS000115")).workflow_state).toBe("qc_pending");
  });

  it("refuses once one group's answers are gone, and moves an outlet whose groups are all answered", async () => {
    const gone = await outlet("RS000003");
    const whole = await outlet("RS000005");
    expect([gone.workflow_state, whole.workflow_state]).toEqual(["qc_pending", "qc_pending"]);
    await server.db.query(
      `DELETE FROM answers a USING questions q, question_groups g, workflow_objects w
       WHERE q.id = a.question_id AND g.id = q.question_group_id AND g.name = 'Stock Check'
         AND w.id = a.workflow_object_id AND w.outlet_id = $1`,
      [gone.id],
    );
    const refused = await move("qc.manager", "qc_accepted", [gone]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ object_ids: [`RS000003: ${ANSWERS_INCOMPLETE}`] });

    const moved = await move("qc.manager", "qc_accepted", [whole]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await outlet("RS000005")).workflow_state).toBe("qc_accepted");
  });

  it("leaves the list's move of several outlets to the bulk rules (000 §4.2)", async () => {
    const [unanswered, answered] = await Promise.all([outlet("RS000003"), outlet("RS000007")]);
    const res = await move("qc.manager", "qc_accepted", [unanswered, answered]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ detail: "Updated 2 outlets.", updated: 2 });
  });
});
