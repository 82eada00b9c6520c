// @vitest-environment node
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeExpiredFiles } from "../../server/exports/exportJobs";
import { CLEAN_ROWS_PER_BATCH } from "../../server/uploads/cleanRows";
import { writeWorkbook } from "../../server/uploads/excel";
import { CHUNK_BYTES, FILE_SIZE_SQL, fileLink, readFile, saveFile } from "../../server/uploads/files";
import { startTestServer, type TestServer } from "./support";
import { count, type Headers, listJobs, settle, upload } from "./uploads-support";

let server: TestServer;
let admin: Headers;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  adminId = Number(
    (await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'"))[0]!.id,
  );
});
afterAll(async () => {
  await server.close();
});

const store = (content: Uint8Array, expiresAt: Date | null = null) =>
  server.db.transaction((tx) =>
    saveFile(tx, {
      name: "big.bin",
      contentType: "application/octet-stream",
      content,
      organisationId: 1,
      ownerId: adminId,
      created: new Date(server.clock.now),
      expiresAt,
    }),
  );

describe("files larger than a chunk", () => {
  it("are stored in ordered chunks and read back and downloaded byte for byte", async () => {
    const content = new Uint8Array(randomBytes(2 * CHUNK_BYTES + 12_345));
    const id = await store(content);
    const [row] = await server.db.query<{ content: unknown; chunk_count: number }>(
      "SELECT content, chunk_count FROM stored_files WHERE id = $1",
      [id],
    );
    expect(row).toEqual({ content: null, chunk_count: 3 });
    expect(await count(server, "SELECT count(*) AS n FROM stored_file_chunks WHERE file_id = $1", [id])).toBe(
      3,
    );
    expect(Buffer.from((await readFile(server.db, id))!.content!).equals(content)).toBe(true);
    const [size] = await server.db.query<{ size: number }>(
      `SELECT ${FILE_SIZE_SQL} AS size FROM stored_files f WHERE f.id = $1`,
      [id],
    );
    expect(size!.size).toBe(content.byteLength);

    const res = await server.app.request(fileLink(id, "big.bin"), { headers: admin });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
  });

  it("keep a file of one chunk or less whole, as before", async () => {
    const content = new Uint8Array(randomBytes(CHUNK_BYTES));
    const id = await store(content);
    const [row] = await server.db.query<{ chunk_count: number | null }>(
      "SELECT chunk_count FROM stored_files WHERE id = $1",
      [id],
    );
    expect(row!.chunk_count).toBeNull();
    expect(Buffer.from((await readFile(server.db, id))!.content!).equals(content)).toBe(true);
  });

  it("lose their chunks when they expire, and then read as expired", async () => {
    const id = await store(new Uint8Array(randomBytes(CHUNK_BYTES + 1)), new Date(server.clock.now - 1000));
    await removeExpiredFiles(server.deps);
    expect(await count(server, "SELECT count(*) AS n FROM stored_file_chunks WHERE file_id = $1", [id])).toBe(
      0,
    );
    expect((await readFile(server.db, id))!.content).toBeNull();
  });

  it("are not half stored when the transaction storing them fails", async () => {
    const before = await count(server, "SELECT count(*) AS n FROM stored_file_chunks");
    await expect(
      server.db.transaction(async (tx) => {
        await saveFile(tx, {
          name: "lost.bin",
          contentType: "application/octet-stream",
          content: new Uint8Array(randomBytes(3 * CHUNK_BYTES)),
          organisationId: 1,
          ownerId: adminId,
          created: new Date(server.clock.now),
        });
        throw new Error("the job it belongs to could not be stored");
      }),
    ).rejects.toThrow();
    expect(await count(server, "SELECT count(*) AS n FROM stored_file_chunks")).toBe(before);
    expect(await count(server, "SELECT count(*) AS n FROM stored_files WHERE name = 'lost.bin'")).toBe(0);
  });
});

describe("clean rows kept in batches", () => {
  const REGIONS = "objects_type=regions&organisation=acme-beverages";
  const total = 2 * CLEAN_ROWS_PER_BATCH + 500;
  const names = Array.from({ length: total }, (_, i) => `Batch Region ${i}`);
  const acmeRegions = () =>
    count(server, "SELECT count(*) AS n FROM regions WHERE name LIKE 'Batch Region %'");

  it("are kept in order and applied all or nothing: a clash in the last batch applies none of the first", async () => {
    const res = await upload(
      server,
      admin,
      "object=regions&organisation=acme-beverages",
      writeWorkbook(
        "r",
        ["name"],
        names.map((n) => [n]),
      ),
      "batch-regions.xlsx",
    );
    const job = await settle(server, admin, REGIONS, res.body.id as number);
    expect(job.total_clean_objects).toBe(total);
    const batches = await server.db.query<{ seq: number; n: number; first: string }>(
      `SELECT seq, jsonb_array_length(rows) AS n, rows -> 0 ->> 'name' AS first
       FROM bulk_upload_clean_rows WHERE job_id = $1 ORDER BY seq`,
      [job.id],
    );
    expect(batches).toEqual([
      { seq: 0, n: CLEAN_ROWS_PER_BATCH, first: names[0] },
      { seq: 1, n: CLEAN_ROWS_PER_BATCH, first: names[CLEAN_ROWS_PER_BATCH] },
      { seq: 2, n: 500, first: names[2 * CLEAN_ROWS_PER_BATCH] },
    ]);

    // Someone adds the last row's region after the file was checked.
    await server.db.query(
      "INSERT INTO regions (name, organisation_id) SELECT $1, id FROM organisations WHERE name = 'Acme Beverages'",
      [names[total - 1]],
    );
    const refused = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=regions`, {
      headers: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/clash/);
    expect(await acmeRegions()).toBe(1);
    const after = await listJobs(server, admin, REGIONS);
    expect(after.results.find((j) => j.id === job.id)?.status).toBe("completed");

    await server.db.query("DELETE FROM regions WHERE name = $1", [names[total - 1]]);
    const confirmed = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=regions`, {
      headers: admin,
    });
    expect(confirmed.status).toBe(200);
    expect(await acmeRegions()).toBe(total);
    expect(
      await count(
        server,
        "SELECT (detail ->> 'applied_rows')::int AS n FROM upload_audit_log WHERE job_id = $1 AND action = 'confirm'",
        [job.id],
      ),
    ).toBe(total);
  });
});
