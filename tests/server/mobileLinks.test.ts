// @vitest-environment node
/** The mobile link download: who may start it, once per waiting export, and the spreadsheet it writes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import {
  MOBILE_LINK_COLUMNS,
  MOBILE_LINKS_ALREADY_STARTED,
  MOBILE_LINKS_STARTED,
  mobileLinkPath,
  NO_MOBILE_LINKS,
} from "../../src/domain/mobileLinks";
import { startTestServer, type TestServer } from "./support";
import { resultSheet } from "./uploads-support";

let server: TestServer;
let place: { project: string; slug: string; id: number };
beforeAll(async () => {
  server = await startTestServer();
  // The Acme sub-project with the most retailer links.
  const [row] = await server.db.query<{ project: string; slug: string; id: number }>(
    `SELECT p.slug AS project, s.slug, s.id FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id
     WHERE o.mobile_slug IS NOT NULL AND o.status = 'active' AND p.slug LIKE 'acme-%'
     GROUP BY p.slug, s.slug, s.id ORDER BY count(*) DESC, s.id LIMIT 1`,
  );
  place = row!;
});
afterAll(() => server.close());

const sessions = new Map<string, Promise<Record<string, string>>>();
const as = (username: string) => {
  if (!sessions.has(username)) sessions.set(username, server.signIn(username));
  return sessions.get(username)!;
};
const exportPath = (project: string, slug: string) =>
  `/api/projects/${project}/sub-projects/${slug}/mobile-links/export/`;

describe("mobile link download", () => {
  it("starts one export per waiting spreadsheet, whose rows are the active outlets' links", async () => {
    const pm = await as("project.manager");
    const [first, second] = await Promise.all([
      server.call("POST", exportPath(place.project, place.slug), { headers: pm }),
      server.call("POST", exportPath(place.project, place.slug), { headers: pm }),
    ]);
    const answers = [first, second].sort((a, b) => b.status - a.status);
    expect(answers.map((a) => [a.status, a.body.detail])).toEqual([
      [201, MOBILE_LINKS_STARTED],
      [200, MOBILE_LINKS_ALREADY_STARTED],
    ]);
    expect(answers[1]!.body.id).toBe(answers[0]!.body.id);

    // The app's own runner polls for work and may have taken the export first: let it finish.
    await runnerOf(server.deps)?.idle();
    await runPendingWork(server.deps, null);
    await runnerOf(server.deps)?.idle();
    const downloads = await server.call("GET", "/api/exports/", { headers: pm });
    const entry = (downloads.body.results as Record<string, unknown>[]).find((e) => e.id === first.body.id)!;
    expect(entry).toMatchObject({ status: "completed", progress: 100 });
    const sheet = await resultSheet(server, pm, entry.file as string);
    expect(sheet.header).toEqual([...MOBILE_LINK_COLUMNS]);
    const outlets = await server.db.query<{ rsid: string; mobile_slug: string }>(
      `SELECT rsid, mobile_slug FROM outlets WHERE sub_project_id = $1 AND status = 'active'
         AND mobile_slug IS NOT NULL ORDER BY rsid`,
      [place.id],
    );
    expect(outlets.length).toBeGreaterThan(0);
    const link = MOBILE_LINK_COLUMNS.indexOf("mobile_link");
    expect(sheet.rows.map((r) => [r[0], new URL(r[link]!).pathname])).toEqual(
      outlets.map((o) => [o.rsid, mobileLinkPath(o.mobile_slug)]),
    );

    // Once the first is done, another click starts a new one.
    const again = await server.call("POST", exportPath(place.project, place.slug), { headers: pm });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it("says so when no outlet of the sub-project has a link", async () => {
    const pm = await as("project.manager");
    // Every demo sub-project has retailers with links: the Zenith one's are taken away here.
    const [empty] = await server.db.query<{ project: string; slug: string; id: number }>(
      `SELECT p.slug AS project, s.slug, s.id FROM sub_projects s JOIN projects p ON p.id = s.project_id
       WHERE p.slug LIKE 'zenith-%' ORDER BY s.id LIMIT 1`,
    );
    await server.db.query("UPDATE outlets SET mobile_slug = NULL WHERE sub_project_id = $1", [empty!.id]);
    const res = await server.call("POST", exportPath(empty!.project, empty!.slug), { headers: pm });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: NO_MOBILE_LINKS });
  });

  it("lets only those who set projects up start it, and hides another organisation's sub-project", async () => {
    const path = exportPath(place.project, place.slug);
    expect((await server.call("POST", path)).status).toBe(401);
    expect((await server.call("POST", path, { headers: await as("client.manager") })).status).toBe(403);
    expect((await server.call("POST", path, { headers: await as("qc.executive") })).status).toBe(403);
    const missing = await server.call("POST", exportPath(place.project, "no-such-sub-project"), {
      headers: await as("project.manager"),
    });
    expect(missing.status).toBe(404);
  });
});
