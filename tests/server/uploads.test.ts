// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { findJob } from "../../server/uploads/jobs";
import { claimNextUpload, processUpload, STALE_AFTER_MS } from "../../server/uploads/processing";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS, UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import { startTestServer, type TestServer } from "./support";
import {
  ACME_3P_PAYOUT_CYCLE,
  ACME_RETAIL_AUDIT_CYCLE,
  claimedJob,
  count,
  fixture,
  type Headers,
  listJobs,
  resultSheet,
  settle,
  upload,
  ZENITH_RETAIL_AUDIT_MAIN,
} from "./uploads-support";

let server: TestServer;
let admin: Headers;
let iftu: Headers;
let client: Headers;
let zenith: Headers;

const REGIONS = "objects_type=regions&organisation=acme-beverages";
const regionsUpload = "object=regions&organisation=acme-beverages";
const acmeRegions = () =>
  count(
    server,
    "SELECT count(*) AS n FROM regions r JOIN organisations o ON o.id = r.organisation_id WHERE o.name = 'Acme Beverages'",
  );

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  iftu = await server.signIn("iftu.manager");
  client = await server.signIn("client.manager");
  zenith = await server.signIn("zenith.manager");
});
afterAll(async () => {
  await server.close();
});

describe("upload and processing", () => {
  it("takes a spreadsheet-program .xlsx, answers at once with a processing job, then completes it with result files", async () => {
    const res = await upload(server, admin, regionsUpload, fixture("regions_acme.xlsx"), "regions_acme.xlsx");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "processing",
      file_name: "regions_acme.xlsx",
      total_objects: 0,
    });
    const job = await settle(server, admin, REGIONS, res.body.id as number);
    expect(job).toMatchObject({
      status: "completed",
      total_objects: 5,
      total_clean_objects: 3,
      total_unclean_objects: 2,
      total_validated_objects: 5,
      celery_queue_index: 0,
      created_by: { name: "Asha Admin" },
    });
    const clean = await resultSheet(server, admin, job.clean_objects_media_path as string);
    expect(clean.header).toEqual(["name"]);
    expect(clean.rows).toEqual([["Central"], ["North East"], ["Konkan"]]);
    const unclean = await resultSheet(server, admin, job.unclean_objects_media_path as string);
    expect(unclean.header).toEqual(["name", "sheet_row", "errors"]);
    expect(unclean.rows).toEqual([
      ["Central", "5", "name: Repeated in this file: first in row 2."],
      ["North", "6", "name: A region North already exists."],
    ]);
  });

  it("reads a spreadsheet-program .xls and names every problem of a row, not just the first", async () => {
    const query = `object=payout_data_ingested&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const res = await upload(server, iftu, query, fixture("payout_data.xls"), "payout_data.xls");
    expect(res.status).toBe(201);
    const job = await settle(
      server,
      iftu,
      `objects_type=payout_data_ingested&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      res.body.id as number,
    );
    expect(job).toMatchObject({
      status: "completed",
      total_objects: 6,
      total_clean_objects: 3,
      total_unclean_objects: 3,
    });
    expect(job.config).toEqual({
      sub_project: "Acme 3P Payout Cycle 1",
      sub_project_id: ACME_3P_PAYOUT_CYCLE,
    });
    const unclean = await resultSheet(server, iftu, job.unclean_objects_media_path as string);
    const errors = Object.fromEntries(unclean.rows.map((r) => [r[0], r.at(-1)]));
    expect(errors.RS000003).toBe(
      [
        "amount: Not a valid amount: a number with at most 2 decimals.",
        "account_number: Account number must be 9 to 18 digits.",
        "ifsc_code: Not a valid IFSC: four letters, a zero, six letters or digits.",
        "pan_number: Not a valid PAN: five capital letters, four digits, one capital letter.",
        "phone_number: Not a valid mobile number: 10 digits starting with 6 to 9.",
      ].join("; "),
    );
    expect(errors.RS999999).toBe("rsid: No outlet RSID named RS999999.");
    // RS000015 belongs to Zenith's project, not to Acme's.
    expect(errors.RS000015).toBe("rsid: No outlet RSID named RS000015.");
  });

  it("fails a file whose header does not match, naming missing, unknown and duplicate columns", async () => {
    const res = await upload(server, admin, regionsUpload, fixture("wrong_header.xlsx"), "wrong_header.xlsx");
    const job = await settle(server, admin, REGIONS, res.body.id as number);
    expect(job.status).toBe("failed");
    expect(job.message).toBe(
      "The header row does not match the template. Unknown columns: region_name, code. Duplicate columns: name. Expected header: name.",
    );
  });

  it("refuses a file that is not an Excel workbook whatever its name says", async () => {
    const res = await upload(server, admin, regionsUpload, fixture("not_excel.xlsx"), "regions.xlsx");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MSG.notExcel] });
  });

  it("keeps a file name with letters beyond ASCII, and serves it back under that name", async () => {
    const res = await upload(
      server,
      admin,
      regionsUpload,
      writeWorkbook("r", ["name"], [["Marathwada"]]),
      'régions "नई".xlsx',
    );
    expect(res.status).toBe(201);
    const file = await server.app.request(res.body.file as string, { headers: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="r_gions ____.xlsx"; filename*=UTF-8''${encodeURIComponent('régions "नई".xlsx')}`,
    );
    await settle(server, admin, REGIONS, res.body.id as number);
    await server.call("POST", `/api/bulk/upload/${res.body.id}/cancel/?object=regions`, { headers: admin });
  });

  it("refuses a missing file and an unknown type with field messages", async () => {
    const form = new FormData();
    const none = await server.app.request(`/api/bulk/upload/?${regionsUpload}`, {
      method: "POST",
      headers: admin,
      body: form,
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ file: [UPLOAD_MSG.noFile] });
    const unknown = await upload(server, admin, "object=planets", fixture("regions_acme.xlsx"), "x.xlsx");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ object: ["Unknown upload type planets."] });
  });

  it("refuses a file above the size limit with a clear message", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await upload(server, admin, regionsUpload, big, "big.xlsx");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: UPLOAD_MSG.tooLarge });
  });

  it("fails a file above the row limit with a clear message", async () => {
    const rows = Array.from({ length: MAX_UPLOAD_ROWS + 1 }, (_, i) => [`Region ${i}`]);
    const res = await upload(server, admin, regionsUpload, writeWorkbook("r", ["name"], rows), "many.xlsx");
    const job = await settle(server, admin, REGIONS, res.body.id as number);
    expect(job).toMatchObject({ status: "failed", message: UPLOAD_MSG.tooManyRows });
  });

  it("shows the waiting-queue position of jobs no worker has taken yet", async () => {
    const bytes = writeWorkbook("r", ["name"], [["Queue One"]]);
    const first = await upload(server, admin, regionsUpload, bytes, "q1.xlsx");
    const second = await upload(server, admin, regionsUpload, bytes, "q2.xlsx");
    const list = await listJobs(server, admin, REGIONS);
    const byId = new Map(list.results.map((j) => [j.id, j]));
    const [a, b] = [byId.get(first.body.id), byId.get(second.body.id)];
    // The background runner may already hold the first; the second then waits first in line.
    if (a?.status === "processing" && b?.status === "processing") {
      expect(Number(b.celery_queue_index)).toBeGreaterThan(Number(a.celery_queue_index));
      expect(Number(b.celery_queue_length)).toBeGreaterThanOrEqual(Number(b.celery_queue_index));
    }
    for (const id of [first.body.id, second.body.id]) {
      const j = await settle(server, admin, REGIONS, id as number);
      expect(j).toMatchObject({ status: "completed", celery_queue_index: 0, celery_queue_length: 0 });
    }
    // Leave nothing completed behind for the confirm tests below.
    for (const id of [first.body.id, second.body.id])
      await server.call("POST", `/api/bulk/upload/${id}/cancel/?object=regions`, { headers: admin });
  });
});

describe("confirm and cancel", () => {
  it("applies the clean rows once, cancels the other completed upload of the kind, and refuses a second confirm", async () => {
    const list = await listJobs(server, admin, REGIONS);
    const first = list.results.find((j) => j.file_name === "regions_acme.xlsx")!;
    const other = await upload(
      server,
      admin,
      regionsUpload,
      writeWorkbook("r", ["name"], [["Deccan"]]),
      "other.xlsx",
    );
    await settle(server, admin, REGIONS, other.body.id as number);
    const before = await acmeRegions();

    const [a, b] = await Promise.all([
      server.call("POST", `/api/bulk/upload/${first.id}/activate/?object=regions`, { headers: admin }),
      server.call("POST", `/api/bulk/upload/${first.id}/activate/?object=regions`, { headers: admin }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toEqual({ detail: UPLOAD_MSG.alreadyConfirmed });
    expect(await acmeRegions()).toBe(before + 3);
    expect(await count(server, "SELECT count(*) AS n FROM regions WHERE name = 'Konkan'")).toBe(1);

    const after = await listJobs(server, admin, REGIONS);
    const status = new Map(after.results.map((j) => [j.id, j.status]));
    expect(status.get(first.id)).toBe("active");
    expect(status.get(other.body.id)).toBe("cancelled");
    expect(
      await count(
        server,
        "SELECT count(*) AS n FROM upload_audit_log WHERE job_id = $1 AND action = 'confirm'",
        [first.id],
      ),
    ).toBe(1);
    expect(
      await count(
        server,
        "SELECT count(*) AS n FROM upload_audit_log WHERE job_id = $1 AND action = 'cancel'",
        [other.body.id],
      ),
    ).toBe(1);
    expect(
      await count(
        server,
        "SELECT count(*) AS n FROM upload_notifications WHERE job_id = $1 AND title = 'Upload confirmed'",
        [first.id],
      ),
    ).toBe(1);

    const again = await server.call("POST", `/api/bulk/upload/${first.id}/cancel/?object=regions`, {
      headers: admin,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: UPLOAD_MSG.alreadyConfirmed });
  });

  it("refuses to confirm an upload with no clean rows", async () => {
    const res = await upload(
      server,
      admin,
      regionsUpload,
      writeWorkbook("r", ["name"], [["North"]]),
      "dup.xlsx",
    );
    const job = await settle(server, admin, REGIONS, res.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 0 });
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=regions`, {
      headers: admin,
    });
    expect(confirm.status).toBe(400);
    const cancel = await server.call("POST", `/api/bulk/upload/${job.id}/cancel/?object=regions`, {
      headers: admin,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ detail: UPLOAD_MSG.cancelled });
  });

  it("cancels a job that is still processing, and its results are then discarded", async () => {
    const res = await upload(
      server,
      admin,
      regionsUpload,
      writeWorkbook("r", ["name"], [["Malwa"]]),
      "cancel-me.xlsx",
    );
    const cancel = await server.call("POST", `/api/bulk/upload/${res.body.id}/cancel/?object=regions`, {
      headers: admin,
    });
    expect(cancel.status).toBe(200);
    const job = await settle(server, admin, REGIONS, res.body.id as number);
    expect(job.status).toBe("cancelled");
  });

  it("rolls back the whole confirm when one row can no longer be applied, losing nothing", async () => {
    const users = writeWorkbook(
      "u",
      ["username", "name", "email", "phone_number", "role"],
      [
        // A role a client organisation's users may hold (internal-only roles are refused per row).
        ["new.auditor1", "Ravi Patil", "ravi@example.in", "9876543210", "client-manager"],
        ["new.auditor2", "Sita Rao", "sita@example.in", "9876543211", "client-manager"],
      ],
    );
    const res = await upload(server, admin, "object=users&organisation=acme-beverages", users, "users.xlsx");
    const job = await settle(
      server,
      admin,
      "objects_type=users&organisation=acme-beverages",
      res.body.id as number,
    );
    expect(job.total_clean_objects).toBe(2);
    // Someone takes one of the names after the file was checked.
    await server.db.query(
      `INSERT INTO users (username, name, organisation_id, password_hash, password_changed_at)
       VALUES ('new.auditor2', 'Taken', 1, '!', now())`,
    );
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=users`, {
      headers: admin,
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body.detail).toMatch(/clash/);
    expect(await count(server, "SELECT count(*) AS n FROM users WHERE username = 'new.auditor1'")).toBe(0);
    const after = await listJobs(server, admin, "objects_type=users&organisation=acme-beverages");
    expect(after.results.find((j) => j.id === job.id)?.status).toBe("completed");
  });
});

describe("a worker that dies mid-job", () => {
  it("leaves no partial data, and the job is taken over once its heartbeat is stale", async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => [`Bulk Region ${i}`]);
    const regionsBefore = await acmeRegions();
    const id = await claimedJob(server, "regions", writeWorkbook("r", ["name"], rows), "big-regions.xlsx");
    const claimed = await findJob(server.db, id);
    expect(claimed?.status).toBe("processing");
    if (claimed) {
      await expect(
        processUpload(server.deps, claimed, (_job, validated) => {
          if (validated >= 2000) throw new Error("worker killed");
        }),
      ).rejects.toThrow("worker killed");
      const [half] = await server.db.query<{ status: string; clean_file_id: number | null }>(
        "SELECT status, clean_file_id FROM bulk_upload_jobs WHERE id = $1",
        [id],
      );
      expect(half).toEqual({ status: "processing", clean_file_id: null });
      expect(await acmeRegions()).toBe(regionsBefore);
      // A fresh heartbeat keeps other workers away.
      expect(await claimNextUpload(server.deps)).toBeUndefined();
      server.clock.now += STALE_AFTER_MS + 1000;
    }
    const job = await settle(server, admin, REGIONS, id);
    expect(job).toMatchObject({ status: "completed", total_objects: 4500, total_clean_objects: 4500 });
    expect(await acmeRegions()).toBe(regionsBefore);
  });
});

describe("payment view", () => {
  it("gives count and amount in words, then Pay Now pays through the gateway to active", async () => {
    const query = `object=icici_upi_account_payment_tracker&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const listQuery = `objects_type=icici_upi_account_payment_tracker&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const res = await upload(server, iftu, query, fixture("upi_tracker.xlsx"), "upi_tracker.xlsx");
    const job = await settle(server, iftu, listQuery, res.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 2, total_unclean_objects: 1 });
    const info = await server.call(
      "GET",
      `/api/bulk/upload/${job.id}/get-icici-upi-activation-info/?object=icici_upi_account_payment_tracker`,
      { headers: iftu },
    );
    expect(info.body).toEqual({
      count: 2,
      amount_in_words: "Rupees One Lakh Twenty One Thousand Five Hundred and Fifty Paise Only",
    });
    const pay = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?${query}`, { headers: iftu });
    expect(pay.status).toBe(200);
    const paying = await listJobs(server, iftu, listQuery);
    expect(paying.results.find((j) => j.id === job.id)?.status).toMatch(/under_activation|active/);
    const { simulatedGateway } = await import("../../server/uploads/paymentGateway");
    // The app's own runner may have taken the payment run already: let it finish, then run what is left.
    await runnerOf(server.deps)?.idle();
    await runPendingWork(server.deps, simulatedGateway(server.deps.sleep));
    await runnerOf(server.deps)?.idle();
    const paid = await listJobs(server, iftu, listQuery);
    expect(paid.results.find((j) => j.id === job.id)?.status).toBe("active");
    expect(await count(server, "SELECT count(*) AS n FROM upi_payments WHERE job_id = $1", [job.id])).toBe(2);
  });
});

