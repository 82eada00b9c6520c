// @vitest-environment node
/**
 * A sub-project's panels as records (docs/projects.md): added and edited through the resource
 * layer, and the panels upload linking its rows to them, adding a panel it names that is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { startTestServer, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE, count, settle, upload } from "./uploads-support";

let server: TestServer;
let pm: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  pm = await server.signIn("project.manager");
});
afterAll(() => server.close());

type Made = { address: string; version: number; id: number };

describe("panels", () => {
  it("adds a panel once within its sub-project and edits it at its version", async () => {
    const values = {
      sub_project: ACME_3P_PAYOUT_CYCLE,
      name: "Metro Coolers",
      description: "Big-city coolers",
    };
    const made = await server.call("POST", "/api/admin/panels/", { headers: pm, body: { values } });
    expect(made.status).toBe(201);
    const panel = made.body as unknown as Made;
    expect(panel.address).toBe("metro-coolers");
    const twice = await server.call("POST", "/api/admin/panels/", {
      headers: pm,
      body: { values: { ...values, name: "metro coolers" } },
    });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body)).toEqual(["name"]);
    const edited = await server.call("PUT", "/api/admin/panels/metro-coolers/", {
      headers: pm,
      body: { version: panel.version, values: { ...values, description: "Coolers in metro cities" } },
    });
    expect(edited.status).toBe(200);
    const [row] = await server.db.query<{ description: string }>(
      "SELECT description FROM panels WHERE slug = 'metro-coolers'",
    );
    expect(row!.description).toBe("Coolers in metro cities");
  });

  it("links the upload's rows to the panel records on confirm, adding a panel it names that is not there", async () => {
    const outlets = await server.db.query<{ id: number; rsid: string }>(
      "SELECT id, rsid FROM outlets WHERE sub_project_id = $1 ORDER BY id LIMIT 2",
      [ACME_3P_PAYOUT_CYCLE],
    );
    const file = writeWorkbook(
      "panels",
      ["panel_name", "rsid"],
      [
        ["METRO COOLERS", outlets[0]!.rsid],
        ["Rural Kiosks", outlets[1]!.rsid],
      ],
    );
    const res = await upload(
      server,
      pm,
      `object=panels&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      file,
      "panels.xlsx",
    );
    expect(res.status).toBe(201);
    const job = await settle(
      server,
      pm,
      `objects_type=panels&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      res.body.id as number,
    );
    expect(job).toMatchObject({ status: "completed", total_objects: 2, total_clean_objects: 2 });
    // Only the demo data's links (no job) before the confirm.
    expect(await count(server, "SELECT count(*) AS n FROM panel_outlets WHERE job_id IS NOT NULL")).toBe(0);
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=panels`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);
    const links = await server.db.query<{ slug: string; outlet_id: number }>(
      "SELECT p.slug, l.outlet_id FROM panel_outlets l JOIN panels p ON p.id = l.panel_id WHERE l.job_id IS NOT NULL ORDER BY l.outlet_id",
    );
    expect(links).toEqual([
      { slug: "metro-coolers", outlet_id: outlets[0]!.id },
      { slug: "rural-kiosks", outlet_id: outlets[1]!.id },
    ]);
    const [rural] = await server.db.query<{ sub_project_id: number }>(
      "SELECT sub_project_id FROM panels WHERE slug = 'rural-kiosks'",
    );
    expect(rural!.sub_project_id).toBe(ACME_3P_PAYOUT_CYCLE);
  });

  it("is set up by the internal project team; a client's manager may only read", async () => {
    const client = await server.signIn("client.manager");
    const res = await server.call("POST", "/api/admin/panels/", {
      headers: client,
      body: { values: { sub_project: ACME_3P_PAYOUT_CYCLE, name: "Client Panel" } },
    });
    expect([403, 404]).toContain(res.status);
  });
});
