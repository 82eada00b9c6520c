// @vitest-environment node
/**
 * The survey overview on the server (docs/survey.md): a sub-project's questions with how many of its
 * outlets answered each and what they chose, offered only for the caller's organisation's
 * sub-projects. The demo asks the same four groups in every sub-project (server/seed/survey.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SurveyOverview } from "../../src/domain/survey/surveyOverview";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sessions = new Map<string, { authorization: string }>();
const overview = async (user: string, query = "") => {
  const headers = sessions.get(user) ?? (await server.signIn(user));
  sessions.set(user, headers);
  const res = await server.call("GET", `/api/survey/overview/${query}`, { headers });
  return { status: res.status, body: res.body as unknown as SurveyOverview };
};
const subProject = async (name: string) =>
  (
    await server.db.query<{ id: number; slug: string }>("SELECT id, slug FROM sub_projects WHERE name = $1", [
      name,
    ])
  )[0]!;
const organisationsOf = (body: SurveyOverview) => [...new Set(body.sub_projects.map((s) => s.organisation))];

describe("the survey overview", () => {
  it("offers an internal user every organisation's sub-projects", async () => {
    const { status, body } = await overview("qc.manager");
    expect(status).toBe(200);
    expect(organisationsOf(body)).toEqual(expect.arrayContaining(["Acme Beverages", "Zenith Foods"]));
    expect(body.sub_project).toEqual(body.sub_projects[0]);
  });

  it("offers a client user its own organisation's sub-projects only, and not another's by id", async () => {
    const acme = await overview("client.manager");
    expect(acme.status).toBe(200);
    expect(organisationsOf(acme.body)).toEqual(["Acme Beverages"]);
    const zenith = await overview("zenith.manager");
    expect(organisationsOf(zenith.body)).toEqual(["Zenith Foods"]);
    const zenithSub = zenith.body.sub_projects[0]!.slug;
    expect((await overview("client.manager", `?sub_project=${zenithSub}`)).status).toBe(404);
    expect((await overview("zenith.manager", `?sub_project=${zenithSub}`)).status).toBe(200);
  });

  it("counts each question's answers over the sub-project's outlets, choice by choice", async () => {
    const { id: retail, slug } = await subProject("Acme Retail Audit");
    const { body } = await overview("qc.manager", `?sub_project=${slug}&page-size=100`);
    const [{ outlets }] = (await server.db.query<{ outlets: number }>(
      "SELECT count(*)::int AS outlets FROM outlets WHERE sub_project_id = $1",
      [retail],
    )) as [{ outlets: number }];
    expect(body.outlets).toBe(outlets);
    expect(body.results.length).toBe(body.count);
    const [{ answered }] = (await server.db.query<{ answered: number }>(
      `SELECT count(DISTINCT a.workflow_object_id)::int AS answered FROM answers a
       JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.question_group_id
       JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
       WHERE g.sub_project_id = $1 AND q.type = 'single_choice' AND o.sub_project_id = $1
         AND a.single_input IS NOT NULL AND a.single_input <> ''`,
      [retail],
    )) as [{ answered: number }];
    const single = body.results.find((q) => q.type === "single_choice")!;
    expect(answered).toBeGreaterThan(0);
    expect(single.answered).toBe(answered);
    // One choice per answer: the choices' counts add up to the outlets that answered.
    expect(single.values.reduce((s, v) => s + v.count, 0)).toBe(answered);
    const number = body.results.find((q) => q.type === "number")!;
    expect(number.numbers!.min).toBeLessThanOrEqual(number.numbers!.average);
    expect(number.numbers!.average).toBeLessThanOrEqual(number.numbers!.max);
    // Personal values (PAN) are counted as given, never listed.
    expect(body.results.find((q) => q.type === "pan_number")!.values).toEqual([]);
  });

  it("pages the questions in survey order", async () => {
    const { slug } = await subProject("Acme Retail Audit");
    const all = await overview("qc.manager", `?sub_project=${slug}&page-size=100`);
    const second = await overview("qc.manager", `?sub_project=${slug}&page-size=5&page=2`);
    expect(second.body.count).toBe(all.body.count);
    expect(second.body.results.map((q) => q.id)).toEqual(all.body.results.slice(5, 10).map((q) => q.id));
    expect(second.body.previous).not.toBeNull();
  });
});
