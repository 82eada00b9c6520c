// @vitest-environment node
/**
 * The retailer's mobile pages on the server (spec 002 §4, §7): the access check binds a link to the
 * first device and refuses a forwarded one, every data call needs the bound token, the PDFs are real
 * PDF files made once, and staff read the same data by RSID only for outlets they may see.
 */
import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { Schema } from "effect";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import { demoMobileSlug } from "../../server/seed/retailerPortal";
import { Form16Answer } from "../../src/domain/api/retailerAccount";
import { accessTokenDigits } from "../../src/domain/mobile/mobile";
import { EarningsAnswer, InvoicesAnswer, StatementsAnswer } from "../../src/domain/mobile/mobileAnswers";
import { startTestServer, TEST_START, type TestServer } from "./support";

let server: TestServer;
let publicKey: string;

beforeAll(async () => {
  server = await startTestServer({ outlets: 200 });
  publicKey = (await server.call("GET", "/api/config/")).body.otp_public_key as string;
});
afterAll(() => server.close());

/** What the page does: the minute's digits, encrypted with the public key (RSA-OAEP, SHA-256). */
function tokenAt(t: number): string {
  const d = new Date(t);
  const digits = accessTokenDigits({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  });
  return publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: "sha256",
    },
    Buffer.from(digits),
  ).toString("base64");
}

const check = (slug: string, viewId: unknown) =>
  server.call("POST", `/api/mobile/access-check/${slug}/`, { body: { view_id: viewId } });
const read = (path: string, token: string) =>
  server.call("GET", path, { headers: { "X-Mobile-Access": token } });

describe("the mobile access check", () => {
  it("binds a link to the first fresh token, allows it again, and refuses a forwarded one", async () => {
    const slug = demoMobileSlug(0);
    const mine = tokenAt(TEST_START);
    const first = await check(slug, mine);
    expect(first.status).toBe(200);
    expect(first.body.results).not.toBeNull();
    expect((await check(slug, mine)).body.results).not.toBeNull();
    const forwarded = await check(slug, tokenAt(TEST_START + 60_000));
    expect(forwarded.body).toEqual({ results: null, reason: "forwarded" });
    // The forwarded device reads nothing either.
    expect((await read(`/api/mobile/earnings/${slug}/`, tokenAt(TEST_START))).status).toBe(403);
  });

  it("refuses a token far from now and one that is not ours, without binding the link", async () => {
    const slug = demoMobileSlug(1);
    expect((await check(slug, tokenAt(TEST_START - 3 * 86_400_000))).body).toEqual({
      results: null,
      reason: "expired",
    });
    expect((await check(slug, "MjAyNjExMjAxMDAw")).body).toEqual({ results: null, reason: "malformed" });
    expect((await check(slug, null)).body).toEqual({ results: null, reason: "malformed" });
    expect((await check(slug, tokenAt(TEST_START))).body.results).not.toBeNull();
  });

  it("answers 404 for a link no outlet has", async () => {
    expect((await check("no-such-link", tokenAt(TEST_START))).status).toBe(404);
  });

  it("lets two first openings at once bind the link once", async () => {
    const slug = demoMobileSlug(2);
    const [a, b] = await Promise.all([check(slug, tokenAt(TEST_START)), check(slug, tokenAt(TEST_START))]);
    const allowed = [a, b].filter((r) => r.body.results !== null);
    expect(allowed).toHaveLength(1);
  });
});

