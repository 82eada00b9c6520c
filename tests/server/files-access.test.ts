/**
 * Hole 2 of the access-control review: a stored file is readable by its owner, by others only where
 * they may see the job it belongs to (the job list's rule: the upload type's roles and the
 * organisation), and an export only by the user who asked for it. Issue 21 item 12: a file is
 * served with the type the server detected, never the one the uploader claimed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExport } from "../../server/exports/exportJobs";
import { saveFile } from "../../server/uploads/files";
import { startTestServer, type TestServer } from "./support";
import { ACME_RETAIL_AUDIT_CYCLE, fixture, settle } from "./uploads-support";

let server: TestServer;
const auth: Record<string, Record<string, string>> = {};
const ROLES = [
  "admin",
  "qc.executive",
  "qc.manager",
  "iftu.executive",
  "project.manager",
  "client.manager",
  "client.executive",
  "zenith.manager",
];

async function fileLinksOf(jobType: string) {
  return server.db.query<{ file_id: number; clean_file_id: number; unclean_file_id: number }>(
    "SELECT file_id, clean_file_id, unclean_file_id FROM bulk_upload_jobs WHERE object_type = $1 ORDER BY id LIMIT 1",
    [jobType],
  );
}

const read = (id: number, who: string) =>
  server.call("GET", `/api/files/${id}/f.xlsx`, { headers: auth[who] });

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ROLES) auth[who] = await server.signIn(who);
});
afterAll(() => server.close());

describe("GET /api/files/:id/:name", () => {
  it("a payout upload's files are read by payout roles only, never by other internal staff or clients", async () => {
    const [job] = await fileLinksOf("payout_plotting");
    for (const id of [job!.file_id, job!.clean_file_id, job!.unclean_file_id]) {
      expect((await read(id, "admin")).status).toBe(200);
      expect((await read(id, "iftu.executive")).status).toBe(200);
      expect((await read(id, "project.manager")).status).toBe(200);
      expect((await read(id, "qc.executive")).status).toBe(404);
      expect((await read(id, "qc.manager")).status).toBe(404);
      expect((await read(id, "client.manager")).status).toBe(404);
      expect((await read(id, "zenith.manager")).status).toBe(404);
    }
  });

  it("a client's upload is read by its owner and its organisation's users of that type, not by a viewer", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(fixture("cycle_init.xlsx"))], "cycle_init.xlsx"));
    const query = `object=cycle_init&sub_project=${ACME_RETAIL_AUDIT_CYCLE}`;
    const res = await server.app.request(`/api/bulk/upload/?${query}`, {
      method: "POST",
      headers: auth["project.manager"],
      body: form,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await settle(server, auth["project.manager"]!, query.replace("object=", "objects_type="), id);
    const [job] = await server.db.query<{ file_id: number }>(
      "SELECT file_id FROM bulk_upload_jobs WHERE id = $1",
      [id],
    );
    expect((await read(job!.file_id, "project.manager")).status).toBe(200);
    expect((await read(job!.file_id, "qc.manager")).status).toBe(200);
    expect((await read(job!.file_id, "qc.executive")).status).toBe(404);
    expect((await read(job!.file_id, "client.executive")).status).toBe(404);
    expect((await read(job!.file_id, "zenith.manager")).status).toBe(404);
  });

  it("an export is read only by the user who asked for it", async () => {
    const [qc] = await server.db.query<{ id: number; organisation_id: number }>(
      "SELECT id, organisation_id FROM users WHERE username = 'qc.manager'",
    );
    const now = new Date(server.clock.now);
    const fileId = await server.db.transaction(async (tx) => {
      const exportId = await createExport(tx, {
        userId: qc!.id,
        organisationId: qc!.organisation_id,
        title: "Outlets",
        kind: "outlets",
        params: { rsids: [] },
        now,
      });
      const id = await saveFile(tx, {
        name: "export.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        content: fixture("cycle_init.xlsx"),
        organisationId: qc!.organisation_id,
        ownerId: qc!.id,
        created: now,
        expiresAt: new Date(server.clock.now + 3_600_000),
      });
      await tx.query("UPDATE export_jobs SET status = 'completed', file_id = $2 WHERE id = $1", [
        exportId,
        id,
      ]);
      return id;
    });
    expect((await read(fileId, "qc.manager")).status).toBe(200);
    for (const who of ["admin", "project.manager", "qc.executive", "client.manager"])
      expect((await read(fileId, who)).status, who).toBe(404);
  });

  it("a file is served with the detected type, never the uploader's claim", async () => {
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(fixture("cycle_init.xlsx"))], "page.xlsx", { type: "text/html" }),
    );
    const query = `object=cycle_init&sub_project=${ACME_RETAIL_AUDIT_CYCLE}`;
    const res = await server.app.request(`/api/bulk/upload/?${query}`, {
      method: "POST",
      headers: auth["project.manager"],
      body: form,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [job] = await server.db.query<{ file_id: number }>(
      "SELECT file_id FROM bulk_upload_jobs WHERE id = $1",
      [id],
    );
    const file = await read(job!.file_id, "project.manager");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a stored type outside the known list is served as application/octet-stream", async () => {
    const [pm] = await server.db.query<{ id: number; organisation_id: number }>(
      "SELECT id, organisation_id FROM users WHERE username = 'project.manager'",
    );
    const id = await saveFile(server.db, {
      name: "old.html",
      contentType: "text/html",
      content: new TextEncoder().encode("<script>alert(1)</script>"),
      organisationId: pm!.organisation_id,
      ownerId: pm!.id,
      created: new Date(server.clock.now),
    });
    const file = await read(id, "project.manager");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
  });
});
