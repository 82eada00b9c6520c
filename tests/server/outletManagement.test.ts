// @vitest-environment node
/**
 * Outlet management (docs/projects.md, "Outlet management"): the sub-project's outlet kinds counted
 * as their lists count them, each list narrowed to its kind through the outlet listing, another
 * organisation's sub-project not found; and the panel outlets narrowed to one panel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let pm: Record<string, string>;
const PROJECT = "acme-retail-audit";
const SUB = "acme-retail-audit-main";
beforeAll(async () => {
  server = await startTestServer();
  pm = await server.signIn("project.manager");
});
afterAll(() => server.close());

type Listed = { count: number; results: { rsid: string; is_temp: boolean; status: string }[] };
const list = async (query: string) => {
  const answer = await server.call("GET", `/api/outlets/?sub_project=${SUB}&${query}`, { headers: pm });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Listed;
};

describe("outlet management", () => {
  it("counts each kind as its list lists it, and each list holds only its kind", async () => {
    // An outlet recovered by field outlet recovery (the job writes this row when it makes one).
    const [outlet] = await server.db.query<{ id: number; rsid: string }>(
      `SELECT o.id, o.rsid FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       WHERE s.slug = $1 AND o.status = 'active' AND NOT o.is_temp ORDER BY o.id LIMIT 1`,
      [SUB],
    );
    const [request] = await server.db.query<{ id: number }>(
      "SELECT id FROM recovery_requests ORDER BY id LIMIT 1",
    );
    await server.db.query(
      "INSERT INTO field_recoveries (rsid, request_id, outlet_id, created) VALUES ($1, $2, $3, now())",
      [outlet!.rsid, request!.id, outlet!.id],
    );

    const answer = await server.call(
      "GET",
      `/api/projects/${PROJECT}/sub-projects/${SUB}/outlet-management/`,
      {
        headers: pm,
      },
    );
    expect(answer.status).toBe(200);
    const { counts, sub_project } = answer.body as unknown as {
      counts: Record<string, number>;
      sub_project: { slug: string };
    };
    expect(sub_project.slug).toBe(SUB);
    expect(counts.outlets).toBeGreaterThan(0);
    expect(counts.temporary).toBeGreaterThan(0);
    expect(counts.inactive).toBeGreaterThan(0);
    expect(counts.recovered).toBe(1);

    // The lists as the screen asks for them: active unless the inactive kind says otherwise.
    const permanent = await list("object_type=outlets&status=active&page-size=50");
    expect(permanent.count).toBe(counts.outlets);
    expect(permanent.results.every((o) => !o.is_temp && o.status === "active")).toBe(true);
    const temporary = await list("object_type=temporary&status=active&page-size=50");
    expect(temporary.count).toBe(counts.temporary);
    expect(temporary.results.every((o) => o.is_temp)).toBe(true);
    const inactive = await list("object_type=inactive&status=inactive&page-size=50");
    expect(inactive.count).toBe(counts.inactive);
    expect(inactive.results.every((o) => o.status === "inactive")).toBe(true);
    const recovered = await list("object_type=recovered&status=active");
    expect(recovered.results.map((o) => o.rsid)).toEqual([outlet!.rsid]);

    const unknown = await server.call("GET", `/api/outlets/?sub_project=${SUB}&object_type=drafts`, {
      headers: pm,
    });
    expect(unknown.status).toBe(400);
  });

  it("answers another organisation's sub-project as not found", async () => {
    const client = await server.signIn("client.manager");
    const zenith = await server.db.query<{ project: string; slug: string }>(
      `SELECT p.slug AS project, s.slug FROM sub_projects s JOIN projects p ON p.id = s.project_id
       JOIN organisations o ON o.id = p.organisation_id WHERE o.name ILIKE 'zenith%' LIMIT 1`,
    );
    const answer = await server.call(
      "GET",
      `/api/projects/${zenith[0]!.project}/sub-projects/${zenith[0]!.slug}/outlet-management/`,
      { headers: client },
    );
    expect(answer.status).toBe(404);
  });

  it("lists the outlets on the sub-project's panels, and on one panel when it is chosen", async () => {
    // From no links at all: the demo data's own are left out here.
    await server.db.query("DELETE FROM panel_outlets");
    const outlets = await server.db.query<{ id: number; rsid: string }>(
      `SELECT o.id, o.rsid FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       WHERE s.slug = $1 AND o.status = 'active' ORDER BY o.id LIMIT 3`,
      [SUB],
    );
    const [keyAccounts] = await server.db.query<{ id: number; slug: string; sub_project_id: number }>(
      "SELECT pa.id, pa.slug, pa.sub_project_id FROM panels pa JOIN sub_projects s ON s.id = pa.sub_project_id WHERE s.slug = $1",
      [SUB],
    );
    const [coolers] = await server.db.query<{ id: number; slug: string }>(
      "INSERT INTO panels (sub_project_id, name) VALUES ($1, 'Metro coolers') RETURNING id, slug",
      [keyAccounts!.sub_project_id],
    );
    // The links the panels upload's confirm writes (any upload job stands for it here).
    const [job] = await server.db.query<{ id: number }>(
      "SELECT id FROM bulk_upload_jobs ORDER BY id LIMIT 1",
    );
    await server.db.query(
      "INSERT INTO panel_outlets (panel_id, outlet_id, job_id) VALUES ($1, $2, $6), ($1, $3, $6), ($4, $5, $6)",
      [keyAccounts!.id, outlets[0]!.id, outlets[1]!.id, coolers!.id, outlets[2]!.id, job!.id],
    );
    const rsids = (page: Listed) => page.results.map((o) => o.rsid).sort();
    expect(rsids(await list("on_panels=yes&status=active"))).toEqual(outlets.map((o) => o.rsid).sort());
    expect(rsids(await list(`on_panels=yes&panel=${coolers!.slug}&status=active`))).toEqual([
      outlets[2]!.rsid,
    ]);
    expect(rsids(await list(`on_panels=yes&panel=${keyAccounts!.slug}&status=active`))).toEqual(
      [outlets[0]!.rsid, outlets[1]!.rsid].sort(),
    );

    const options = await server.call("GET", `/api/outlets/filter-options/?sub_project=${SUB}`, {
      headers: pm,
    });
    expect((options.body as unknown as { panel: { id: string; name: string }[] }).panel).toEqual([
      { id: keyAccounts!.slug, name: "Key accounts" },
      { id: coolers!.slug, name: "Metro coolers" },
    ]);
  });
});
