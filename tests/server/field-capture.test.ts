/**
 * The field auditor's capture (docs/field-user.md): a draft becomes one outlet in its sub-project's
 * first state, whatever number of times its key is sent; the RSA sets the status staff see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import { auditorReport } from "../../server/gamification/points";
import { PHONE_FORMAT, REQUIRED, RSA_AGREEMENT_NEEDED } from "../../src/domain/ekyc/fieldCapture";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let headers: Record<string, string>;
let staff: Record<string, string>;

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const photo = { content_type: "image/png", data_base64: PNG };

beforeAll(async () => {
  server = await startTestServer({ outlets: 200 });
  const session = async (username: string, platform: "my_track" | "web") => {
    const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [
      username,
    ]);
    const token = await createSession(server.db, user!.id, platform, server.clock.now, cryptoRandomBytes);
    return { authorization: `sessionid ${token}` };
  };
  headers = await session("auditor.9000000001", "my_track");
  staff = await session("qc.manager", "web");
});
afterAll(() => server.close());

const get = (path: string, h = headers) => server.call("GET", path, { headers: h });
const post = (path: string, body: unknown, h = headers) => server.call("POST", path, { headers: h, body });

async function draft(key: string) {
  const options = await get("/api/my-track/capture/options/");
  expect(options.status).toBe(200);
  const [sub] = (options.body as { sub_projects: { slug: string; places: { id: string }[] }[] }).sub_projects;
  return {
    idempotency_key: key,
    sub_project: sub!.slug,
    place: sub!.places[0]!.id,
    name: "Sai Kirana Corner",
    owner_name: "Ravi Kumar",
    phone: "9876543210",
    phone2: "",
    address: "12 Market Road",
    pin: "560001",
    location: { latitude: 12.9716, longitude: 77.5946, accuracy: 8 },
    photos: [photo],
  };
}

describe("adding an outlet in the field", () => {
  it("makes one outlet in QC Pending however often the same draft is sent", async () => {
    const body = await draft("6f1c2a0e-8d4b-4c1e-9a7f-0b2d3e4f5a61");
    const [first, second] = await Promise.all([
      post("/api/my-track/outlets/drafts/", body),
      post("/api/my-track/outlets/drafts/", body),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.rsid).toBe(second.body.rsid);
    expect([first.body.created, second.body.created].sort()).toEqual([false, true]);
    expect(first.body.workflow_state).toBe("qc_pending");
    const again = await post("/api/my-track/outlets/drafts/", body);
    expect(again.body).toEqual({ rsid: first.body.rsid, workflow_state: "qc_pending", created: false });
    const made = await server.db.query<{ n: number; images: number; logs: number }>(
      `SELECT count(*)::int AS n,
         (SELECT count(*)::int FROM outlet_images i JOIN outlets o ON o.id = i.outlet_id WHERE o.name = 'Sai Kirana Corner') AS images,
         (SELECT count(*)::int FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id WHERE o.name = 'Sai Kirana Corner') AS logs
       FROM outlets WHERE name = 'Sai Kirana Corner'`,
    );
    expect(made[0]).toEqual({ n: 1, images: 1, logs: 1 });
    // The auditor finds it in Pending; staff see it with its location.
    const pending = await get(`/api/my-track/outlets/?list=pending&search=${first.body.rsid}`);
    expect(pending.body.count).toBe(1);
  });

  it("refuses a draft with its problems, field by field, and makes nothing", async () => {
    const body = { ...(await draft("0c1d2e3f-4a5b-4c6d-8e7f-901234567890")), name: " ", phone: "12" };
    const refused = await post("/api/my-track/outlets/drafts/", body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ name: [REQUIRED], phone: [PHONE_FORMAT] });
  });

  it("answers field auditors only", async () => {
    expect((await get("/api/my-track/capture/options/", staff)).status).toBe(403);
  });
});

describe("the retailer service agreement", () => {
  it("records the agreement with its photos and shows staff pending verification", async () => {
    const sent = await post(
      "/api/my-track/outlets/drafts/",
      await draft("a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"),
    );
    const rsid = sent.body.rsid as string;
    const blank = await get(`/api/my-track/outlets/${rsid}/rsa/`);
    expect(blank.body).toMatchObject({ rsid, status: null, photos: 0 });
    const refused = await post(`/api/my-track/outlets/${rsid}/rsa/`, {
      signatory_name: "Ravi Kumar",
      signatory_phone: "9876543210",
      signed_on: "2024-01-02",
      agreed: false,
      photos: [photo],
    });
    expect(refused.body).toEqual({ agreed: [RSA_AGREEMENT_NEEDED] });
    const rsa = await post(`/api/my-track/outlets/${rsid}/rsa/`, {
      signatory_name: "Ravi Kumar",
      signatory_phone: "9876543210",
      signed_on: "2024-01-02",
      agreed: true,
      photos: [photo, photo],
    });
    expect(rsa.status).toBe(200);
    expect(rsa.body).toMatchObject({ rsid, status: "pending", signatory_name: "Ravi Kumar", photos: 2 });
    // QC's header card reads the status and the proofs from the outlet's workflow object.
    const outlet = await get(`/api/outlets/${rsid}/`, staff);
    expect(outlet.status).toBe(200);
    const wo = outlet.body.workflow_object as { rsa_verification_status: string; rsa_photo_proofs: string[] };
    expect(wo.rsa_verification_status).toBe("pending");
    expect(wo.rsa_photo_proofs).toHaveLength(2);
  });

  it("finds no agreement of another auditor's outlet", async () => {
    const [theirs] = await server.db.query<{ rsid: string }>(
      `SELECT o.rsid FROM outlets o JOIN field_auditors fa ON fa.id = o.auditor_id WHERE fa.mobile = '9000000002' LIMIT 1`,
    );
    expect((await get(`/api/my-track/outlets/${theirs!.rsid}/rsa/`)).status).toBe(404);
  });
});

describe("the auditor's own rank", () => {
  it("is the rank the gamification report gives", async () => {
    const rank = await get("/api/my-track/rank/");
    expect(rank.status).toBe(200);
    const [auditor] = await server.db.query<{ id: number }>(
      "SELECT id FROM field_auditors WHERE mobile = '9000000001'",
    );
    const report = (await auditorReport(server.db, auditor!.id, "all"))!;
    expect(rank.body).toEqual({
      rank: report.auditor.rank <= report.of ? report.auditor.rank : null,
      of: report.of,
      points: report.auditor.points,
      accepted: report.auditor.counts.accepted,
    });
  });
});
