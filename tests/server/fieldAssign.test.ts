// @vitest-environment node
/** Bulk field assign: an upload of RSID and auditor mobile that, confirmed, assigns all its rows at once and logs each. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { startTestServer, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE, count, resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
let pm: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  pm = await server.signIn("project.manager");
});
afterAll(() => server.close());

const QUERY = `object=field_assign&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
const LIST = `objects_type=field_assign&sub_project=${ACME_3P_PAYOUT_CYCLE}`;

describe("bulk field assign", () => {
  it("checks each row, then assigns the clean rows' auditors in one go, logging each outlet that changes", async () => {
    const outlets = await server.db.query<{ id: number; rsid: string; auditor_id: number | null }>(
      "SELECT id, rsid, auditor_id FROM outlets WHERE sub_project_id = $1 ORDER BY id LIMIT 2",
      [ACME_3P_PAYOUT_CYCLE],
    );
    const [auditor] = await server.db.query<{ id: number; mobile: string }>(
      "SELECT id, mobile FROM field_auditors WHERE id NOT IN (SELECT auditor_id FROM outlets WHERE id = ANY($1::int[]) AND auditor_id IS NOT NULL) ORDER BY id LIMIT 1",
      [outlets.map((o) => o.id)],
    );
    const [elsewhere] = await server.db.query<{ rsid: string }>(
      "SELECT rsid FROM outlets WHERE sub_project_id <> $1 ORDER BY id LIMIT 1",
      [ACME_3P_PAYOUT_CYCLE],
    );
    const file = writeWorkbook(
      "assign",
      ["rsid", "field_auditor_mobile"],
      [
        [outlets[0]!.rsid, auditor!.mobile],
        [outlets[1]!.rsid, auditor!.mobile],
        [elsewhere!.rsid, auditor!.mobile],
        [outlets[0]!.rsid, "9999999999"],
      ],
    );
    const res = await upload(server, pm, QUERY, file, "assign.xlsx");
    expect(res.status).toBe(201);
    const job = await settle(server, pm, LIST, res.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_objects: 4, total_clean_objects: 2 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => r[0])).toEqual([elsewhere!.rsid, outlets[0]!.rsid]);
    // Nothing changes before Confirm.
    expect(
      await count(server, "SELECT count(*) AS n FROM outlets WHERE id = ANY($1::int[]) AND auditor_id = $2", [
        outlets.map((o) => o.id),
        auditor!.id,
      ]),
    ).toBe(0);

    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=field_assign`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);
    expect(
      await count(server, "SELECT count(*) AS n FROM outlets WHERE id = ANY($1::int[]) AND auditor_id = $2", [
        outlets.map((o) => o.id),
        auditor!.id,
      ]),
    ).toBe(2);
    expect(
      await count(
        server,
        "SELECT count(*) AS n FROM outlet_logs WHERE action = 'field_auditor_assigned' AND outlet_id = ANY($1::int[]) AND (extra_data->>'job_id')::int = $2",
        [outlets.map((o) => o.id), job.id],
      ),
    ).toBe(2);
    // A second click on Confirm applies nothing more.
    const again = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=field_assign`, {
      headers: pm,
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(
      await count(server, "SELECT count(*) AS n FROM outlet_logs WHERE action = 'field_auditor_assigned'"),
    ).toBe(2);
  });

  it("is for project, field managers and coordinators, not QC executives or clients", async () => {
    const file = writeWorkbook("assign", ["rsid", "field_auditor_mobile"], [["RS000001", "9000000001"]]);
    const qc = await server.signIn("qc.executive");
    expect((await upload(server, qc, QUERY, file, "a.xlsx")).status).toBe(403);
    const client = await server.signIn("client.manager");
    expect((await upload(server, client, QUERY, file, "a.xlsx")).status).toBe(403);
    const field = await server.signIn("field.manager");
    expect((await upload(server, field, QUERY, file, "a.xlsx")).status).toBe(201);
  });
});
