// @vitest-environment node
/** The outlets upload: a sub-project's new outlets from a sheet, made on Confirm in its first workflow state. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { UPLOAD_TYPES } from "../../src/domain/uploads/uploadTypes";
import { firstWorkflowState } from "../../src/machines/outlets/outletWorkflowConfig";
import { startTestServer, type TestServer } from "./support";
import { ACME_RETAIL_AUDIT_CYCLE, count, resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
let pm: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  pm = await server.signIn("project.manager");
});
afterAll(() => server.close());

const SP = ACME_RETAIL_AUDIT_CYCLE;
const QUERY = `object=outlets&sub_project=${SP}`;
const LIST = `objects_type=outlets&sub_project=${SP}`;
const HEADER = UPLOAD_TYPES.outlets.columns.map((c) => c.name);
const row = (rsid: string, more: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    rsid,
    outlet_name: `Kirana ${rsid}`,
    owner_name: "Ramesh Kumar",
    mobile: "9876543210",
    address: "12 Station Road",
    pin_code: "411005",
    city: "pune",
    state: "Maharashtra",
    territory: "Pune Central",
    zone: "Maharashtra",
    ...more,
  };
  return HEADER.map((h) => values[h]!);
};

const activate = () =>
  server.call("POST", `/api/bulk/upload/${jobId}/activate/?object=outlets`, { headers: pm });
let jobId = 0;

describe("outlets upload", () => {
  it("checks every row, then makes the clean rows' outlets in the sub-project's first state, once", async () => {
    const [existing] = await server.db.query<{ rsid: string }>(
      "SELECT rsid FROM outlets ORDER BY id LIMIT 1",
    );
    const [{ type }] = (await server.db.query<{ type: string }>(
      "SELECT type FROM sub_projects WHERE id = $1",
      [SP],
    )) as [{ type: string }];
    const before = await count(server, "SELECT count(*) AS n FROM outlets WHERE sub_project_id = $1", [SP]);
    const file = writeWorkbook("outlets", HEADER, [
      row("RS700001"),
      row("RS700002", { city: "Nagpur" }),
      row(existing!.rsid),
      row("RS700001"),
      row("RS700003", { city: "Atlantis" }),
      row("RS700004", { territory: "Nowhere" }),
      row("RS700005", { mobile: "12345" }),
    ]);
    const res = await upload(server, pm, QUERY, file, "outlets.xlsx");
    expect(res.status).toBe(201);
    const job = await settle(server, pm, LIST, res.body.id as number);
    jobId = job.id as number;
    expect(job).toMatchObject({ status: "completed", total_objects: 7, total_clean_objects: 2 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      [existing!.rsid, `rsid: An outlet RSID ${existing!.rsid} already exists.`],
      ["RS700001", "rsid: Repeated in this file: first in row 2."],
      ["RS700003", "city: No city with this city and state."],
      ["RS700004", "territory: No territory with this territory and zone."],
      ["RS700005", "mobile: Not a valid mobile number: 10 digits starting with 6 to 9."],
    ]);
    // Nothing is made before Confirm.
    expect(await count(server, "SELECT count(*) AS n FROM outlets WHERE rsid LIKE 'RS7000%'")).toBe(0);

    expect((await activate()).status).toBe(200);
    const made = await server.db.query<{
      rsid: string;
      workflow_state: string;
      city: string;
      territory: string;
      wo: number | null;
    }>(
      `SELECT o.rsid, o.workflow_state, c.name AS city, t.name AS territory,
              (SELECT count(*)::int FROM workflow_objects w WHERE w.outlet_id = o.id) AS wo
       FROM outlets o JOIN cities c ON c.id = o.city_id JOIN territories t ON t.id = o.territory_id
       WHERE o.rsid LIKE 'RS7000%' ORDER BY o.rsid`,
    );
    expect(made).toEqual([
      {
        rsid: "RS700001",
        workflow_state: firstWorkflowState(type),
        city: "Pune",
        territory: "Pune Central",
        wo: 1,
      },
      {
        rsid: "RS700002",
        workflow_state: firstWorkflowState(type),
        city: "Nagpur",
        territory: "Pune Central",
        wo: 1,
      },
    ]);
    expect(await count(server, "SELECT count(*) AS n FROM outlets WHERE sub_project_id = $1", [SP])).toBe(
      before + 2,
    );
    expect(
      await count(
        server,
        "SELECT count(*) AS n FROM outlet_logs WHERE action = 'outlet_created' AND (extra_data->>'job_id')::int = $1",
        [jobId],
      ),
    ).toBe(2);
    // The state counts the hub and the project card read follow the new outlets.
    expect(
      await count(
        server,
        "SELECT coalesce(sum(n), 0)::int AS n FROM outlet_counts WHERE sub_project_id = $1 AND status = 'active'",
        [SP],
      ),
    ).toBe(before + 2);
    // The cycle is scored: the new outlets' scores are stored with them (no answers yet: 0 of 75).
    expect(
      await server.db.query(
        `SELECT o.rsid, sc.score::float8 AS score, sc.max_score::float8 AS max_score
         FROM outlets o JOIN outlet_scores sc ON sc.outlet_id = o.id WHERE o.rsid LIKE 'RS7000%' ORDER BY o.rsid`,
      ),
    ).toEqual([
      { rsid: "RS700001", score: 0, max_score: 75 },
      { rsid: "RS700002", score: 0, max_score: 75 },
    ]);
    // A second click on Confirm makes nothing more.
    expect((await activate()).status).toBeGreaterThanOrEqual(400);
    expect(await count(server, "SELECT count(*) AS n FROM outlets WHERE rsid LIKE 'RS7000%'")).toBe(2);
  });

  it("refuses a territory of another organisation", async () => {
    const file = writeWorkbook("outlets", HEADER, [
      row("RS700010", { territory: "Pune Central", zone: "Nowhere" }),
    ]);
    const res = await upload(server, pm, QUERY, file, "other.xlsx");
    const job = await settle(server, pm, LIST, res.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_objects: 1, total_clean_objects: 0 });
  });

  it("is for project and QC managers, not QC executives or clients", async () => {
    const file = writeWorkbook("outlets", HEADER, [row("RS700020")]);
    const qc = await server.signIn("qc.executive");
    expect((await upload(server, qc, QUERY, file, "a.xlsx")).status).toBe(403);
    const client = await server.signIn("client.manager");
    expect((await upload(server, client, QUERY, file, "a.xlsx")).status).toBe(403);
  });
});
