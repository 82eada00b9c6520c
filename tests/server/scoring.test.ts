// @vitest-environment node
/**
 * Logic scoring on the server (docs/scoring.md): the setup's endpoints and who may use them, the
 * setup kept consistent as a whole, the score read, an answer save rescoring its outlet in its own
 * transaction, and the queued rescore of a whole sub-project.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByUsername } from "../../server/auth/users";
import type { OutletViewer } from "../../server/outlets/access";
import { processNextRescore, queueRescore } from "../../server/scoring/runs";
import { saveAnswers } from "../../server/survey/save";
import { writeWorkbook } from "../../server/uploads/excel";
import { runnerOf } from "../../server/uploads/runner";
import type { OutletScore } from "../../src/domain/survey/scoring";
import { answersUpdateOf } from "../../src/domain/survey/surveyInput";
import { startTestServer, type TestServer } from "./support";
import { settle, upload } from "./uploads-support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["project.manager", "qc.manager", "client.manager", "client.admin", "zenith.manager"])
    auth[user] = await server.signIn(user);
});
afterAll(() => server.close());

const call = (user: string, method: string, path: string, body?: unknown) =>
  server.call(method, path, { headers: auth[user], ...(body === undefined ? {} : { body }) });
const CYCLE = "acme-retail-audit-cycle-1";
/** The server's own job runner is kept out (`exclusive`), so each step is seen as it happens. */
const alone = (work: () => Promise<void>) => runnerOf(server.deps)!.exclusive(work);

async function cycle() {
  const [row] = await server.db.query<{ id: number }>("SELECT id FROM sub_projects WHERE slug = $1", [CYCLE]);
  return row!.id;
}
async function groupId(name: string) {
  const [row] = await server.db.query<{ id: number }>(
    "SELECT id FROM scoring_parameter_groups WHERE sub_project_id = $1 AND name = $2",
    [await cycle(), name],
  );
  return row!.id;
}
/** A question of a sub-project by its group and name. */
async function questionId(subProjectSlug: string, group: string, name: string) {
  const [row] = await server.db.query<{ id: number }>(
    `SELECT q.id FROM questions q JOIN question_groups g ON g.id = q.question_group_id
     JOIN sub_projects s ON s.id = g.sub_project_id WHERE s.slug = $1 AND g.name = $2 AND q.name = $3`,
    [subProjectSlug, group, name],
  );
  return row!.id;
}
const waitingRuns = async () =>
  server.db.query<{ after_outlet: number }>(
    "SELECT after_outlet FROM scoring_runs WHERE sub_project_id = $1 AND status = 'waiting'",
    [await cycle()],
  );
const score = async (user: string, rsid: string) => {
  const res = await call(user, "GET", `/api/outlets/${rsid}/score/`);
  return { status: res.status, body: res.body as unknown as OutletScore & { detail?: string } };
};

describe("the score of an outlet (001 §7 scoring details by outlet slug)", () => {
  it("is read by the client manager from what is stored: the groups with their parameters and benchmarks", async () => {
    const { status, body } = await score("client.manager", "RS000002");
    expect(status).toBe(200);
    expect(body.max_score).toBe(75);
    expect(body.scored_at).not.toBeNull();
    expect(body.recalculating).toBe(false);
    expect(body.scoring_parameter_groups_data.map((g) => [g.name, g.max_score, g.benchmark])).toEqual([
      ["Visibility", 30, 20],
      ["Availability", 30, 18],
      ["Shop profile", 15, null],
    ]);
    expect(
      body.scoring_parameter_groups_data[1]!.parameters.map((p) => [p.name, p.kind, p.benchmark]),
    ).toEqual([
      ["In stock", "scoring", 8],
      ["Facings", "scoring", null],
      ["Availability index", "calculated", 6],
    ]);
    const total = body.scoring_parameter_groups_data.reduce((sum, g) => sum + Math.round(g.score * 100), 0);
    expect(Math.round(body.score * 100)).toBe(total);
  });

  it("is not found for another organisation's user, and refused to a role that reads no outlet", async () => {
    expect((await score("zenith.manager", "RS000002")).status).toBe(404);
    expect((await score("client.manager", "RS000015")).status).toBe(404);
  });

  it("of a sub-project without scoring is nothing, with no group", async () => {
    const { status, body } = await score("client.manager", "RS000001");
    expect(status).toBe(200);
    expect([body.score, body.max_score, body.scoring_parameter_groups_data]).toEqual([0, 0, []]);
  });
});

