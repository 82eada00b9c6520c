// @vitest-environment node
/**
 * Outlet data as a hostile client would try it: a view-only role writing a retailer's bank account,
 * a status change past a pending retailer request, a permission that is not an outlet permission
 * reading outlets, and answers saved in formats the screen would never send.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutletReview } from "../../src/domain/outlets/outletReview";
import { PENDING_RETAILER_EDITS } from "../../src/domain/outlets/retailerRequests";
import {
  answerValueOf,
  type GroupAnswers,
  type Question,
  type QuestionGroup,
} from "../../src/domain/survey/survey";
import { PNG_HEAD as PNG, startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
const USERS = [
  "qc.manager",
  "qc.executive",
  "client.manager",
  "client.executive",
  "iftu.executive",
  "product.owner",
];

beforeAll(async () => {
  server = await startTestServer();
  for (const user of USERS) auth[user] = await server.signIn(user);
});
afterAll(() => server.close());

const call = (user: string, method: string, path: string, body?: unknown) =>
  server.call(method, path, { headers: auth[user], body });

type Outlet = { id: number; rsid: string; wo: number; workflow_state: string; account_number: string };
async function outlet(rsid: string): Promise<Outlet> {
  const [row] = await server.db.query<Outlet>(
    `SELECT o.id, o.rsid, w.id AS wo, o.workflow_state, w.account_number
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.rsid = $1`,
    [rsid],
  );
  return row!;
}
async function pendingRequests(wo: number): Promise<number[]> {
  const rows = await server.db.query<{ id: number }>(
    "SELECT id FROM retailer_master_requests WHERE workflow_object_id = $1 AND status = 'pending' ORDER BY id",
    [wo],
  );
  return rows.map((r) => r.id);
}
/** The edit form's values as the screen fills them from the outlet (Edit Outlet Information). */
const editValues = (o: OutletReview) => ({
  address: o.address,
  pin_code: o.pin,
  email: o.email ?? "",
  phone_number1: o.phone_number1,
  phone_number2: o.phone_number2 ?? "",
  dob: o.dob ?? "",
  bank_account_type: o.bank_account_type ?? "",
  account_number: o.workflow_object.account_number ?? "",
  account_holder_name: o.workflow_object.account_holder_name ?? "",
  bank: o.workflow_object.bank ?? "",
  ifsc_code: o.workflow_object.ifsc_code ?? "",
  gst_number: o.gst_number,
  pan_number: o.pan_number,
});

