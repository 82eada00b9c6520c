// @vitest-environment node
/** The hub's question lists: a sub-project's general and SKU group questions, read only, for project set-up. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let headers: Record<string, string>;
let subProject: number;
beforeAll(async () => {
  server = await startTestServer();
  headers = await server.signIn("project.manager");
  const [row] = await server.db.query<{ id: number }>(
    "SELECT id FROM sub_projects WHERE slug = 'acme-3p-payout-main'",
  );
  subProject = row!.id;
});
afterAll(() => server.close());

type Page = { count: number; results: { values: Record<string, unknown> }[] };
const list = async (name: string, query: string) =>
  (
    await server.call("GET", `/api/admin/${name}/?sub_project=${subProject}&page-size=100${query}`, {
      headers,
    })
  ).body as unknown as Page;

const questionsOf = (groupType: string) =>
  server.db.query<{ name: string }>(
    `SELECT q.name FROM questions q JOIN question_groups g ON g.id = q.question_group_id
     WHERE g.sub_project_id = $1 AND g.type = $2 ORDER BY g.position, q.position, q.id`,
    [subProject, groupType],
  );

describe("question lists", () => {
  it("lists the sub-project's general questions in survey order, and its SKU questions apart", async () => {
    const general = await questionsOf("general");
    const sku = await questionsOf("sku_group");
    expect(general.length).toBeGreaterThan(0);
    expect(sku.length).toBeGreaterThan(0);
    const questions = await list("questions", "");
    expect(questions.results.map((r) => r.values.name)).toEqual(general.map((q) => q.name));
    const skuQuestions = await list("sku-questions", "");
    expect(skuQuestions.results.map((r) => r.values.name)).toEqual(sku.map((q) => q.name));
    expect(Number(skuQuestions.results[0]!.values.skus)).toBeGreaterThan(0);
  });

  it("searches by question and group, and filters by type", async () => {
    const first = (await list("questions", "")).results[0]!.values;
    const found = await list("questions", `&search=${encodeURIComponent(String(first.name))}`);
    expect(found.results.map((r) => r.values.name)).toContain(first.name);
    const typed = await list("questions", `&type=${first.type}`);
    expect(typed.results.every((r) => r.values.type === first.type)).toBe(true);
  });

  it("writes nothing: questions come from the questions upload", async () => {
    const res = await server.call("POST", "/api/admin/questions/", { headers, body: { values: {} } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).not.toBe(500);
  });
});
