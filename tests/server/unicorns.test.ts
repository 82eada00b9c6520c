// @vitest-environment node
/**
 * Image matching on the server (docs/verification.md, "Image matching"): a scan of a sub-project,
 * run by the job runner, hashes its shop photos from the stored bytes and lists the pairs alike;
 * the demo's RS000019 carries RS000003's photo. A reviewer marks a pair, with a version check.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runnerOf } from "../../server/uploads/runner";
import type {
  UnicornPair,
  UnicornPairs,
  UnicornScan,
  UnicornScans,
} from "../../src/domain/verification/unicorns";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let auth: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  auth = await server.signIn("qc.manager");
});
afterAll(() => server.close());

const call = async <T>(method: string, path: string, body?: unknown) => {
  const res = await server.call(method, path, { headers: auth, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: res.body as unknown as T };
};
const subProjectId = async (name: string) =>
  (await server.db.query<{ id: number }>("SELECT id FROM sub_projects WHERE name = $1", [name]))[0]!.id;

describe("image matching", () => {
  it("lists the demo's two outlets sharing a shop photo, found by admin's scan of Acme 3P Payout", async () => {
    const payout = await subProjectId("Acme 3P Payout");
    const listed = await call<UnicornScans>("GET", `/api/unicorns/scans/?sub_project=${payout}`);
    expect(listed.body.results.map((s) => [s.sub_project, s.requested_by, s.status, s.pairs_found])).toEqual([
      ["Acme 3P Payout", "Asha Admin", "completed", 1],
    ]);
    expect(listed.body.results[0]!.images).toBe(
      listed.body.sub_projects.find((s) => s.id === payout)!.images,
    );
    const pairs = await call<UnicornPairs>("GET", "/api/unicorns/pairs/");
    expect(pairs.body.results.map((p) => [p.a.rsid, p.b.rsid, p.distance, p.status])).toEqual([
      ["RS000003", "RS000019", 0, "suspected"],
    ]);
    // Both photos are served to the reviewer.
    for (const side of [pairs.body.results[0]!.a, pairs.body.results[0]!.b]) {
      const image = await server.call("GET", side.url, { headers: auth });
      expect(image.status).toBe(200);
    }
  });

  it("scans a sub-project as a job, hashing its photos from the stored bytes, and adds the new pair", async () => {
    const retail = await subProjectId("Acme Retail Audit");
    // RS000017's shop photo becomes RS000001's (both in Acme Retail Audit).
    await server.db.query(
      `UPDATE outlet_images t SET content = s.content FROM outlet_images s
       WHERE s.kind = 'banner' AND s.outlet_id = (SELECT id FROM outlets WHERE rsid = 'RS000001')
         AND t.kind = 'banner' AND t.outlet_id = (SELECT id FROM outlets WHERE rsid = 'RS000017')`,
    );
    const started = await call<UnicornScan>("POST", "/api/unicorns/scans/", { sub_project: retail });
    expect([started.status, started.body.status]).toEqual([201, "queued"]);
    // A second start while it waits answers the same scan.
    const again = await call<UnicornScan>("POST", "/api/unicorns/scans/", { sub_project: retail });
    expect([again.status, again.body.id]).toEqual([200, started.body.id]);
    await runnerOf(server.deps)!.idle();
    const scans = await call<UnicornScans>("GET", `/api/unicorns/scans/?sub_project=${retail}`);
    expect(scans.body.results[0]).toMatchObject({
      id: started.body.id,
      status: "completed",
      pairs_found: 1,
      undecodable: 0,
    });
    const pairs = await call<UnicornPairs>("GET", `/api/unicorns/pairs/?sub_project=${retail}`);
    expect(pairs.body.results.map((p) => [p.a.rsid, p.b.rsid, p.distance])).toEqual([
      ["RS000001", "RS000017", 0],
    ]);
  });

  it("keeps a scanned pair and its decision when the sub-project is scanned again", async () => {
    const payout = await subProjectId("Acme 3P Payout");
    const [pair] = (await call<UnicornPairs>("GET", `/api/unicorns/pairs/?sub_project=${payout}`)).body
      .results;
    const marked = await call<UnicornPair>("PUT", `/api/unicorns/pairs/${pair!.id}/`, {
      status: "duplicate",
      version: pair!.version,
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({
      status: "duplicate",
      decided_by: "Meera Kulkarni",
      version: pair!.version + 1,
    });
    // The version read before the decision is stale now.
    const stale = await call<{ detail: string }>("PUT", `/api/unicorns/pairs/${pair!.id}/`, {
      status: "not_duplicate",
      version: pair!.version,
    });
    expect(stale).toEqual({
      status: 409,
      body: { detail: "Someone else has marked this pair since you opened it. It is shown as it is now." },
    });
    await call("POST", "/api/unicorns/scans/", { sub_project: payout });
    await runnerOf(server.deps)!.idle();
    expect((await call<UnicornPairs>("GET", `/api/unicorns/pairs/?sub_project=${payout}`)).body.count).toBe(
      0,
    );
    const duplicates = await call<UnicornPairs>("GET", "/api/unicorns/pairs/?status=duplicate");
    expect(duplicates.body.results.map((p) => p.id)).toEqual([pair!.id]);
  });

  it("finds no pair among shops whose photos differ", async () => {
    await call("POST", "/api/unicorns/scans/", { sub_project: await subProjectId("Acme Retail Audit") });
    await runnerOf(server.deps)!.idle();
    const scans = await call<UnicornScans>("GET", "/api/unicorns/scans/");
    expect(scans.body.results[0]).toMatchObject({
      sub_project: "Acme Retail Audit",
      status: "completed",
      pairs_found: 0,
    });
    expect(scans.body.results[0]!.images).toBeGreaterThan(3);
  });

  it("refuses a sub-project that does not exist, a decision that is not one, and a client user", async () => {
    expect((await call("POST", "/api/unicorns/scans/", { sub_project: 999999 })).status).toBe(404);
    expect((await call("PUT", "/api/unicorns/pairs/1/", { status: "maybe", version: 1 })).status).toBe(400);
    expect((await call("GET", "/api/unicorns/pairs/999999/")).status).toBe(404);
    const client = await server.signIn("client.manager");
    expect((await server.call("GET", "/api/unicorns/pairs/", { headers: client })).status).toBe(403);
  });
});
