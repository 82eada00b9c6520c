// @vitest-environment node
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_ADDRESS } from "../../server/seed/retailerRequests";
import { PAN_INVALID, UPDATE_REQUEST_SUBMITTED } from "../../src/domain/outlets/outletEdit";
import {
  ALREADY_DECIDED,
  CHOOSE_REASON,
  PENDING_RETAILER_EDITS,
  PendingCheck,
  RequestDetail,
  RequestList,
  savingBlocked,
} from "../../src/domain/outlets/retailerRequests";
import { MAX_IMAGES_MESSAGE } from "../../src/domain/shared/widgets";
import { PNG_HEAD as PNG, startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
/** The first outlet with an interim status (two requests pending) and the second (none). */
let pendingOutlet: { rsid: string; wo: number; id: number };
let cleanOutlet: { rsid: string; wo: number; id: number };

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["qc.manager", "qc.executive", "client.manager", "zenith.manager"])
    auth[user] = await server.signIn(user);
  const interim = await server.db.query<{ rsid: string; wo: number; id: number }>(
    `SELECT o.rsid, w.id AS wo, o.id FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.interim_status IS NOT NULL ORDER BY o.rsid LIMIT 2`,
  );
  [pendingOutlet, cleanOutlet] = interim as [typeof pendingOutlet, typeof cleanOutlet];
});
afterAll(() => server.close());

const call = (user: string, method: string, path: string, body?: unknown) =>
  server.call(method, path, { headers: auth[user], body });
