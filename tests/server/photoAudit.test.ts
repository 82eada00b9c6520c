// @vitest-environment node
/**
 * Photo audit (docs/projects.md, "Photo audit"): a sub-project's survey photos by status, a decision
 * saved at the version read (a stale one is a 409), a rejection needing its reason, and the decision
 * shown in the outlet's gallery.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REJECT_REASON_REQUIRED } from "../../src/domain/projects/photoAudit";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let qcm: Record<string, string>;
let place: { project: string; slug: string };
beforeAll(async () => {
  server = await startTestServer();
  qcm = await server.signIn("qc.manager");
  const [row] = await server.db.query<{ project: string; slug: string }>(
    `SELECT p.slug AS project, s.slug FROM answer_images i JOIN answers a ON a.id = i.answer_id
     JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     GROUP BY p.slug, s.slug ORDER BY count(*) DESC LIMIT 1`,
  );
  place = row!;
});
afterAll(() => server.close());

type Photo = { id: number; outlet: { id: number; rsid: string }; audit: unknown; version: number };
type PhotoPage = { count: number; results: Photo[] };
const base = () => `/api/projects/${place.project}/sub-projects/${place.slug}/photo-audit/`;

describe("photo audit", () => {
  it("approves and rejects photos at the version read, lists them by status, and shows them in the gallery", async () => {
    const pending = (await server.call("GET", `${base()}?status=pending&page-size=2`, { headers: qcm }))
      .body as unknown as PhotoPage;
    expect(pending.count).toBeGreaterThan(1);
    const [a, b] = pending.results;
    expect(a!.audit).toBeNull();

    const approved = await server.call("PUT", `${base()}${a!.id}/`, {
      headers: qcm,
      body: { decision: "approved", version: 0 },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: a!.id,
      version: 1,
      audit: { decision: "approved", reason: null },
    });
    // The same version again: someone decided meanwhile.
    const stale = await server.call("PUT", `${base()}${a!.id}/`, {
      headers: qcm,
      body: { decision: "rejected", reason: "Blurred", version: 0 },
    });
    expect(stale.status).toBe(409);

    const noReason = await server.call("PUT", `${base()}${b!.id}/`, {
      headers: qcm,
      body: { decision: "rejected", reason: "  ", version: 0 },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ reason: [REJECT_REASON_REQUIRED] });
    const rejected = await server.call("PUT", `${base()}${b!.id}/`, {
      headers: qcm,
      body: { decision: "rejected", reason: " Board not visible ", version: 0 },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ audit: { decision: "rejected", reason: "Board not visible" } });

    const listed = (await server.call("GET", `${base()}?status=rejected`, { headers: qcm }))
      .body as unknown as PhotoPage;
    expect(listed.results.map((p) => p.id)).toEqual([b!.id]);
    const left = (await server.call("GET", `${base()}?status=pending&page-size=2`, { headers: qcm }))
      .body as unknown as PhotoPage;
    expect(left.count).toBe(pending.count - 2);

    const gallery = (await server.call("GET", `/api/outlets/gallery/${b!.outlet.id}/`, { headers: qcm }))
      .body as unknown as { images: { id: number; audit?: { decision: string; reason: string } | null }[] };
    expect(gallery.images.find((i) => i.id === b!.id)?.audit).toMatchObject({
      decision: "rejected",
      reason: "Board not visible",
    });
  });

  it("is for internal QC and project managers; a photo of another sub-project is not found", async () => {
    const client = await server.signIn("client.manager");
    expect((await server.call("GET", base(), { headers: client })).status).toBe(403);
    const qce = await server.signIn("qc.executive");
    expect((await server.call("GET", base(), { headers: qce })).status).toBe(403);
    const [other] = await server.db.query<{ id: number }>(
      `SELECT i.id FROM answer_images i JOIN answers a ON a.id = i.answer_id
       JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
       JOIN sub_projects s ON s.id = o.sub_project_id WHERE s.slug <> $1 LIMIT 1`,
      [place.slug],
    );
    if (other) {
      const res = await server.call("PUT", `${base()}${other.id}/`, {
        headers: qcm,
        body: { decision: "approved", version: 0 },
      });
      expect(res.status).toBe(404);
    }
  });
});