describe("an answer save", () => {
  async function boardAnswer(rsid: string) {
    const [row] = await server.db.query<{ id: number; version: number; single_input: string }>(
      `SELECT a.id, a.version, a.single_input FROM answers a JOIN workflow_objects w ON w.id = a.workflow_object_id
       JOIN outlets o ON o.id = w.outlet_id JOIN questions q ON q.id = a.question_id
       WHERE o.rsid = $1 AND q.name = 'Shop board visible?'`,
      [rsid],
    );
    return row!;
  }
  const save = (answer: { id: number; version: number }, value: string) =>
    call("qc.manager", "POST", "/api/update/", {
      object_type: "answers",
      data_to_update: { [answer.id]: { single_input: value, version: answer.version } },
    });

  it("rescores its outlet before it commits: the score follows the answer QC changed", async () => {
    const before = await score("client.manager", "RS000002");
    const answer = await boardAnswer("RS000002");
    expect(answer.single_input).toBe("Yes");
    server.clock.now += 60_000;
    expect((await save(answer, "No")).status).toBe(200);
    const after = await score("client.manager", "RS000002");
    // The board is worth 10 points at weight 2 in Visibility.
    expect(after.body.score).toBeCloseTo(before.body.score - 20, 2);
    expect(after.body.scoring_parameter_groups_data[0]!.score).toBeCloseTo(
      before.body.scoring_parameter_groups_data[0]!.score - 20,
      2,
    );
    expect(after.body.scored_at).toBe(new Date(server.clock.now).toISOString());
  });

  it("whose rescore fails saves nothing: one transaction", async () => {
    const answer = await boardAnswer("RS000002");
    const user = await findUserByUsername(server.db, "qc.manager");
    const request = answersUpdateOf({
      object_type: "answers",
      data_to_update: { [answer.id]: { single_input: "Yes", version: answer.version } },
    });
    await server.db.exec("ALTER TABLE outlet_scores RENAME TO outlet_scores_away");
    try {
      await expect(
        server.db.transaction((tx) =>
          saveAnswers(tx, { user } as OutletViewer, request, new Date(server.clock.now)),
        ),
      ).rejects.toThrow(/outlet_scores/);
    } finally {
      await server.db.exec("ALTER TABLE outlet_scores_away RENAME TO outlet_scores");
    }
    expect(await boardAnswer("RS000002")).toEqual(answer);
  });
});

