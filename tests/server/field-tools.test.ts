// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDump, DUMP_BATCH_SURVEYS, processNextDump } from "../../server/fieldTools/dumps";
import { demoDump } from "../../server/seed/fieldAppDump";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { DUMP_MSG, RECOVERY_MSG, RECOVERY_REPORT_COLUMNS } from "../../src/domain/fieldTools/fieldTools";
import { DAY, startTestServer, TEST_START, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
let auditor3: number;
let project: number;
let subProject: number;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const SURVEY_DATE = isoDay(TEST_START - 2 * DAY);

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["field.coordinator", "client.manager", "qc.manager"])
    auth[user] = await server.signIn(user);
  [{ id: auditor3 }] = (await server.db.query<{ id: number }>(
    "SELECT id FROM field_auditors WHERE mobile = '9000000003'",
  )) as [{ id: number }];
  [{ id: subProject, project_id: project }] = (await server.db.query<{ id: number; project_id: number }>(
    "SELECT id, project_id FROM sub_projects WHERE slug = 'acme-retail-audit-main'",
  )) as [{ id: number; project_id: number }];
});
afterAll(() => server.close());

async function settle() {
  await runnerOf(server.deps)?.idle();
  await runPendingWork(server.deps, null);
  await runnerOf(server.deps)?.idle();
}

