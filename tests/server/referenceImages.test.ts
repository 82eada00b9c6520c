// @vitest-environment node
/**
 * Question reference images (001 §3 Question reference_images; docs/survey.md): stored by the
 * questions upload and the question screen's save, served with the question in Survey Details'
 * answers read, counted in the question lists; a save is made once per version read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { REFERENCE_IMAGES_CHANGED } from "../../src/domain/survey/referenceImages";
import type { GroupAnswers, QuestionGroup } from "../../src/domain/survey/survey";
import { ERROR_COLUMN } from "../../src/domain/uploads/uploadTypes";
import { startTestServer, type TestServer } from "./support";
import { resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
const sessions = new Map<string, Promise<Record<string, string>>>();
const as = (username: string) => {
  if (!sessions.has(username)) sessions.set(username, server.signIn(username));
  return sessions.get(username)!;
};
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DEMO_IMAGES = ["/reference-images/shop-board-visible.svg", "/reference-images/shop-board-hidden.svg"];

/** RS000001: its sub-project and workflow object. */
async function firstOutlet() {
  const [row] = await server.db.query<{ sub_project: number; wo: number }>(
    `SELECT o.sub_project_id AS sub_project, w.id AS wo FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.rsid = 'RS000001'`,
  );
  return row!;
}

/** The questions of a group as Survey Details reads them for a workflow object. */
async function surveyQuestions(wo: number, groupName: string) {
  const pm = await as("project.manager");
  const groups = await server.call("GET", `/api/survey/question-groups/?workflow_object=${wo}`, {
    headers: pm,
  });
  const group = (groups.body as unknown as { results: QuestionGroup[] }).results.find(
    (g) => g.name === groupName,
  )!;
  const read = await server.call(
    "GET",
    `/api/survey/answers/?filter_answers=true&related_answers__workflow_object=${wo}&question_group=${group.id}&no-pagination`,
    { headers: pm },
  );
  expect(read.status).toBe(200);
  return (read.body as unknown as GroupAnswers).results;
}

const questionId = async (subProject: number, name: string) =>
  (
    await server.db.query<{ id: number }>(
      `SELECT q.id FROM questions q JOIN question_groups g ON g.id = q.question_group_id
       WHERE g.sub_project_id = $1 AND q.name = $2`,
      [subProject, name],
    )
  )[0]!.id;

