// @vitest-environment node
/** The mobile link download: who may start it, once per waiting export, and the spreadsheet it writes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ADDRESS_MISSING, publicAddressConfig } from "../../server/http/publicAddress";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import {
  MOBILE_LINK_COLUMNS,
  MOBILE_LINKS_ALREADY_STARTED,
  MOBILE_LINKS_STARTED,
  mobileLinkPath,
  NO_MOBILE_LINKS,
} from "../../src/domain/mobile/mobileLinks";
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

describe("the address the links are written with (issue 28 item 14)", () => {
  /** Starts an export asked on `origin` (its Host header) and gives the first link it wrote. */
  async function exportAt(origin: string) {
    const pm = await as("project.manager");
    await runPendingWork(server.deps, null); // no export of the sub-project left waiting
    const res = await server.call("POST", exportPath(place.project, place.slug), {
      headers: pm,
      url: `${origin}${exportPath(place.project, place.slug)}`,
    });
    if (res.status !== 201) return { status: res.status, body: res.body, link: null };
    await runPendingWork(server.deps, null);
    const downloads = await server.call("GET", "/api/exports/", { headers: pm });
    const entry = (downloads.body.results as Record<string, unknown>[]).find((e) => e.id === res.body.id)!;
    const sheet = await resultSheet(server, pm, entry.file as string);
    return {
      status: res.status,
      body: res.body,
      link: sheet.rows[0]![MOBILE_LINK_COLUMNS.indexOf("mobile_link")]!,
    };
  }

  it("never takes the address from a Host header that is not on the allow-list", async () => {
    const before = await server.db.query("SELECT id FROM export_jobs");
    const forged = await exportAt("http://evil.example");
    expect(forged.status).toBe(503);
    expect(forged.body).toEqual({ detail: PUBLIC_ADDRESS_MISSING });
    expect(await server.db.query("SELECT id FROM export_jobs")).toEqual(before);
  });

  it("writes the configured public address whatever the request's Host", async () => {
    server.deps.publicUrl = "https://fieldops.example.in";
    try {
      const { link } = await exportAt("http://evil.example");
      expect(new URL(link!).origin).toBe("https://fieldops.example.in");
    } finally {
      server.deps.publicUrl = undefined;
    }
  });

  it("writes the request's origin when it is on the allow-list, or the server's own machine", async () => {
    server.deps.allowedOrigins = ["https://ops.example.in"];
    try {
      expect(new URL((await exportAt("https://ops.example.in")).link!).origin).toBe("https://ops.example.in");
      expect(new URL((await exportAt("http://127.0.0.1:8080")).link!).origin).toBe("http://127.0.0.1:8080");
    } finally {
      server.deps.allowedOrigins = undefined;
    }
  });
});

describe("the public address settings", () => {
  it("keep each address's origin and stop the start on one that is not http or https", () => {
    expect(
      publicAddressConfig({
        PUBLIC_URL: "https://fieldops.example.in/app/",
        ALLOWED_ORIGINS: "https://a.in, http://b.in:8080",
      }),
    ).toEqual({
      publicUrl: "https://fieldops.example.in",
      allowedOrigins: ["https://a.in", "http://b.in:8080"],
    });
    expect(publicAddressConfig({})).toEqual({ publicUrl: undefined, allowedOrigins: [] });
    expect(() => publicAddressConfig({ PUBLIC_URL: "evil.example" })).toThrow(/PUBLIC_URL/);
    expect(() => publicAddressConfig({ ALLOWED_ORIGINS: "javascript:alert(1)" })).toThrow(/ALLOWED_ORIGINS/);
  });
});