describe("the retailer's data by the bound link", () => {
  it("gives the profile, a year of earnings, invoices with PDFs and statements with PDFs", async () => {
    const slug = demoMobileSlug(3);
    const token = tokenAt(TEST_START);
    await check(slug, token);
    const profile = await read(`/api/mobile/profile/${slug}/`, token);
    expect(profile.status).toBe(200);
    const [me] = profile.body.results as { name: string; is_kyc_successful: boolean }[];
    const [retailer] = await server.db.query<{ name: string }>(
      "SELECT name FROM retailers WHERE mobile = '9100000004'",
    );
    expect(me!.name).toBe(retailer!.name);

    const earnings = Schema.decodeUnknownSync(EarningsAnswer)(
      (await read(`/api/mobile/earnings/${slug}/`, token)).body,
    );
    expect(earnings.results).toHaveLength(12);
    expect(earnings.results[0]!.workflow_object.utr_number).toMatch(/^UTR/);
    expect(earnings.results[0]!.invoice_duration_start_date).toMatch(/-01$/);

    const invoices = Schema.decodeUnknownSync(InvoicesAnswer)(
      (await read(`/api/mobile/invoices/${slug}/`, token)).body,
    );
    expect(invoices.results).toHaveLength(12);
    const pdf = await read(invoices.results[0]!.file, token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const file = await server.app.request(invoices.results[0]!.file, {
      headers: { "X-Mobile-Access": token },
    });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Payout Invoice");
    // Made once and kept: the second download is the stored file.
    const [stored] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM retailer_invoices WHERE id = $1 AND file_id IS NOT NULL",
      [invoices.results[0]!.id],
    );
    expect(stored!.n).toBe(1);

    const statements = Schema.decodeUnknownSync(StatementsAnswer)(
      (await read(`/api/mobile/target-statements/${slug}/`, token)).body,
    );
    expect(statements.results).toHaveLength(4);
    const statement = await server.app.request(statements.results[0]!.url!, {
      headers: { "X-Mobile-Access": token },
    });
    expect(statement.status).toBe(200);
    expect((await PDFDocument.load(new Uint8Array(await statement.arrayBuffer()))).getTitle()).toMatch(
      /^Target vs Achievement/,
    );
  });

  it("refuses every data call without the bound token, and another link's invoice", async () => {
    const slug = demoMobileSlug(4);
    const token = tokenAt(TEST_START);
    await check(slug, token);
    for (const page of ["profile", "earnings", "invoices", "target-statements"])
      expect((await server.call("GET", `/api/mobile/${page}/${slug}/`)).status, page).toBe(403);
    const [theirs] = await server.db.query<{ id: number }>(
      "SELECT i.id FROM retailer_invoices i JOIN outlets o ON o.id = i.outlet_id WHERE o.mobile_slug = $1 LIMIT 1",
      [demoMobileSlug(3)],
    );
    expect((await read(`/api/mobile/${slug}/invoices/${theirs!.id}/pdf/`, token)).status).toBe(404);
  });
});