const list = (user: string, wo: number) => call(user, "GET", `/api/retailer-requests/?workflow_object=${wo}`);
const decide = (user: string, body: unknown) => call(user, "POST", "/api/retailer-requests/decision/", body);
async function requests(wo: number) {
  const res = await list("qc.manager", wo);
  expect(res.status).toBe(200);
  return Schema.decodeUnknownSync(RequestList)(res.body);
}
async function upload(
  user: string,
  fields: Record<string, string>,
  file: Uint8Array<ArrayBuffer>,
  fileName: string,
  path = "/api/common/images/",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(path.includes("images") ? "image" : "file", new File([file], fileName));
  const res = await server.app.request(path, { method: "POST", body: form, headers: auth[user] });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("retailer master requests", () => {
  it("seeds each type and status on the first interim outlet, two of them pending", async () => {
    const rows = await requests(pendingOutlet.wo);
    expect(new Set(rows.map((r) => r.retailer_master_type))).toEqual(
      new Set(["store_details", "bank_details", "tax_details"]),
    );
    expect(new Set(rows.map((r) => r.retailer_master_status))).toEqual(
      new Set(["pending", "accepted", "rejected"]),
    );
    const check = await call(
      "qc.executive",
      "GET",
      `/api/retailer-requests/pending/?workflow_object=${pendingOutlet.wo}`,
    );
    expect(Schema.decodeUnknownSync(PendingCheck)(check.body)).toEqual({
      pending_request_exist: true,
      count_pending_request: 2,
    });
    const clean = await call(
      "qc.executive",
      "GET",
      `/api/retailer-requests/pending/?workflow_object=${cleanOutlet.wo}`,
    );
    expect(clean.body).toEqual({ pending_request_exist: false, count_pending_request: 0 });
    // The flag is the screen's own §4.4 rule over the list the screen reads.
    expect(savingBlocked(rows)).toBe(true);
    expect(savingBlocked(await requests(cleanOutlet.wo))).toBe(false);
  });

  it("gives a request's detail with its images, seen only by those who see the outlet", async () => {
    const [first] = await requests(pendingOutlet.wo);
    const path = `/api/retailer-requests/${first!.retailer_master_request_id}/?workflow_object=${pendingOutlet.wo}`;
    const res = await call("client.manager", "GET", path);
    expect(res.status).toBe(200);
    const detail = Schema.decodeUnknownSync(RequestDetail)(res.body);
    expect(detail.retailer_request.id).toBe(first!.retailer_master_request_id);
    expect(Object.keys(detail.qc_rejection_status).length).toBeGreaterThan(0);
    const images = Object.values(detail.image_data).flat();
    expect(images.length).toBeGreaterThan(0);
    const image = await call("client.manager", "GET", images[0]!.image);
    expect(image.status).toBe(200);
    // Another organisation's client sees neither the request, the list, nor the image.
    expect((await call("zenith.manager", "GET", path)).status).toBe(404);
    expect((await list("zenith.manager", pendingOutlet.wo)).status).toBe(404);
    expect((await call("zenith.manager", "GET", images[0]!.image)).status).toBe(404);
  });

  it("refuses every save of the review screen while a request is pending", async () => {
    const [answer] = await server.db.query<{ id: number; version: number }>(
      `SELECT a.id, a.version FROM answers a JOIN questions q ON q.id = a.question_id
       WHERE a.workflow_object_id = $1 AND q.type = 'text' ORDER BY a.id LIMIT 1`,
      [pendingOutlet.wo],
    );
    const save = await call("qc.manager", "POST", "/api/update/", {
      object_type: "answers",
      data_to_create: null,
      data_to_update: { [answer!.id]: { single_input: "Changed Shop", version: answer!.version } },
    });
    expect(save.status).toBe(409);
    expect(save.body.detail).toBe(PENDING_RETAILER_EDITS);
    const refresh = await call("qc.manager", "POST", `/api/outlets/${pendingOutlet.rsid}/refresh-qc-data/`);
    expect(refresh.body.detail).toBe(PENDING_RETAILER_EDITS);
    const edit = await call("qc.manager", "PATCH", `/api/outlets/${pendingOutlet.rsid}/`, {
      data: { address: "1, Some Road", pin_code: "560001", phone_number1: "9876543210" },
    });
    expect(edit.body.detail).toBe(PENDING_RETAILER_EDITS);
  });

  it("rejects only with a reason, decides once, and applies an accepted request in one go", async () => {
    const pending = (await requests(pendingOutlet.wo)).filter((r) => r.retailer_master_status === "pending");
    const bank = pending.find((r) => r.retailer_master_type === "bank_details")!;
    const store = pending.find((r) => r.retailer_master_type === "store_details")!;
    const noReason = await decide("qc.executive", {
      request_id: bank.retailer_master_request_id,
      status: "rejected",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.rejection_reason).toEqual([CHOOSE_REASON]);
    const rejected = await decide("qc.executive", {
      request_id: bank.retailer_master_request_id,
      status: "rejected",
      rejection_reason: "proof_not_clear",
    });
    expect(rejected.status).toBe(200);
    const again = await decide("qc.executive", {
      request_id: bank.retailer_master_request_id,
      status: "accepted",
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(ALREADY_DECIDED);

    const body = { request_id: store.retailer_master_request_id, status: "accepted" };
    const both = await Promise.all([decide("qc.executive", body), decide("qc.manager", body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const [outlet] = await server.db.query<{ address: string }>("SELECT address FROM outlets WHERE id = $1", [
      pendingOutlet.id,
    ]);
    expect(outlet!.address.startsWith(NEW_ADDRESS)).toBe(true);
    const logs = await server.db.query(
      "SELECT 1 FROM outlet_logs WHERE outlet_id = $1 AND action = 'retailer_request_accepted'",
      [pendingOutlet.id],
    );
    expect(logs).toHaveLength(1);
    const history = await server.db.query<{ message: string }>(
      "SELECT message FROM qc_edit_history WHERE workflow_object_id = $1 AND message LIKE 'Address changed from%'",
      [pendingOutlet.wo],
    );
    expect(history).toHaveLength(1);
    const check = await call(
      "qc.executive",
      "GET",
      `/api/retailer-requests/pending/?workflow_object=${pendingOutlet.wo}`,
    );
    expect(check.body.count_pending_request).toBe(0);
  });

  it("lets a client user decide nothing, and hides another organisation's requests", async () => {
    const [accepted] = await requests(pendingOutlet.wo);
    expect(
      (
        await decide("client.manager", {
          request_id: accepted!.retailer_master_request_id,
          status: "accepted",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await decide("zenith.manager", {
          request_id: accepted!.retailer_master_request_id,
          status: "accepted",
        })
      ).status,
    ).toBe(404);
  });
});

describe("the outlet edit and its proof images", () => {
  it("refuses a renamed text file and a fourth image, and serves images only to the outlet's viewers", async () => {
    const text = new TextEncoder().encode("not an image at all");
    const renamed = await upload(
      "qc.manager",
      { name: "pan_number_photo_proofs", outlet: cleanOutlet.rsid },
      text,
      "pan.png",
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.image).toHaveLength(1);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await upload(
        "qc.manager",
        { name: "pan_number_photo_proofs", outlet: cleanOutlet.rsid },
        PNG,
        "pan.png",
      );
      expect(ok.status).toBe(201);
      expect(ok.body.image).toBe(`/api/outlets/${cleanOutlet.rsid}/images/${ok.body.id}/`);
      ids.push(ok.body.id as number);
    }
    const fourth = await upload(
      "qc.manager",
      { name: "pan_number_photo_proofs", outlet: cleanOutlet.rsid },
      PNG,
      "pan.png",
    );
    expect(fourth.status).toBe(400);
    expect(fourth.body.detail).toBe(MAX_IMAGES_MESSAGE);
    expect(
      (await call("zenith.manager", "GET", `/api/outlets/${cleanOutlet.rsid}/images/${ids[0]}/`)).status,
    ).toBe(404);

    // The edit: a bad PAN comes back under its field; a good one becomes pending requests.
    const [current] = await server.db.query<Record<string, string>>(
      "SELECT address, pin, phone FROM outlets WHERE id = $1",
      [cleanOutlet.id],
    );
    const base = { address: current!.address, pin_code: current!.pin, phone_number1: current!.phone };
    const bad = await call("qc.manager", "PATCH", `/api/outlets/${cleanOutlet.rsid}/`, {
      data: { ...base, pan_number: "ABC123" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.pan_number).toEqual([PAN_INVALID]);
    const before = await requests(cleanOutlet.wo);
    const [outlet] = await server.db.query<Record<string, string>>(
      `SELECT o.gst, o.email, to_char(o.dob, 'YYYY-MM-DD') AS dob, o.bank_account_type, o.phone_number2, w.account_number,
         w.account_holder_name, w.bank, w.ifsc_code FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.id = $1`,
      [cleanOutlet.id],
    );
    const good = await call("qc.manager", "PATCH", `/api/outlets/${cleanOutlet.rsid}/`, {
      data: {
        ...base,
        email: outlet!.email ?? "",
        dob: outlet!.dob ?? "",
        phone_number2: outlet!.phone_number2 ?? "",
        bank_account_type: outlet!.bank_account_type ?? "",
        gst_number: outlet!.gst,
        account_number: outlet!.account_number,
        account_holder_name: outlet!.account_holder_name,
        bank: outlet!.bank,
        ifsc_code: outlet!.ifsc_code,
        pan_number: "ABCPE9876K",
        pan_number_photo_proofs: ids,
      },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.detail).toBe(UPDATE_REQUEST_SUBMITTED);
    const after = await requests(cleanOutlet.wo);
    const created = after.filter(
      (r) => !before.some((b) => b.retailer_master_request_id === r.retailer_master_request_id),
    );
    expect(created.map((r) => [r.retailer_master_type, r.retailer_master_status])).toEqual([
      ["tax_details", "pending"],
    ]);

    // Accepting it writes the PAN and asks for it to be verified again.
    await server.db.query("UPDATE outlets SET pan_number_verification_status = 'verified' WHERE id = $1", [
      cleanOutlet.id,
    ]);
    const accepted = await decide("qc.manager", {
      request_id: created[0]!.retailer_master_request_id,
      status: "accepted",
    });
    expect(accepted.status).toBe(200);
    const [now] = await server.db.query<{ pan: string; pan_number_verification_status: string }>(
      "SELECT pan, pan_number_verification_status FROM outlets WHERE id = $1",
      [cleanOutlet.id],
    );
    expect(now).toEqual({ pan: "ABCPE9876K", pan_number_verification_status: "not_verified_yet" });
  });

  it("stores a document upload and refuses a file that is neither a PDF nor an image", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n%...\n");
    const ok = await upload(
      "client.manager",
      { name: "Ownership deed" },
      pdf,
      "deed.pdf",
      "/api/common/files/",
    );
    expect(ok.status).toBe(201);
    expect(typeof ok.body.id).toBe("number");
    const bad = await upload(
      "client.manager",
      { name: "Deed" },
      new TextEncoder().encode("hello"),
      "deed.pdf",
      "/api/common/files/",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.file).toHaveLength(1);
  });
});