describe("the scoring setup's endpoints", () => {
  it("are the internal project team's: a client's administrator and client manager are refused", () =>
    alone(async () => {
      const body = { values: { sub_project: await cycle(), name: "Hygiene", position: 4 } };
      expect((await call("client.admin", "POST", "/api/admin/scoring-parameter-groups/", body)).status).toBe(
        403,
      );
      expect(
        (await call("client.manager", "POST", "/api/admin/scoring-parameter-groups/", body)).status,
      ).toBe(403);
      expect((await call("client.manager", "GET", "/api/admin/scoring-benchmarks/")).status).toBe(403);
      const created = await call("project.manager", "POST", "/api/admin/scoring-parameter-groups/", body);
      expect(created.status).toBe(201);
      expect(await waitingRuns()).toEqual([{ after_outlet: 0 }]);
    }));

  it("take a question of the sub-project only, whatever id is sent", async () => {
    const other = await questionId("acme-retail-audit-main", "Shop Details", "Shop board visible?");
    const res = await call("project.manager", "POST", "/api/admin/scoring-parameters/", {
      values: {
        sub_project: await cycle(),
        group: await groupId("Visibility"),
        name: "Board again",
        code: "board_again",
        question: other,
        rule: "yes",
        target: null,
        points: "",
        maximum: 5,
        weight: 1,
        position: 9,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.question).toEqual(["Choose a source question of this sub-project."]);
  });

  it("refuse a rule that does not fit its question, with the reason on the rule", async () => {
    const res = await call("project.manager", "POST", "/api/admin/scoring-parameters/", {
      values: {
        sub_project: await cycle(),
        group: await groupId("Visibility"),
        name: "Store size",
        code: "store_size",
        question: await questionId(CYCLE, "Shop Details", "Store size"),
        rule: "at_least",
        target: 2,
        points: "",
        maximum: 5,
        weight: 1,
        position: 9,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      rule: ["The rule The maximum at or above the target needs a number question; Store size is dropdown."],
    });
  });

  it("check a calculated parameter's expression: its syntax, the codes it reads and cycles", async () => {
    const values = async (code: string, expression: string) => ({
      values: {
        sub_project: await cycle(),
        group: await groupId("Availability"),
        name: `Calc ${code}`,
        code,
        expression,
        maximum: 10,
        position: 5,
      },
    });
    const bad = await call(
      "project.manager",
      "POST",
      "/api/admin/calculated-parameters/",
      await values("x", "in_stock *"),
    );
    expect(bad.body).toEqual({
      expression: ["A number, a parameter code or “(” is missing after “*” at the end."],
    });
    const unknown = await call(
      "project.manager",
      "POST",
      "/api/admin/calculated-parameters/",
      await values("x", "in_stock + shelf_share"),
    );
    expect(unknown.body).toEqual({
      expression: ["No scoring or calculated parameter of this sub-project has the code “shelf_share”."],
    });
    const reserved = await call(
      "project.manager",
      "POST",
      "/api/admin/calculated-parameters/",
      await values("max", "1"),
    );
    expect(reserved.body).toEqual({
      code: ["This code is the name of a function (min, max or round); choose another."],
    });
    const first = await call(
      "project.manager",
      "POST",
      "/api/admin/calculated-parameters/",
      await values("stock_share", "in_stock / 2"),
    );
    expect(first.status).toBe(201);
    const id = (first.body as { id: number }).id;
    const cycleBack = await call("project.manager", "PUT", `/api/admin/calculated-parameters/${id}/`, {
      ...(await values("stock_share", "availability_index + 1")),
      version: 1,
    });
    expect(cycleBack.status).toBe(200);
    const loop = await call(
      "project.manager",
      "POST",
      "/api/admin/calculated-parameters/",
      await values("loop_a", "loop_a + 1"),
    );
    expect(loop.body).toEqual({ expression: ["The expression comes back to itself: loop_a → loop_a."] });
  });

  it("keep a parameter an expression reads: it is not deleted, nor its code changed", async () => {
    const [inStock] = await server.db.query<{ id: number; version: number }>(
      "SELECT id, version FROM scoring_parameters WHERE sub_project_id = $1 AND code = 'in_stock'",
      [await cycle()],
    );
    const gone = await call("project.manager", "DELETE", `/api/admin/scoring-parameters/${inStock!.id}/`);
    expect(gone.status).toBe(409);
    expect(gone.body.detail).toBe(
      "This scoring parameter is read by the calculated parameter Availability index (“in_stock”), so it cannot be deleted.",
    );
    const record = await call("project.manager", "GET", `/api/admin/scoring-parameters/${inStock!.id}/`);
    const renamed = await call("project.manager", "PUT", `/api/admin/scoring-parameters/${inStock!.id}/`, {
      values: { ...(record.body.values as object), code: "stocked" },
      version: inStock!.version,
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({
      code: ["The calculated parameter Availability index reads “in_stock”: change its expression first."],
    });
  });

  it("list the benchmarks the upload set", async () => {
    const res = await call(
      "project.manager",
      "GET",
      `/api/admin/scoring-benchmarks/?sub_project=${await cycle()}`,
    );
    expect(res.status).toBe(200);
    const rows = res.body.results as { values: { parameter: string; benchmark: number; upload: string } }[];
    expect(rows.map((r) => [r.values.parameter, r.values.benchmark, r.values.upload])).toEqual([
      ["Availability", 18, "cycle_1_benchmarks.xlsx"],
      ["Availability index", 6, "cycle_1_benchmarks.xlsx"],
      ["In stock", 8, "cycle_1_benchmarks.xlsx"],
      ["Shop board visible", 16, "cycle_1_benchmarks.xlsx"],
      ["Visibility", 20, "cycle_1_benchmarks.xlsx"],
    ]);
  });
});

describe("the queued rescore of a whole sub-project", () => {
  it("scores every outlet in batches after a setup change, and says so while it waits", () =>
    alone(async () => {
      const sp = await cycle();
      // Earlier changes' run first, so the score read below is the setup's as it stands.
      await processNextRescore(server.deps);
      const before = await score("client.manager", "RS000018");
      const [board] = await server.db.query<{ id: number; version: number }>(
        "SELECT id, version FROM scoring_parameters WHERE sub_project_id = $1 AND code = 'board_visible'",
        [sp],
      );
      const record = await call("project.manager", "GET", `/api/admin/scoring-parameters/${board!.id}/`);
      const res = await call("project.manager", "PUT", `/api/admin/scoring-parameters/${board!.id}/`, {
        values: { ...(record.body.values as object), maximum: 20 },
        version: board!.version,
      });
      expect(res.status).toBe(200);
      expect((await score("client.manager", "RS000018")).body.recalculating).toBe(true);
      const outlets = await server.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM outlets WHERE sub_project_id = $1",
        [sp],
      );
      server.clock.now += 60_000;
      expect(await processNextRescore(server.deps, 5)).toBe(true);
      const [run] = await server.db.query<{ status: string; outlets_scored: number }>(
        "SELECT status, outlets_scored FROM scoring_runs WHERE sub_project_id = $1 ORDER BY id DESC LIMIT 1",
        [sp],
      );
      expect(run).toEqual({ status: "done", outlets_scored: outlets[0]!.count });
      const after = await score("client.manager", "RS000018");
      expect(after.body.recalculating).toBe(false);
      // The board's maximum doubled, at weight 2.
      expect(after.body.max_score).toBe(before.body.max_score + 20);
      expect(after.body.scored_at).toBe(new Date(server.clock.now).toISOString());
      expect(await processNextRescore(server.deps, 5)).toBe(false);
    }));

  it("starts again from the first outlet when the setup changes while it runs", () =>
    alone(async () => {
      const sp = await cycle();
      const now = new Date(server.clock.now);
      await server.db.transaction((tx) => queueRescore(tx, sp, null, now));
      await server.db.query(
        "UPDATE scoring_runs SET after_outlet = 999 WHERE sub_project_id = $1 AND status = 'waiting'",
        [sp],
      );
      await server.db.transaction((tx) => queueRescore(tx, sp, null, now));
      expect(await waitingRuns()).toEqual([{ after_outlet: 0 }]);
      expect(await processNextRescore(server.deps)).toBe(true);
      expect(await waitingRuns()).toEqual([]);
    }));
});

describe("uploads that change what a scored sub-project's outlets are scored on", () => {
  it("a SKU questions upload queues the sub-project's rescore with its confirm", async () => {
    const [sku] = await server.db.query<{ sku_code: string }>(
      `SELECT k.sku_code FROM skus k JOIN projects p ON p.organisation_id = k.organisation_id
       JOIN sub_projects s ON s.project_id = p.id WHERE s.id = $1 ORDER BY k.id LIMIT 1`,
      [await cycle()],
    );
    const file = writeWorkbook(
      "sku questions",
      ["question_group", "name", "type", "is_mandatory", "sku_codes", "choices", "reference_images"],
      [["Shelf check", "Facings on the shelf", "number", "no", sku!.sku_code, "", ""]],
    );
    const res = await upload(
      server,
      auth["project.manager"]!,
      `object=sku_questions&sub_project=${await cycle()}`,
      file,
      "sku-questions.xlsx",
    );
    const job = await settle(
      server,
      auth["project.manager"]!,
      `objects_type=sku_questions&sub_project=${await cycle()}`,
      res.body.id as number,
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 1 });
    await alone(async () => {
      expect(await waitingRuns()).toEqual([]);
      const confirm = await call(
        "project.manager",
        "POST",
        `/api/bulk/upload/${job.id}/activate/?object=sku_questions`,
      );
      expect(confirm.status).toBe(200);
      expect(await waitingRuns()).toEqual([{ after_outlet: 0 }]);
    });
  });
});