describe("the programme logo on the mobile home", () => {
  it("is the outlet's project logo, served as an image to the bound link and to staff, and no other file", async () => {
    // The last linked outlet of a project with a logo (the link tests above use the first ones).
    const [outlet] = await server.db.query<{ rsid: string; slug: string; logo: number }>(
      `SELECT o.rsid, o.mobile_slug AS slug, p.logo_file_id AS logo FROM outlets o
       JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
       WHERE o.mobile_slug IS NOT NULL AND p.logo_file_id IS NOT NULL ORDER BY o.id DESC LIMIT 1`,
    );
    const slug = outlet!.slug;
    const token = tokenAt(TEST_START);
    await check(slug, token);
    const [me] = (await read(`/api/mobile/profile/${slug}/`, token)).body.results as {
      project_organisation_logo_image: string | null;
    }[];
    const address = `/api/mobile/${slug}/logo/${outlet!.logo}/`;
    expect(me!.project_organisation_logo_image).toBe(address);
    const logo = await server.app.request(address, { headers: { "X-Mobile-Access": token } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await logo.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
    expect((await server.call("GET", address)).status).toBe(403);

    const [other] = await server.db.query<{ id: number }>(
      "SELECT logo_file_id AS id FROM projects WHERE logo_file_id IS NOT NULL AND logo_file_id <> $1 LIMIT 1",
      [outlet!.logo],
    );
    expect((await read(`/api/mobile/${slug}/logo/${other!.id}/`, token)).status).toBe(404);

    const qcExecutive = await server.signIn("qc.executive");
    const staff = await server.call("GET", `/api/pp/${outlet!.rsid}/profile/`, { headers: qcExecutive });
    const staffAddress = `/api/pp/${outlet!.rsid}/logo/${outlet!.logo}/`;
    expect(
      (staff.body.results as { project_organisation_logo_image: string }[])[0]!
        .project_organisation_logo_image,
    ).toBe(staffAddress);
    expect((await server.call("GET", staffAddress, { headers: qcExecutive })).status).toBe(200);
  });
});

describe("the staff's pp views", () => {
  it("answer staff who see the outlet and hide it from another organisation", async () => {
    const [outlet] = await server.db.query<{ rsid: string }>(
      "SELECT o.rsid FROM outlets o WHERE o.mobile_slug = $1",
      [demoMobileSlug(3)],
    );
    const qc = await server.signIn("qc.manager");
    const mine = await server.call("GET", `/api/pp/${outlet!.rsid}/earnings/`, { headers: qc });
    expect(mine.status).toBe(200);
    expect((mine.body.results as unknown[]).length).toBe(12);
    const zenith = await server.signIn("zenith.manager");
    const [acme] = await server.db.query<{ org: string }>(
      `SELECT org.name AS org FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN projects p ON p.id = s.project_id JOIN organisations org ON org.id = p.organisation_id WHERE o.rsid = $1`,
      [outlet!.rsid],
    );
    const theirs = await server.call("GET", `/api/pp/${outlet!.rsid}/earnings/`, { headers: zenith });
    expect(theirs.status).toBe(acme!.org === "Zenith Foods" ? 200 : 404);
    expect((await server.call("GET", `/api/pp/${outlet!.rsid}/earnings/`)).status).toBe(401);
  });
});

describe("the signed-in retailer's own area", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  async function retailerSession(mobile: string) {
    const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [
      `retailer.${mobile}`,
    ]);
    const token = await createSession(server.db, user!.id, "retailer", server.clock.now, cryptoRandomBytes);
    return { authorization: `sessionid ${token}` };
  }

  it("lists only the retailer's outlets, with the numbers on record cut to their last four", async () => {
    const headers = await retailerSession("9100000006");
    const list = await server.call("GET", "/api/retailer/outlets/", { headers });
    expect((list.body.results as { rsid: string }[]).map((o) => o.rsid)).toEqual(["RS000006"]);
    const info = await server.call("GET", "/api/retailer/outlets/RS000006/", { headers });
    expect((info.body.bank as { account_number: string }).account_number).toMatch(/^••••.{4}$/);
    expect((await server.call("GET", "/api/retailer/outlets/RS000007/", { headers })).status).toBe(404);
    expect((await server.call("GET", "/api/retailer/outlets/RS000006/earnings/", { headers })).status).toBe(
      200,
    );
  });

  it("sends an edit with a proof image as a pending request, served back to its sender, and refuses a second while it waits", async () => {
    const headers = await retailerSession("9100000020");
    const form = new FormData();
    form.set("image", new File([PNG], "cheque.png", { type: "image/png" }));
    form.set("name", "bank_related_photo_proofs");
    const upload = await server.app.request("/api/retailer/outlets/RS000020/images/", {
      method: "POST",
      headers,
      body: form,
    });
    expect(upload.status).toBe(201);
    const image = (await upload.json()) as { id: number; image: string };
    expect((await server.app.request(image.image, { headers })).status).toBe(200);
    const start = await server.call("GET", "/api/retailer/outlets/RS000020/edit/", { headers });
    expect(start.body.pending).toBe(false);
    const values = start.body.values as Record<string, string>;
    const data = {
      ...values,
      account_holder_name: "Farida Traders",
      ownership_proof: [],
      address_proof: [],
      bank_related_photo_proofs: [image.id],
      gst_number_photo_proofs: [],
      pan_number_photo_proofs: [],
    };
    const sent = await server.call("PATCH", "/api/retailer/outlets/RS000020/", { headers, body: { data } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [request] = await server.db.query<{ type: string; status: string }>(
      `SELECT r.type, r.status FROM retailer_master_requests r JOIN workflow_objects w ON w.id = r.workflow_object_id
       JOIN outlets o ON o.id = w.outlet_id WHERE o.rsid = 'RS000020'`,
    );
    expect(request).toEqual({ type: "bank_details", status: "pending" });
    expect((await server.call("GET", "/api/retailer/outlets/RS000020/edit/", { headers })).body.pending).toBe(
      true,
    );
    const again = await server.call("PATCH", "/api/retailer/outlets/RS000020/", {
      headers,
      body: { data: { ...data, account_holder_name: "Other Name", bank_related_photo_proofs: [] } },
    });
    expect(again.status).toBe(409);
  });

  it("sums a retailer's tax per financial year and quarter, with the PDF only of a year that has ended, made once", async () => {
    const headers = await retailerSession("9100000006");
    const answer = await server.call("GET", "/api/retailer/outlets/RS000006/form16/", { headers });
    const years = Schema.decodeUnknownSync(Form16Answer)(answer.body).results;
    // The seed's year of payouts to 2026-11-20: December 2025 onwards.
    expect(years.map((y) => [y.financial_year, y.issued])).toEqual([
      ["2026-27", false],
      ["2025-26", true],
    ]);
    for (const y of years) {
      expect(Number(y.tds_deducted)).toBeCloseTo(Number(y.amount_paid) * 0.02, 2);
      expect(y.quarters.reduce((s, q) => s + Number(q.tds_deducted), 0)).toBeCloseTo(
        Number(y.tds_deducted),
        2,
      );
    }
    expect(years[0]!.file).toBeNull();
    const [first, second] = await Promise.all(
      [0, 1].map(() => server.app.request(years[1]!.file!, { headers })),
    );
    expect([first!.status, second!.status]).toEqual([200, 200]);
    const pdf = await PDFDocument.load(new Uint8Array(await first!.arrayBuffer()));
    expect(pdf.getTitle()).toBe("Form 16 2025-26");
    const files = await server.db.query(
      `SELECT f.file_id FROM pan_form16_files f JOIN outlets o ON o.pan = f.pan WHERE o.rsid = 'RS000006'`,
    );
    expect(files).toHaveLength(1);
    for (const year of ["2026-27", "2025-27", "2019-20"])
      expect(
        (await server.call("GET", `/api/retailer/outlets/RS000006/form16/${year}/pdf/`, { headers })).status,
      ).toBe(404);
    const untaxed = await server.call("GET", "/api/retailer/outlets/RS000005/form16/", {
      headers: await retailerSession("9100000005"),
    });
    expect(untaxed.body.results).toEqual([]);
  });

  it("lists the retailer's payments newest first and shows only their own profile", async () => {
    const headers = await retailerSession("9100000006");
    const notes = (await server.call("GET", "/api/retailer/notifications/", { headers })).body.results as {
      event_type: string;
      rsid: string;
      at: string;
    }[];
    const paid = notes.filter((n) => n.event_type === "payment_successful");
    expect(paid).toHaveLength(12);
    expect(new Set(notes.map((n) => n.rsid))).toEqual(new Set(["RS000006"]));
    expect(notes.map((n) => n.at)).toEqual([...notes.map((n) => n.at)].sort().reverse());
    const me = await server.call("GET", "/api/retailer/profile/retailer.9100000006/", { headers });
    expect(me.body).toMatchObject({
      user_name: "retailer.9100000006",
      phone_number: expect.any(String),
      outlets: 1,
    });
    expect((await server.call("GET", "/api/retailer/profile/retailer.9100000007/", { headers })).status).toBe(
      404,
    );
  });

  it("offers a retailer the active, unended offers of their own organisation only", async () => {
    const headers = await retailerSession("9100000006");
    const list = await server.call("GET", "/api/retailer/offers/", { headers });
    const [org] = await server.db.query<{ slug: string }>(
      `SELECT lower(regexp_replace(org.name, '[^A-Za-z0-9]+', '-', 'g')) AS slug FROM outlets o
       JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
       JOIN organisations org ON org.id = p.organisation_id WHERE o.rsid = 'RS000006'`,
    );
    // The seed's festive bonus runs to 2026-11-30; its monsoon drive is inactive.
    expect((list.body.results as { slug: string }[]).map((o) => o.slug)).toEqual([
      `${org!.slug}-festive-bonus`,
    ]);
    const one = await server.call("GET", `/api/retailer/offers/${org!.slug}-festive-bonus/`, { headers });
    expect(one.body).toMatchObject({ title: "Festive bonus", ends_on: "2026-11-30" });
    for (const slug of [`${org!.slug}-monsoon-drive`, "zenith-foods-festive-bonus", "nothing"])
      expect((await server.call("GET", `/api/retailer/offers/${slug}/`, { headers })).status).toBe(404);
  });
});

describe("moving a link to a new phone", () => {
  const TAKEN = [0, 1, 2, 3, 4].map(demoMobileSlug);
  /** A fresh session of its own (other tests here keep theirs open, and a second sign-in would be a 451). */
  async function sessionOf(username: string) {
    const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [
      username,
    ]);
    const token = await createSession(server.db, user!.id, "web", server.clock.now, cryptoRandomBytes);
    return { authorization: `sessionid ${token}` };
  }
  const reset = (rsid: string, headers: Record<string, string>, body: unknown) =>
    server.call("POST", `/api/pp/${rsid}/mobile-link/reset/`, { headers, body });

  it("resets once on a double click, logs who did it, refuses the others, and lets a new phone bind", async () => {
    const [outlet] = await server.db.query<{ id: number; rsid: string; slug: string }>(
      `SELECT o.id, o.rsid, o.mobile_slug AS slug FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN projects p ON p.id = s.project_id JOIN organisations org ON org.id = p.organisation_id
       WHERE org.name = 'Acme Beverages' AND o.mobile_slug IS NOT NULL AND NOT (o.mobile_slug = ANY($1))
       ORDER BY o.id LIMIT 1`,
      [TAKEN],
    );
    const { id, rsid, slug } = outlet!;
    const oldPhone = tokenAt(TEST_START);
    expect((await check(slug, oldPhone)).body.results).not.toBeNull();
    const qc = await sessionOf("qc.manager");
    const status = await server.call("GET", `/api/pp/${rsid}/mobile-link/`, { headers: qc });
    expect(status.status).toBe(200);
    const boundAt = status.body.bound_at as string;
    expect(typeof boundAt).toBe("string");

    // Refused: not signed in, roles without the permission, bad input; another organisation sees nothing.
    expect((await reset(rsid, {}, { bound_at: boundAt })).status).toBe(401);
    for (const name of ["qc.executive", "calling.executive", "client.manager"])
      expect((await reset(rsid, await sessionOf(name), { bound_at: boundAt })).status, name).toBe(403);
    const bad = await reset(rsid, qc, { bound_at: "yesterday" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(["bound_at"]);
    await server.db.query(
      `INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM users u, roles r
       WHERE u.username = 'zenith.manager' AND r.name = 'qc-manager' ON CONFLICT DO NOTHING`,
    );
    const zenith = await sessionOf("zenith.manager");
    expect((await reset(rsid, zenith, { bound_at: boundAt })).status).toBe(404);
    expect((await server.call("GET", `/api/pp/${rsid}/mobile-link/`, { headers: zenith })).status).toBe(404);
    expect((await read(`/api/mobile/earnings/${slug}/`, oldPhone)).status).toBe(200);

    // A double click: one reset, the second told it is already done; one log row names who reset it.
    const answers = await Promise.all([
      reset(rsid, qc, { bound_at: boundAt }),
      reset(rsid, qc, { bound_at: boundAt }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.already_reset).sort()).toEqual([false, true]);
    const logs = await server.db.query<{ message: string; user: string }>(
      `SELECT l.message, u.username AS user FROM outlet_logs l JOIN users u ON u.id = l.user_id
       WHERE l.outlet_id = $1 AND l.action = 'mobile_link_reset'`,
      [id],
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]!.user).toBe("qc.manager");
    expect(logs[0]!.message).toMatch(/^Mobile link reset by /);
    expect((await server.call("GET", `/api/pp/${rsid}/mobile-link/`, { headers: qc })).body).toEqual({
      bound_at: null,
      may_reset: true,
    });
    const executive = await sessionOf("qc.executive");
    expect((await server.call("GET", `/api/pp/${rsid}/mobile-link/`, { headers: executive })).body).toEqual({
      bound_at: null,
      may_reset: false,
    });

    // The new phone opens the link and is allowed; a page read before that resets nothing newer.
    server.clock.now = TEST_START + 60_000;
    const newPhone = tokenAt(server.clock.now);
    expect((await check(slug, newPhone)).body.results).not.toBeNull();
    expect((await read(`/api/mobile/earnings/${slug}/`, newPhone)).status).toBe(200);
    expect((await check(slug, oldPhone)).body).toEqual({ results: null, reason: "forwarded" });
    const stale = await reset(rsid, qc, { bound_at: boundAt });
    expect(stale.status).toBe(409);
    expect((await read(`/api/mobile/earnings/${slug}/`, newPhone)).status).toBe(200);
    server.clock.now = TEST_START;
  });
});
