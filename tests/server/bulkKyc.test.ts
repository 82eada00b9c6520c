// @vitest-environment node
/**
 * Bulk KYC (docs/projects.md): the data mapping upload writes each row's PAN and bank details to its
 * outlet on Confirm, a changed value not verified until it is checked again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { writeZip } from "../../server/uploads/xlsxWriter";
import { KYC_ZIP_MSG } from "../../src/domain/uploads/kycImages";
import { startTestServer, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE, resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
let pm: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  pm = await server.signIn("project.manager");
});
afterAll(() => server.close());

type Kyc = {
  id: number;
  pan: string;
  gst: string;
  pin: string;
  ifsc_code: string;
  account_number: string;
  pan_status: string;
  gst_status: string;
  ifsc_status: string;
  account_status: string;
};
const KYC = `SELECT o.id, o.pan, o.gst, o.pin, w.ifsc_code, w.account_number,
  o.pan_number_verification_status AS pan_status, o.gst_number_verification_status AS gst_status,
  w.ifsc_code_verification_status AS ifsc_status, w.account_number_verification_status AS account_status
  FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.id = ANY($1::int[]) ORDER BY o.id`;

describe("bulk KYC data mapping", () => {
  it("writes the PAN and bank details to the outlets on Confirm, a changed value not verified", async () => {
    const ids = (
      await server.db.query<{ id: number }>(
        "SELECT id FROM outlets WHERE sub_project_id = $1 ORDER BY id LIMIT 2",
        [ACME_3P_PAYOUT_CYCLE],
      )
    ).map((r) => r.id);
    // Both outlets' values verified; the second's row repeats its own GST, which stays verified.
    await server.db.query(
      `UPDATE outlets SET gst = '27ABCPK1234F1Z5', pan_number_verification_status = 'verified',
         gst_number_verification_status = 'verified' WHERE id = ANY($1::int[])`,
      [ids],
    );
    await server.db.query(
      `UPDATE workflow_objects SET ifsc_code_verification_status = 'verified',
         account_number_verification_status = 'verified' WHERE outlet_id = ANY($1::int[])`,
      [ids],
    );
    const file = writeWorkbook(
      "kyc",
      ["id", "pan_number", "gst_number", "ifsc_code", "account_number", "pin_code"],
      [
        [String(ids[0]), "AAAPZ1111A", "27AAAPZ1111A1ZC", "HDFC0000001", "111122223333", "400001"],
        [String(ids[1]), "BBBPZ2222B", "27ABCPK1234F1Z5", "ICIC0000002", "444455556666", "400002"],
      ],
    );
    const res = await upload(
      server,
      pm,
      `object=bulk_kyc&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      file,
      "kyc.xlsx",
    );
    expect(res.status).toBe(201);
    const list = `objects_type=bulk_kyc&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const job = await settle(server, pm, list, res.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 2 });
    const before = await server.db.query<Kyc>(KYC, [ids]);
    expect(before.map((o) => o.pan)).not.toContain("AAAPZ1111A");

    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=bulk_kyc`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);
    const after = await server.db.query<Kyc>(KYC, [ids]);
    expect(after).toEqual([
      {
        id: ids[0],
        pan: "AAAPZ1111A",
        gst: "27AAAPZ1111A1ZC",
        pin: "400001",
        ifsc_code: "HDFC0000001",
        account_number: "111122223333",
        pan_status: "not_verified_yet",
        gst_status: "not_verified_yet",
        ifsc_status: "not_verified_yet",
        account_status: "not_verified_yet",
      },
      {
        id: ids[1],
        pan: "BBBPZ2222B",
        gst: "27ABCPK1234F1Z5",
        pin: "400002",
        ifsc_code: "ICIC0000002",
        account_number: "444455556666",
        pan_status: "not_verified_yet",
        gst_status: "verified",
        ifsc_status: "not_verified_yet",
        account_status: "not_verified_yet",
      },
    ]);
  });
});

describe("KYC images", () => {
  it("attaches a zip's images to the outlets their names name on Confirm; other entries are in the error file", async () => {
    const outlets = await server.db.query<{ id: number; rsid: string }>(
      "SELECT id, rsid FROM outlets WHERE sub_project_id = $1 ORDER BY id OFFSET 2 LIMIT 2",
      [ACME_3P_PAYOUT_CYCLE],
    );
    const [elsewhere] = await server.db.query<{ rsid: string }>(
      "SELECT rsid FROM outlets WHERE sub_project_id <> $1 ORDER BY id LIMIT 1",
      [ACME_3P_PAYOUT_CYCLE],
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6]);
    const zip = writeZip([
      { name: `kyc/${outlets[0]!.rsid}_pan.png`, content: png },
      { name: `kyc/${outlets[0]!.rsid}_bank.jpg`, content: jpeg },
      { name: `${outlets[1]!.rsid}.jpg`, content: jpeg },
      { name: `${elsewhere!.rsid}.jpg`, content: jpeg },
      { name: `${outlets[1]!.rsid}_notes.txt`, content: Buffer.from("not an image") },
    ]);
    const query = `object=kyc_images&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const notZip = await upload(server, pm, query, new Uint8Array(Buffer.from("plain text")), "kyc.zip");
    expect(notZip.status).toBe(400);
    expect(JSON.stringify(notZip.body)).toContain(KYC_ZIP_MSG.notZip);

    const res = await upload(server, pm, query, new Uint8Array(zip), "kyc.zip");
    expect(res.status).toBe(201);
    const list = `objects_type=kyc_images&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const job = await settle(server, pm, list, res.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_objects: 5, total_clean_objects: 3 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => r[0])).toEqual([
      `${elsewhere!.rsid}.jpg`,
      `${outlets[1]!.rsid}_notes.txt`,
    ]);
    const kycImages = () =>
      server.db.query<{ outlet_id: number; content_type: string }>(
        "SELECT outlet_id, content_type FROM outlet_images WHERE kind = 'kyc' ORDER BY id",
      );
    expect(await kycImages()).toEqual([]);

    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=kyc_images`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);
    expect(await kycImages()).toEqual([
      { outlet_id: outlets[0]!.id, content_type: "image/png" },
      { outlet_id: outlets[0]!.id, content_type: "image/jpeg" },
      { outlet_id: outlets[1]!.id, content_type: "image/jpeg" },
    ]);
    const gallery = await server.call("GET", `/api/outlets/gallery/${outlets[0]!.id}/`, { headers: pm });
    expect(gallery.status).toBe(200);
    const sections = (gallery.body as unknown as { images: { section: string }[] }).images.map(
      (i) => i.section,
    );
    expect(sections.filter((s) => s === "kyc")).toHaveLength(2);
  });
});