describe("templates, exports and access", () => {
  it("gives the template and a sample .xlsx made from it; bulk_kyc has the id column", async () => {
    const help = await server.call("GET", "/api/bulk/upload/help/?object=bulk_kyc", { headers: admin });
    expect(help.status).toBe(200);
    expect((help.body.columns as { name: string }[]).map((c) => c.name)[0]).toBe("id");
    const sample = await resultSheet(server, admin, help.body.sample_file as string);
    expect(sample.header).toEqual([
      "id",
      "pan_number",
      "gst_number",
      "ifsc_code",
      "account_number",
      "pin_code",
    ]);
    expect(sample.rows).toHaveLength(1);
  });

  it("runs the unicorn export as a job listed in My Downloads until its file expires", async () => {
    const file = writeWorkbook("u", ["rsid"], [["RS000001"], ["RS000002"]]);
    const res = await upload(server, admin, "object=unicorn_interface", file, "unicorns.xlsx");
    const job = await settle(server, admin, "objects_type=unicorn_interface", res.body.id as number);
    const confirm = await server.call(
      "POST",
      `/api/bulk/upload/${job.id}/activate/?object=unicorn_interface`,
      { headers: admin },
    );
    expect(confirm.status).toBe(200);
    const exportId = confirm.body.export_job_id as number;
    expect(exportId).toBeGreaterThan(0);
    // The confirm woke the app's own runner, which may have taken the export first: let it finish.
    await runnerOf(server.deps)?.idle();
    await runPendingWork(server.deps, null);
    await runnerOf(server.deps)?.idle();
    const downloads = await server.call("GET", "/api/exports/", { headers: admin });
    const entry = (downloads.body.results as Record<string, unknown>[]).find((e) => e.id === exportId)!;
    expect(entry).toMatchObject({ status: "completed", progress: 100 });
    const sheet = await resultSheet(server, admin, entry.file as string);
    expect(sheet.rows.map((r) => r[0])).toEqual(["RS000001", "RS000002"]);
    // Its time is up (moving the clock 72 hours would end the sessions too).
    const past = new Date(server.clock.now - 1000);
    await server.db.query("UPDATE export_jobs SET expires_at = $2 WHERE id = $1", [exportId, past]);
    await server.db.query(
      "UPDATE stored_files SET expires_at = $2 WHERE id = (SELECT file_id FROM export_jobs WHERE id = $1)",
      [exportId, past],
    );
    await runPendingWork(server.deps, null);
    const later = await server.call("GET", "/api/exports/", { headers: admin });
    expect((later.body.results as Record<string, unknown>[]).find((e) => e.id === exportId)?.file).toBeNull();
    const gone = await server.app.request(entry.file as string, { headers: admin });
    expect(gone.status).toBe(404);
  });

  it("checks the session, the role and the organisation on every call", async () => {
    const anonymous = await server.call("GET", `/api/bulk/upload/?${REGIONS}`);
    expect(anonymous.status).toBe(401);
    const clientRegions = await server.call("GET", `/api/bulk/upload/?${REGIONS}`, { headers: client });
    expect(clientRegions.status).toBe(403);
    // A client manager may use KYC contacts for its own sub-projects only.
    const own = await server.call(
      "GET",
      `/api/bulk/upload/?objects_type=kyc_contact&sub_project=${ACME_RETAIL_AUDIT_CYCLE}`,
      {
        headers: client,
      },
    );
    expect(own.status).toBe(200);
    const foreign = await server.call(
      "GET",
      `/api/bulk/upload/?objects_type=kyc_contact&sub_project=${ACME_RETAIL_AUDIT_CYCLE}`,
      {
        headers: zenith,
      },
    );
    expect(foreign.status).toBe(404);
    const zenithOwn = await server.call(
      "GET",
      `/api/bulk/upload/?objects_type=kyc_contact&sub_project=${ZENITH_RETAIL_AUDIT_MAIN}`,
      { headers: zenith },
    );
    expect(zenithOwn.status).toBe(200);
    const missing = await server.call("GET", "/api/bulk/upload/?objects_type=kyc_contact", {
      headers: client,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ sub_project: ["This field is required."] });
    // Result files of Acme's jobs are not Zenith's to read.
    const list = await listJobs(server, admin, REGIONS);
    const link = list.results.find((j) => j.clean_objects_media_path)?.clean_objects_media_path as string;
    expect((await server.app.request(link, { headers: zenith })).status).toBe(404);
  });
});