describe("question reference images", () => {
  it("serves the demo question's reference images in Survey Details", async () => {
    const { wo } = await firstOutlet();
    const shop = await surveyQuestions(wo, "Shop Details");
    expect(shop.find((q) => q.name === "Shop board visible?")!.reference_images).toEqual(DEMO_IMAGES);
    expect(shop.find((q) => q.name === "Shop name")!.reference_images).toEqual([]);
  });

  it("stores the upload's reference images with the question, and refuses a bad cell's row whole", async () => {
    const pm = await as("project.manager");
    const { sub_project, wo } = await firstOutlet();
    const file = writeWorkbook(
      "questions",
      [
        "question_group",
        "name",
        "type",
        "is_mandatory",
        "is_calling_necessary",
        "choices",
        "reference_images",
      ],
      [
        [
          "Shop Details",
          "Cooler placed at the entrance?",
          "yes_or_no",
          "no",
          "no",
          "",
          "https://cdn.example.in/coolers/entrance.jpg;\n/reference-images/shop-board-visible.svg",
        ],
        ["Shop Details", "Cooler door clean?", "yes_or_no", "no", "no", "", "http://cdn.example.in/door.jpg"],
        ["Shop Details", "Cooler branded?", "yes_or_no", "no", "no", "", ""],
      ],
    );
    const res = await upload(
      server,
      pm,
      `object=questions&sub_project=${sub_project}`,
      file,
      "questions.xlsx",
    );
    expect(res.status).toBe(201);
    const job = await settle(
      server,
      pm,
      `objects_type=questions&sub_project=${sub_project}`,
      res.body.id as number,
    );
    expect(job).toMatchObject({ status: "completed", total_objects: 3, total_clean_objects: 2 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => [r[1], r[unclean.header.indexOf(ERROR_COLUMN)]])).toEqual([
      [
        "Cooler door clean?",
        "reference_images: Reference image 1 (http://cdn.example.in/door.jpg) is not served over https: give its https:// address.",
      ],
    ]);
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=questions`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);

    const shop = await surveyQuestions(wo, "Shop Details");
    expect(shop.find((q) => q.name === "Cooler placed at the entrance?")!.reference_images).toEqual([
      "https://cdn.example.in/coolers/entrance.jpg",
      "/reference-images/shop-board-visible.svg",
    ]);
    expect(shop.find((q) => q.name === "Cooler branded?")!.reference_images).toEqual([]);
    expect(shop.some((q) => q.name === "Cooler door clean?")).toBe(false);

    // The question list counts them.
    const listed = await server.call(
      "GET",
      `/api/admin/questions/?sub_project=${sub_project}&search=${encodeURIComponent("Cooler placed")}`,
      { headers: pm },
    );
    expect((listed.body.results as { values: Record<string, unknown> }[])[0]!.values).toMatchObject({
      name: "Cooler placed at the entrance?",
      reference_images: 2,
    });
  });

  it("replaces them from the question screen once per version, and Survey Details shows the new ones", async () => {
    const pm = await as("project.manager");
    const { sub_project, wo } = await firstOutlet();
    const id = await questionId(sub_project, "Shop name");
    const path = `/api/admin/questions/${id}/reference-images/`;
    const read = await server.call("GET", path, { headers: pm });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id,
      name: "Shop name",
      type: "text",
      question_group: "Shop Details",
      group_type: "general",
      reference_images: [],
      version: 0,
    });

    const images = ["https://cdn.example.in/names/board.png"];
    const saved = await server.call("PUT", path, {
      headers: pm,
      body: { reference_images: images, version: 0 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ reference_images: images, version: 1 });
    // The same save again (a double click, another tab) was made on version 0: refused, nothing changes.
    const again = await server.call("PUT", path, { headers: pm, body: { reference_images: [], version: 0 } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: REFERENCE_IMAGES_CHANGED });
    const shop = await surveyQuestions(wo, "Shop Details");
    expect(shop.find((q) => q.name === "Shop name")!.reference_images).toEqual(images);

    const [logged] = await server.db.query<{ changes: unknown }>(
      "SELECT changes FROM admin_changes WHERE resource = 'questions' AND record_id = $1",
      [id],
    );
    expect(logged!.changes).toEqual({ reference_images: images });
  });

  it("refuses bad addresses with every problem under the field, saving nothing", async () => {
    const pm = await as("project.manager");
    const { sub_project } = await firstOutlet();
    const id = await questionId(sub_project, "Store size");
    const path = `/api/admin/questions/${id}/reference-images/`;
    const bad = await server.call("PUT", path, {
      headers: pm,
      body: { reference_images: ["/ok.svg", "ftp://x.in/a.jpg", "/ok.svg"], version: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      reference_images: [
        "Reference image 2 (ftp://x.in/a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
        "Reference image 3 (/ok.svg) repeats an earlier one.",
      ],
    });
    expect((await server.call("GET", path, { headers: pm })).body).toMatchObject({
      reference_images: [],
      version: 0,
    });
  });

  it("lets a client's administrator read its own organisation's questions only, and change none", async () => {
    const ca = await as("client.admin");
    const own = await server.db.query<{ id: number; org: string }>(
      `SELECT q.id, o.name AS org FROM questions q JOIN question_groups g ON g.id = q.question_group_id
       JOIN sub_projects s ON s.id = g.sub_project_id JOIN projects p ON p.id = s.project_id
       JOIN organisations o ON o.id = p.organisation_id
       WHERE q.name = 'Shop board visible?' AND o.name IN ('Acme Beverages', 'Zenith Foods') ORDER BY o.name`,
    );
    const acme = own.find((r) => r.org === "Acme Beverages")!.id;
    const zenith = own.find((r) => r.org === "Zenith Foods")!.id;
    const path = (id: number) => `/api/admin/questions/${id}/reference-images/`;
    expect((await server.call("GET", path(acme), { headers: ca })).body).toMatchObject({
      reference_images: DEMO_IMAGES,
    });
    expect((await server.call("GET", path(zenith), { headers: ca })).status).toBe(404);
    const write = await server.call("PUT", path(acme), {
      headers: ca,
      body: { reference_images: [], version: 0 },
    });
    expect(write.status).toBe(403);
    expect(
      (await server.call("GET", path(2147483647), { headers: await as("project.manager") })).status,
    ).toBe(404);
  });
});