describe("changing outlet data needs edit permission (001 §4.2, §6)", () => {
  const MALLORY = {
    account_number: "999988887777",
    ifsc_code: "HDFC0001234",
    account_holder_name: "Mallory Attacker",
  };

  it("refuses a view-only client role the outlet edit, the decisions and the proof images", async () => {
    const o = await outlet("RS000258");
    expect(o.workflow_state).toBe("wip_client_accepted");
    const before = await call("client.manager", "GET", `/api/outlets/${o.rsid}/`);
    expect(before.status).toBe(200);
    const data = { ...editValues(before.body as unknown as OutletReview), ...MALLORY };
    const edit = await call("client.executive", "PATCH", `/api/outlets/${o.rsid}/`, { data });
    expect(edit.status, JSON.stringify(edit.body)).toBe(403);

    const [request] = await pendingRequests(o.wo);
    for (const body of [
      { request_id: request, status: "accepted" },
      { request_id: request, status: "rejected", rejection_reason: "details_incorrect" },
    ]) {
      const decided = await call("client.executive", "POST", "/api/retailer-requests/decision/", body);
      expect(decided.status, JSON.stringify(decided.body)).toBe(403);
    }
    expect(await pendingRequests(o.wo)).toContain(request);
    expect((await outlet(o.rsid)).account_number).toBe(o.account_number);

    const previous = await call("client.executive", "POST", `/api/outlets/${o.rsid}/action/`, {
      action_to_perform: "reject",
    });
    expect(previous.status).toBe(403);

    const form = new FormData();
    form.set("name", "bank_related_photo_proofs");
    form.set("outlet", o.rsid);
    form.set("image", new File([PNG], "proof.png"));
    const upload = await server.app.request("/api/common/images/", {
      method: "POST",
      body: form,
      headers: auth["client.executive"],
    });
    expect(upload.status).toBe(403);
  });

  it("refuses the payout executive a decision where its action list offers it nothing", async () => {
    const o = await outlet("RS000258");
    const [request] = await pendingRequests(o.wo);
    const decided = await call("iftu.executive", "POST", "/api/retailer-requests/decision/", {
      request_id: request,
      status: "rejected",
      rejection_reason: "details_incorrect",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(403);
  });

  it("still lets a role whose action list offers an action decide in the same state", async () => {
    const o = await outlet("RS000258");
    const [request] = await pendingRequests(o.wo);
    const decided = await call("client.manager", "POST", "/api/retailer-requests/decision/", {
      request_id: request,
      status: "rejected",
      rejection_reason: "details_incorrect",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  });
});

describe("a pending retailer request blocks status changes too (001 §4.4)", () => {
  const bulk = (ids: number[]) =>
    call("qc.executive", "POST", "/api/outlets/bulk-action/", {
      action_type: "qc_accepted",
      object_ids: ids,
      extra_data: {},
      select_all: false,
      chain_rsids: [],
    });

  it("refuses one outlet with pending requests, naming it, and moves nothing", async () => {
    const o = await outlet("RS000008");
    expect((await pendingRequests(o.wo)).length).toBe(2);
    const res = await bulk([o.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body)).toContain(`${o.rsid}: ${PENDING_RETAILER_EDITS}`);
    expect((await outlet(o.rsid)).workflow_state).toBe(o.workflow_state);
  });

  it("refuses a selection holding one, naming only the blocked outlet", async () => {
    const o = await outlet("RS000008");
    const [free] = await server.db.query<{ id: number; rsid: string }>(
      `SELECT o.id, o.rsid FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
       JOIN sub_projects s ON s.id = o.sub_project_id
       WHERE o.workflow_state = $1 AND s.type = (SELECT s2.type FROM outlets o2 JOIN sub_projects s2
         ON s2.id = o2.sub_project_id WHERE o2.id = $2) AND o.id <> $2
         AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r WHERE r.workflow_object_id = w.id)
       ORDER BY o.id LIMIT 1`,
      [o.workflow_state, o.id],
    );
    const res = await bulk([o.id, free!.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text).toContain(`${o.rsid}: ${PENDING_RETAILER_EDITS}`);
    expect(text).not.toContain(free!.rsid);
    const rows = await server.db.query<{ workflow_state: string }>(
      "SELECT workflow_state FROM outlets WHERE id = ANY ($1::int[])",
      [[o.id, free!.id]],
    );
    expect(rows.every((r) => r.workflow_state === o.workflow_state)).toBe(true);
  });
});

describe("reading outlets needs an outlet permission", () => {
  it("refuses a role holding only the Machines permission every outlet read", async () => {
    const o = await outlet("RS000001");
    for (const path of [
      "/api/outlets/",
      `/api/outlets/${o.rsid}/`,
      `/api/outlets/similar/${o.id}/`,
      `/api/survey/question-groups/?workflow_object=${o.wo}`,
      `/api/retailer-requests/?workflow_object=${o.wo}`,
      `/api/pp/${o.rsid}/earnings/`,
      `/api/pp/${o.rsid}/invoices/`,
    ]) {
      const res = await call("product.owner", "GET", path);
      expect(res.status, path).toBe(403);
    }
  });

  it("still lets the view-only client role read its organisation's outlets", async () => {
    const res = await call("client.executive", "GET", "/api/outlets/RS000001/");
    expect(res.status).toBe(200);
  });
});

describe("answers are saved only in the formats of 001 §5.1", () => {
  type Slot = { question: Question; value: ReturnType<typeof answerValueOf> };
  let wo: number;
  const slots = new Map<string, Slot>();

  beforeAll(async () => {
    const [row] = await server.db.query<{ wo: number }>(
      `SELECT w.id AS wo FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
       JOIN sub_projects s ON s.id = o.sub_project_id
       WHERE o.workflow_state = 'qc_pending' AND s.slug LIKE 'acme-%' AND o.rsid <= 'RS000100'
         AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r WHERE r.workflow_object_id = w.id)
       ORDER BY o.rsid LIMIT 1`,
    );
    wo = row!.wo;
    const groups = await call("qc.manager", "GET", `/api/survey/question-groups/?workflow_object=${wo}`);
    for (const g of (groups.body as unknown as { results: QuestionGroup[] }).results) {
      const res = await call(
        "qc.manager",
        "GET",
        `/api/survey/answers/?filter_answers=true&related_answers__workflow_object=${wo}&question_group=${g.id}&no-pagination`,
      );
      for (const q of (res.body as unknown as GroupAnswers).results)
        if (q.related_answers[0] && !slots.has(q.name))
          slots.set(q.name, { question: q, value: answerValueOf(q.related_answers[0]) });
    }
  });

  const answerId = (name: string) => slots.get(name)!.question.related_answers[0]!.id;
  const versionOf = async (name: string) =>
    (
      await server.db.query<{ version: number }>("SELECT version FROM answers WHERE id = $1", [
        answerId(name),
      ])
    )[0]!.version;
  const save = async (name: string, change: Partial<Slot["value"]>) =>
    call("qc.manager", "POST", "/api/update/", {
      object_type: "answers",
      data_to_create: null,
      data_to_update: { [answerId(name)]: { ...change, version: await versionOf(name) } },
    });

  it.each([
    ["PAN", { single_input: "12345ABCDE" }],
    ["PAN", { single_input: "abcpe1234f" }],
    ["GST number", { single_input: "27ABCPE1234F1Z0" }],
    ["GST number", { single_input: "99ABCPE1234F1Z0" }],
    ["IFSC", { single_input: "HDFC1001234" }],
    ["Bank account number", { other_ifsc_code: "HDFC1001234" }],
    ["Facings", { single_input: "0x10" }],
    ["Facings", { single_input: "1e1" }],
    ["In stock", { multiple_answers_input: ["Yes", "No"] }],
    ["Shop front photo", { single_input: "javascript:alert(1)" }],
  ])("refuses %s as %j and keeps the answer", async (name, change) => {
    expect(slots.has(name), name).toBe(true);
    const version = await versionOf(name);
    const res = await save(name, change);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await versionOf(name)).toBe(version);
  });

  it("takes a valid PAN, GST and IFSC", async () => {
    for (const name of ["PAN", "GST number", "IFSC"]) {
      const res = await save(name, { single_input: slots.get(name)!.value.single_input });
      expect(res.status, `${name} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