async function uploadDump(text: string, user = auditor3, caller = "field.coordinator") {
  const form = new FormData();
  form.append("uploaded_file", new File([text], "dump.json", { type: "application/json" }));
  form.append("field_app_user", String(user));
  const res = await server.app.request("/api/field-app-dumps/", {
    method: "POST",
    headers: auth[caller],
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function dumpStatus(id: number) {
  await settle();
  const list = await server.call("GET", "/api/field-app-dumps/", { headers: auth["field.coordinator"] });
  return (list.body.results as Record<string, unknown>[]).find((d) => d.id === id)!;
}

const place = { subProject: "acme-retail-audit-main", surveyDate: SURVEY_DATE, cityId: 1, territoryId: 1 };

const create = (body: Record<string, unknown>) =>
  server.call("POST", "/api/outlet-recovery/", { headers: auth["field.coordinator"], body });
const request = (rsids: unknown, date = SURVEY_DATE) => ({
  project_id: project,
  sub_project_id: subProject,
  auditor_id: auditor3,
  rsid_list: rsids,
  date_uploaded: date,
});

describe("lookups", () => {
  it("cascade from projects to sub-projects to the auditors working there", async () => {
    const h = { headers: auth["field.coordinator"] };
    const projects = await server.call("GET", "/api/field-tools/projects/", h);
    expect((projects.body as unknown as { id: number }[]).some((p) => p.id === project)).toBe(true);
    const subs = await server.call("GET", `/api/field-tools/sub-projects/?project_id=${project}`, h);
    expect((subs.body as unknown as { id: number }[]).map((s) => s.id)).toContain(subProject);
    const auditors = await server.call("GET", `/api/field-tools/auditors/?sub_project_id=${subProject}`, h);
    expect((auditors.body as unknown as { id: number }[]).map((a) => a.id)).toContain(auditor3);
    const lookup = await server.call("POST", "/api/lookups/objects/", {
      ...h,
      body: { objects: ["workflow_field_auditors"] },
    });
    expect((lookup.body.workflow_field_auditors as unknown[]).length).toBe(10);
    const unknown = await server.call("POST", "/api/lookups/objects/", {
      ...h,
      body: { objects: ["users"] },
    });
    expect(unknown.status).toBe(400);
  });
});

describe("field app dumps", () => {
  it("a good dump is indexed; corrupt, foreign and wrong-user dumps fail with a named error", async () => {
    const good = await uploadDump(demoDump("9000000003", ["RSF10001"], place));
    expect(good.status).toBe(201);
    expect(good.body.status).toBe("processing");
    expect(await dumpStatus(good.body.id as number)).toMatchObject({ status: "completed", record_count: 1 });

    const corrupt = await uploadDump(
      '{"format": "retailscan-field-app-dump", "version": 1, "field_app_user": {"mobile": "9000000003"}, "surveys": [{"rsid": "RS 1"}]}',
    );
    expect(await dumpStatus(corrupt.body.id as number)).toMatchObject({
      status: "failed",
      message: `${DUMP_MSG.corrupt}surveys[0].rsid is not an RSID`,
    });
    const truncated = await uploadDump(demoDump("9000000003", ["RSF10002"], place).slice(0, 200));
    expect(await dumpStatus(truncated.body.id as number)).toMatchObject({
      status: "failed",
      message: DUMP_MSG.notJson,
    });
    const wrongFormat = await uploadDump('{"format": "something-else"}');
    expect(await dumpStatus(wrongFormat.body.id as number)).toMatchObject({
      status: "failed",
      message: DUMP_MSG.wrongFormat,
    });
    const wrongUser = await uploadDump(demoDump("9000000004", ["RSF10003"], place));
    expect(await dumpStatus(wrongUser.body.id as number)).toMatchObject({
      status: "failed",
      message: DUMP_MSG.wrongUser,
    });
    const [{ count }] = (await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM field_app_dump_surveys WHERE rsid IN ('RSF10002', 'RSF10003')",
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it("places each survey's outlet within its sub-project's organisation (issue 28 item 11)", async () => {
    const [zenith] = await server.db.query<{ id: number }>(
      `SELECT t.id FROM territories t JOIN zones z ON z.id = t.zone_id JOIN regions r ON r.id = z.region_id
       JOIN organisations o ON o.id = r.organisation_id WHERE o.name LIKE 'Zenith%' ORDER BY t.id LIMIT 1`,
    );
    const foreign = await uploadDump(
      demoDump("9000000003", ["RSF11001", "RSF11002"], place).replace(
        /"territory_id": 1\b/,
        `"territory_id": ${zenith!.id}`,
      ),
    );
    expect(await dumpStatus(foreign.body.id as number)).toMatchObject({
      status: "failed",
      message: `${DUMP_MSG.corrupt}surveys[0].outlet.territory_id names no territory of the sub-project's organisation`,
    });
    const unknownSub = await uploadDump(
      demoDump("9000000003", ["RSF11003"], { ...place, subProject: "nowhere" }),
    );
    expect(await dumpStatus(unknownSub.body.id as number)).toMatchObject({
      status: "failed",
      message: `${DUMP_MSG.corrupt}surveys[0].sub_project names no sub-project`,
    });
  });

  it("indexes a large dump in bounded steps, letting other work run between them (issue 28 item 6)", async () => {
    const count = 2 * DUMP_BATCH_SURVEYS + 7;
    const rsids = Array.from({ length: count }, (_, i) => `RSF4${String(i).padStart(5, "0")}`);
    const steps: { indexed: number; loopTurned: boolean; visible: number }[] = [];
    // In the job runner's place, so its poll cannot take the dump between its creation and this run.
    const dumpId = await runnerOf(server.deps)!.exclusive(async () => {
      const [{ user_id, org_id }] = (await server.db.query<{ user_id: number; org_id: number }>(
        "SELECT id AS user_id, organisation_id AS org_id FROM users WHERE username = 'field.coordinator'",
      )) as [{ user_id: number; org_id: number }];
      const made = await server.db.transaction((tx) =>
        createDump(tx, {
          userId: user_id,
          organisationId: org_id,
          auditorId: auditor3,
          name: "large.json",
          bytes: new TextEncoder().encode(demoDump("9000000003", rsids, place)),
          at: new Date(TEST_START),
        }),
      );
      let turned = false;
      await processNextDump(server.deps, async (indexed) => {
        // Surveys of a dump still being indexed are not offered to recovery.
        const [{ visible }] = (await server.db.query<{ visible: number }>(
          `SELECT count(*)::int AS visible FROM field_app_dump_surveys s JOIN field_app_dumps d ON d.id = s.dump_id
           WHERE d.status = 'completed' AND s.dump_id = $1`,
          [made.id],
        )) as [{ visible: number }];
        steps.push({ indexed, loopTurned: turned, visible });
        turned = false;
        setImmediate(() => {
          turned = true;
        });
      });
      return made.id;
    });
    expect(steps.map((s) => s.indexed)).toEqual([DUMP_BATCH_SURVEYS, 2 * DUMP_BATCH_SURVEYS, count]);
    expect(steps.slice(1).every((s) => s.loopTurned)).toBe(true);
    expect(steps.every((s) => s.visible === 0)).toBe(true);
    expect(await dumpStatus(dumpId)).toMatchObject({ status: "completed", record_count: count });
  });

  it("a corrupt record in a later step fails the dump and leaves none of its surveys", async () => {
    const rsids = Array.from(
      { length: DUMP_BATCH_SURVEYS + 2 },
      (_, i) => `RSF5${String(i).padStart(5, "0")}`,
    );
    const text = demoDump("9000000003", rsids, place);
    const last = text.lastIndexOf('"pin": "560001"');
    const broken = `${text.slice(0, last)}"pin": 560001${text.slice(last + '"pin": "560001"'.length)}`;
    const dump = await uploadDump(broken);
    expect(await dumpStatus(dump.body.id as number)).toMatchObject({
      status: "failed",
      message: `${DUMP_MSG.corrupt}surveys[${DUMP_BATCH_SURVEYS + 1}].outlet.pin is not a text`,
    });
    const [{ count }] = (await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM field_app_dump_surveys WHERE dump_id = $1",
      [dump.body.id],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it("lists 15 to a page with the spec's columns", async () => {
    const list = await server.call("GET", "/api/field-app-dumps/", { headers: auth["field.coordinator"] });
    expect(list.body.page_size).toBe(15);
    expect((list.body.results as Record<string, unknown>[])[0]).toMatchObject({
      created_by: { name: expect.any(String) },
      field_app_user: { name: expect.any(String) },
      uploaded_file: expect.stringMatching(/^\/api\/files\/\d+\/dump\.json$/),
    });
  });

  it("refuses an upload without a file or a field app user", async () => {
    const form = new FormData();
    form.append("field_app_user", String(auditor3));
    const res = await server.app.request("/api/field-app-dumps/", {
      method: "POST",
      headers: auth["field.coordinator"],
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ uploaded_file: [DUMP_MSG.fileRequired] });
  });
});

describe("recovery requests", () => {
  it("refuses 6 RSIDs, a date 11 days back, and bad syntax, each with its message", async () => {
    const six = await create(request(["A1", "A2", "A3", "A4", "A5", "A6"]));
    expect(six.status).toBe(400);
    expect(six.body.message).toBe(RECOVERY_MSG.tooManyRsids);
    const old = await create(request(["A1"], isoDay(TEST_START - 11 * DAY)));
    expect(old.body.message).toBe(RECOVERY_MSG.dateWindow);
    const tenDays = await create(request(["A1"], isoDay(TEST_START - 10 * DAY)));
    expect(tenDays.status).toBe(201);
    const syntax = await create(request(["RS1 RS2"]));
    expect(syntax.body.message).toBe(RECOVERY_MSG.syntax);
    const notList = await create(request("RS1,RS2"));
    expect(notList.body.message).toBe(RECOVERY_MSG.syntax);
    const empty = await create(request([]));
    expect(empty.body.message).toBe(RECOVERY_MSG.rsidEmpty);
  });

  it("confirms once, recovers the found outlets in their first state with answers, images and a log row, and reports every RSID", async () => {
    const dump = await uploadDump(demoDump("9000000003", ["RSF20001", "RSF20002"], place));
    await dumpStatus(dump.body.id as number);
    const made = await create(request(["RSF20001", "rsf20002", "RSF29999"]));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: "accepted", rsid_list: ["RSF20001", "RSF20002", "RSF29999"] });
    const id = made.body.id as number;
    const h = { headers: auth["field.coordinator"] };
    const [first, second] = await Promise.all([
      server.call("POST", `/api/outlet-recovery/${id}/confirm/`, h),
      server.call("POST", `/api/outlet-recovery/${id}/confirm/`, h),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first.body.detail, second.body.detail]).toContain(RECOVERY_MSG.started);
    await settle();
    const outlets = await server.db.query<{
      rsid: string;
      workflow_state: string;
      answers: number;
      images: number;
      logs: number;
    }>(
      `SELECT o.rsid, o.workflow_state,
         (SELECT count(*)::int FROM answers a JOIN workflow_objects w ON w.id = a.workflow_object_id WHERE w.outlet_id = o.id) AS answers,
         (SELECT count(*)::int FROM answer_images i JOIN answers a ON a.id = i.answer_id
            JOIN workflow_objects w ON w.id = a.workflow_object_id WHERE w.outlet_id = o.id) AS images,
         (SELECT count(*)::int FROM outlet_logs l WHERE l.outlet_id = o.id AND l.action = 'field_recovery') AS logs
       FROM outlets o WHERE o.rsid LIKE 'RSF2%' ORDER BY o.rsid`,
    );
    expect(outlets).toEqual([
      { rsid: "RSF20001", workflow_state: "qc_pending", answers: 3, images: 1, logs: 1 },
      { rsid: "RSF20002", workflow_state: "qc_pending", answers: 3, images: 1, logs: 1 },
    ]);
    const report = await server.app.request(`/api/outlet-recovery/${id}/report/`, { method: "POST", ...h });
    expect(report.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await report.text()).trim().split("\r\n");
    expect(lines[0]).toBe(RECOVERY_REPORT_COLUMNS.join(","));
    expect(lines.slice(1).map((l) => l.split(",").slice(5))).toEqual([
      ["RSF20001", "Recovered"],
      ["RSF20002", "Recovered"],
      ["RSF29999", "Not found in dumps"],
    ]);
    const listed = await server.call("GET", "/api/outlet-recovery/", h);
    expect(listed.body.page_size).toBe(50);
    expect((listed.body.results as Record<string, unknown>[])[0]).toMatchObject({
      id,
      status: "completed",
      found_records: 2,
      recovered_records: 2,
    });

    // A second request for the same RSID is skipped and reported, never applied again.
    const again = await create(request(["RSF20001"]));
    await server.call("POST", `/api/outlet-recovery/${again.body.id}/confirm/`, h);
    await settle();
    const againReport = await server.app.request(`/api/outlet-recovery/${again.body.id}/report/`, {
      method: "POST",
      ...h,
    });
    expect((await againReport.text()).trim().split("\r\n")[1]).toMatch(/,RSF20001,Already recovered$/);
    const [{ logs }] = (await server.db.query<{ logs: number }>(
      "SELECT count(*)::int AS logs FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id WHERE o.rsid = 'RSF20001'",
    )) as [{ logs: number }];
    expect(logs).toBe(1);
  });

  it("cancels an accepted or processing request; a completed one offers nothing", async () => {
    const h = { headers: auth["field.coordinator"] };
    const made = await create(request(["RSF30001"]));
    const id = made.body.id as number;
    // Confirmed while no runner works, so it waits in processing.
    await server.db.query(
      "UPDATE recovery_requests SET status = 'processing', claimed_at = now(), heartbeat_at = $2 WHERE id = $1",
      [id, new Date(TEST_START)],
    );
    const cancel = await server.call("POST", `/api/outlet-recovery/${id}/cancel/`, h);
    expect(cancel.status).toBe(200);
    await settle();
    const [row] = await server.db.query<{ status: string; outcome: string }>(
      "SELECT r.status, x.outcome FROM recovery_requests r JOIN recovery_request_rsids x ON x.request_id = r.id WHERE r.id = $1",
      [id],
    );
    expect(row).toEqual({ status: "cancelled", outcome: "cancelled" });
    const twice = await server.call("POST", `/api/outlet-recovery/${id}/cancel/`, h);
    expect(twice.status).toBe(409);
    const missing = await server.call("POST", "/api/outlet-recovery/2147483647/confirm/", h);
    expect(missing.status).toBe(404);
  });
});

describe("the demo data", () => {
  it("the seeded accepted request recovers the two RSIDs its dump holds and reports the third", async () => {
    const h = { headers: auth["field.coordinator"] };
    const list = await server.call("GET", "/api/outlet-recovery/?search=RS9000397", h);
    const [seeded] = list.body.results as { id: number; status: string }[];
    expect(seeded).toMatchObject({ status: "accepted" });
    const dumps = await server.call("GET", "/api/field-app-dumps/?search=auditor-3", h);
    expect((dumps.body.results as { status: string }[]).map((d) => d.status).sort()).toEqual([
      "completed",
      "failed",
    ]);
    expect((await server.call("POST", `/api/outlet-recovery/${seeded!.id}/confirm/`, h)).status).toBe(200);
    await settle();
    const report = await server.app.request(`/api/outlet-recovery/${seeded!.id}/report/`, {
      method: "POST",
      ...h,
    });
    expect(
      (await report.text())
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",").slice(5).join(",")),
    ).toEqual(["RS9000301,Recovered", "RS9000302,Recovered", "RS9000397,Not found in dumps"]);
  });
});

describe("who may call", () => {
  it("a client user gets 403 on every field tools endpoint", async () => {
    const h = { headers: auth["client.manager"] };
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/field-tools/projects/"],
      ["GET", `/api/field-tools/sub-projects/?project_id=${project}`],
      ["GET", `/api/field-tools/auditors/?sub_project_id=${subProject}`],
      ["POST", "/api/lookups/objects/", { objects: ["workflow_field_auditors"] }],
      ["GET", "/api/field-app-dumps/"],
      ["GET", "/api/outlet-recovery/"],
      ["POST", "/api/outlet-recovery/", request(["RSF1"])],
      ["POST", "/api/outlet-recovery/1/confirm/"],
      ["POST", "/api/outlet-recovery/1/cancel/"],
      ["POST", "/api/outlet-recovery/1/report/"],
    ];
    for (const [method, path, body] of calls)
      expect((await server.call(method, path, { ...h, body })).status, path).toBe(403);
    expect((await uploadDump("{}", auditor3, "client.manager")).status).toBe(403);
    expect((await server.call("GET", "/api/outlet-recovery/", { headers: auth["qc.manager"] })).status).toBe(
      403,
    );
  });
});
