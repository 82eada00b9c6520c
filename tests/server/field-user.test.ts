/**
 * The field auditor's own area (eMyTrack): lists, outlet detail and survey listing answer only the
 * signed-in auditor's outlets; another auditor's outlet is not found, with nothing of it in the answer.
 */

import { Exit, Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import { type FieldList, FieldSurveyListing, fieldListOf } from "../../src/domain/ekyc/fieldUser";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let headers: Record<string, string>;
type Own = { rsid: string; name: string; type: string; workflow_state: string };
let own: Own[];
let other: { rsid: string; name: string };

beforeAll(async () => {
  server = await startTestServer({ outlets: 200 });
  const [user] = await server.db.query<{ id: number }>(
    "SELECT id FROM users WHERE username = 'auditor.9000000001'",
  );
  const token = await createSession(server.db, user!.id, "my_track", server.clock.now, cryptoRandomBytes);
  headers = { authorization: `sessionid ${token}` };
  own = await server.db.query<Own>(
    `SELECT o.rsid, o.name, s.type, o.workflow_state FROM outlets o
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN field_auditors fa ON fa.id = o.auditor_id
     WHERE fa.mobile = '9000000001'`,
  );
  const [theirs] = await server.db.query<{ rsid: string; name: string }>(
    `SELECT o.rsid, o.name FROM outlets o JOIN field_auditors fa ON fa.id = o.auditor_id
     WHERE fa.mobile = '9000000002' ORDER BY o.id LIMIT 1`,
  );
  other = theirs!;
});
afterAll(() => server.close());

const get = (path: string) => server.call("GET", path, { headers });
const inList = (list: FieldList) => own.filter((o) => fieldListOf(o.type, o.workflow_state) === list);

describe("the field auditor's lists", () => {
  it("hold exactly the auditor's outlets of each list, and the summary counts them the same way", async () => {
    expect(own.length).toBeGreaterThan(10);
    const summary = await get("/api/my-track/outlets/summary/");
    expect(summary.status).toBe(200);
    for (const list of ["pending", "rejected", "completed"] as const) {
      const page = await get(`/api/my-track/outlets/?list=${list}&page-size=100`);
      expect(page.status).toBe(200);
      const rsids = (page.body.results as { rsid: string }[]).map((r) => r.rsid).sort();
      expect(rsids, list).toEqual(
        inList(list)
          .map((o) => o.rsid)
          .sort(),
      );
      expect(page.body.count).toBe(inList(list).length);
      expect((summary.body.lists as Record<string, number>)[list]).toBe(inList(list).length);
    }
    expect(inList("pending").length + inList("rejected").length + inList("completed").length).toBe(
      own.length,
    );
  });

  it("pages, newest change first", async () => {
    const list = (["pending", "rejected", "completed"] as const).find((l) => inList(l).length > 3)!;
    const first = await get(`/api/my-track/outlets/?list=${list}&page-size=15&page=1`);
    expect(first.body.current_page_number).toBe(1);
    expect(first.body.page_size).toBe(15);
    const rows = first.body.results as { modified: string }[];
    expect(rows.map((r) => r.modified)).toEqual([...rows.map((r) => r.modified)].sort().reverse());
    const beyond = await get(`/api/my-track/outlets/?list=${list}&page=999`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.results).toEqual([]);
  });

  it("searches the auditor's outlets by RSID, outlet or owner name, never another auditor's", async () => {
    const target = own[0]!;
    const list = fieldListOf(target.type, target.workflow_state)!;
    const byRsid = await get(`/api/my-track/outlets/?list=${list}&search=${target.rsid.toLowerCase()}`);
    expect((byRsid.body.results as { rsid: string }[]).map((r) => r.rsid)).toContain(target.rsid);
    for (const l of ["pending", "rejected", "completed"]) {
      const theirs = await get(`/api/my-track/outlets/?list=${l}&search=${other.rsid}`);
      expect(theirs.body.results).toEqual([]);
    }
    // LIKE wildcards only match themselves.
    const wildcard = await get(`/api/my-track/outlets/?list=${list}&search=%25`);
    expect(wildcard.body.count).toBe(0);
  });

  it("names what is wrong with the query", async () => {
    const missing = await get("/api/my-track/outlets/");
    expect(missing.status).toBe(400);
    expect(missing.body.list).toEqual(["Choose one of pending, rejected, completed."]);
    const wrong = await get("/api/my-track/outlets/?list=everything");
    expect(wrong.body.list).toEqual(['"everything" is not a valid choice.']);
    const page = await get("/api/my-track/outlets/?list=pending&page=0");
    expect(page.status).toBe(400);
    expect(page.body.page).toBeDefined();
    const long = await get(`/api/my-track/outlets/?list=pending&search=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.search).toBeDefined();
  });
});

describe("the auditor's outlet and its surveys", () => {
  it("shows the auditor's own outlet with its list and last decision", async () => {
    const target = own.find((o) => o.workflow_state !== "qc_pending") ?? own[0]!;
    const res = await get(`/api/my-track/outlets/${target.rsid}/`);
    expect(res.status).toBe(200);
    expect(res.body.rsid).toBe(target.rsid);
    expect(res.body.list).toBe(fieldListOf(target.type, target.workflow_state));
    const [log] = await server.db.query<{ to_state: string }>(
      `SELECT to_state FROM outlet_logs WHERE outlet_id = (SELECT id FROM outlets WHERE rsid = $1)
       ORDER BY created DESC, id DESC LIMIT 1`,
      [target.rsid],
    );
    expect((res.body.last_decision as { to_state: string } | null)?.to_state ?? null).toBe(
      log?.to_state ?? null,
    );
    // Bank and tax details are not what the auditor needs in the field.
    for (const key of ["pan", "gst", "account_number", "ifsc"]) expect(res.body).not.toHaveProperty(key);
  });

  it("lists the survey recorded on the outlet and every decision on it, newest first", async () => {
    const target = own[0]!;
    const res = await get(`/api/my-track/outlets/${target.rsid}/surveys/`);
    expect(res.status).toBe(200);
    const [logs] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outlet_logs WHERE outlet_id = (SELECT id FROM outlets WHERE rsid = $1)",
      [target.rsid],
    );
    const decisions = res.body.decisions as { created: string }[];
    expect(decisions).toHaveLength(logs!.n);
    expect(decisions.map((d) => d.created)).toEqual([...decisions.map((d) => d.created)].sort().reverse());
    expect(res.body.survey).toHaveProperty("started");
  });

  it("shows the questions and answers of the auditor's own outlet, read-only and without reviewers' marks", async () => {
    // An outlet of this auditor that the demo data answered (docs/demo-data.md).
    const [target] = await server.db.query<{ rsid: string; wo: number; pan: string | null }>(
      `SELECT o.rsid, w.id AS wo, o.pan FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
       JOIN field_auditors fa ON fa.id = o.auditor_id
       WHERE fa.mobile = '9000000001' AND EXISTS (SELECT 1 FROM answers a WHERE a.workflow_object_id = w.id)
       ORDER BY o.id LIMIT 1`,
    );
    expect(target).toBeDefined();
    const res = await get(`/api/my-track/outlets/${target!.rsid}/surveys/`);
    expect(res.status).toBe(200);
    expect(Exit.isSuccess(Schema.decodeUnknownExit(FieldSurveyListing)(res.body))).toBe(true);
    type Q = {
      name: string;
      type: string;
      answers: { sku: string | null; value: string | null; photos: number }[];
    };
    const groups = res.body.groups as { name: string; questions: Q[] }[];
    expect(groups.map((g) => g.name)).toEqual(["Shop Details", "Owner and KYC", "Photos", "Stock Check"]);
    const questions = new Map(groups.flatMap((g) => g.questions).map((q) => [q.name, q]));
    const stored = async (question: string) =>
      server.db.query<{ single_input: string | null; images: number }>(
        `SELECT a.single_input, (SELECT count(*)::int FROM answer_images i WHERE i.answer_id = a.id) AS images
         FROM answers a JOIN questions q ON q.id = a.question_id
         WHERE a.workflow_object_id = $1 AND q.name = $2`,
        [target!.wo, question],
      );
    const [shopName] = await stored("Shop name");
    expect(questions.get("Shop name")!.answers).toEqual([
      { sku: null, value: shopName!.single_input, photos: 0 },
    ]);
    const [front] = await stored("Shop front photo");
    expect(questions.get("Shop front photo")!.answers[0]!.photos).toBe(front!.images);
    // Bank and tax numbers only by their last four characters.
    expect(target!.pan).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    expect(questions.get("PAN")!.answers[0]!.value).toBe(`••••${target!.pan!.slice(-4)}`);
    expect(res.text).not.toContain(target!.pan!);
    // A sku_group group answers per SKU.
    expect(questions.get("Facings")!.answers.every((a) => a.sku !== null)).toBe(true);
    for (const key of [
      "remarks",
      "verified",
      "has_called_and_verified",
      "other_account_holder_name",
      "version",
    ])
      expect(res.text).not.toContain(`"${key}"`);
  });

  it("lists every question of an unanswered survey, with no answers", async () => {
    const [unanswered] = await server.db.query<{ rsid: string }>(
      `SELECT o.rsid FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
       JOIN field_auditors fa ON fa.id = o.auditor_id
       WHERE fa.mobile = '9000000001' AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.workflow_object_id = w.id)
       ORDER BY o.id LIMIT 1`,
    );
    expect(unanswered).toBeDefined();
    const res = await get(`/api/my-track/outlets/${unanswered!.rsid}/surveys/`);
    expect(res.status).toBe(200);
    const questions = (res.body.groups as { questions: { answers: unknown[] }[] }[]).flatMap(
      (g) => g.questions,
    );
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.every((q) => q.answers.length === 0)).toBe(true);
  });

  it("answers another auditor's outlet as not found, with nothing of it", async () => {
    for (const path of [
      `/api/my-track/outlets/${other.rsid}/`,
      `/api/my-track/outlets/${other.rsid}/surveys/`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
      expect(res.text).not.toContain(other.name);
      expect(res.text).not.toContain("Shop name");
    }
    const unknown = await get("/api/my-track/outlets/RS999999999/");
    expect(unknown.body).toEqual({ detail: "Not found." });
  });

  it("refuses staff: they read outlets through their own endpoints", async () => {
    const staff = await server.signIn("admin");
    for (const path of [
      "/api/my-track/outlets/?list=pending",
      `/api/my-track/outlets/${own[0]!.rsid}/`,
      `/api/my-track/outlets/${own[0]!.rsid}/surveys/`,
    ]) {
      expect((await server.call("GET", path, { headers: staff })).status, path).toBe(403);
    }
  });
});
