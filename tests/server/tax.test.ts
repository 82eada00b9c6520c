/**
 * TDS and Form 16 on the server (docs/tax.md): the figures per quarter and programme, the PAN list
 * and a PAN's stores agree with the retailer's Form 16 (one figure per PAN); the quarterly report and
 * the CSV go to My Downloads; a batch makes every PAN's PDF once the year has ended, and an uploaded
 * one takes the made one's place for staff and retailer alike; only the payout team reads and only
 * its managers issue.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import { readSheetTexts } from "../../server/uploads/excel";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { TAX_MSG } from "../../src/domain/tax/tax";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
type Auth = Record<string, string>;
let manager: Auth;
let executive: Auth;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.signIn("iftu.manager");
  executive = await server.signIn("iftu.executive");
  // Seeding the run's template database can take minutes on a busy machine.
}, 300_000);
afterAll(() => server.close());

const settle = async () => {
  await runnerOf(server.deps)?.idle();
  await runPendingWork(server.deps, null);
  await runnerOf(server.deps)?.idle();
};
const paise = (amount: string) => Math.round(Number(amount) * 100);

async function panOf(rsid: string): Promise<string> {
  const [row] = await server.db.query<{ pan: string }>("SELECT pan FROM outlets WHERE rsid = $1", [rsid]);
  return row!.pan;
}

async function retailerYear(rsid: string, year: string) {
  const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [
    `retailer.9100000${rsid.slice(-3)}`,
  ]);
  const token = await createSession(server.db, user!.id, "retailer", server.clock.now, cryptoRandomBytes);
  const retailer = { authorization: `sessionid ${token}` };
  const answer = await server.call("GET", `/api/retailer/outlets/${rsid}/form16/`, { headers: retailer! });
  expect(answer.status).toBe(200);
  const years = answer.body.results as {
    financial_year: string;
    tds_deducted: string;
    file: string | null;
  }[];
  return { year: years.find((y) => y.financial_year === year)!, headers: retailer! };
}

describe("the TDS page", () => {
  it("gives the last ended year per quarter and programme, each quarter's total the sum of its programmes", async () => {
    const res = await server.call("GET", "/api/tax/tds/", { headers: executive });
    expect(res.status).toBe(200);
    const body = res.body as unknown as {
      financial_year: string;
      ended: boolean;
      rows: { quarter: number; program: string; tds_deducted: string }[];
      quarters: { quarter: number; tds_deducted: string }[];
      form16: { pans: number };
    };
    expect(body.financial_year).toBe("2025-26");
    expect(body.ended).toBe(true);
    expect(body.rows.length).toBeGreaterThan(0);
    for (const q of body.quarters) {
      const sum = body.rows
        .filter((r) => r.quarter === q.quarter)
        .reduce((s, r) => s + paise(r.tds_deducted), 0);
      expect(sum).toBe(paise(q.tds_deducted));
    }
    expect(body.form16.pans).toBeGreaterThan(0);
    const program = body.rows[0]!.program;
    const one = await server.call(
      "GET",
      `/api/tax/tds/?financial_year=2025-26&program=${encodeURIComponent(program)}`,
      {
        headers: executive,
      },
    );
    expect((one.body.rows as { program: string }[]).every((r) => r.program === program)).toBe(true);
  });

  it("refuses a year that is not a financial year's label", async () => {
    const res = await server.call("GET", "/api/tax/tds/?financial_year=2025", { headers: executive });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ financial_year: ["Choose a financial year such as 2025-26."] });
  });

  it("is the payout team's: a client manager and a QC manager are refused", async () => {
    for (const user of ["client.manager", "qc.manager"]) {
      const res = await server.call("GET", "/api/tax/tds/", { headers: await server.signIn(user) });
      expect(res.status).toBe(403);
    }
  });
});

describe("a PAN's figure", () => {
  it("is the same on the PAN list, the store detail and the retailer's Form 16; the stores add up to it", async () => {
    const pan = await panOf("RS000001");
    const list = await server.call("GET", `/api/tax/pans/?financial_year=2025-26&search=${pan}`, {
      headers: executive,
    });
    expect(list.status).toBe(200);
    const [row] = list.body.results as { pan: string; outlets: number; figure: { tds_deducted: string } }[];
    expect(row!.pan).toBe(pan);
    const detail = await server.call("GET", `/api/tax/pans/${pan}/?financial_year=2025-26`, {
      headers: executive,
    });
    const body = detail.body as unknown as {
      figure: { tds_deducted: string };
      stores: { rsid: string; tds_deducted: string }[];
    };
    expect(body.figure.tds_deducted).toBe(row!.figure.tds_deducted);
    // RS000002 shares its PAN with RS000001 (docs/demo-data.md): both are the deductee's stores.
    expect(body.stores.map((s) => s.rsid)).toEqual(expect.arrayContaining(["RS000001", "RS000002"]));
    expect(body.stores.reduce((s, x) => s + paise(x.tds_deducted), 0)).toBe(paise(body.figure.tds_deducted));
    const { year } = await retailerYear("RS000001", "2025-26");
    expect(year.tds_deducted).toBe(row!.figure.tds_deducted);
  });

  it("of a PAN no outlet holds is not found", async () => {
    const res = await server.call("GET", "/api/tax/pans/ZZZZZ9999Z/?financial_year=2025-26", {
      headers: executive,
    });
    expect(res.status).toBe(404);
  });
});

describe("exports to My Downloads", () => {
  it("a quarter's TDS report lists each taxed payout; its tax adds up to the quarter's", async () => {
    const started = await server.call("POST", "/api/tax/tds/reports/", {
      headers: executive,
      body: { financial_year: "2025-26", quarter: 1 },
    });
    expect(started.status).toBe(201);
    expect(started.body.title).toBe("TDS report Q1 (Apr-Jun) 2025-26");
    await settle();
    const mine = await server.call("GET", "/api/exports/", { headers: executive });
    const job = (mine.body.results as { id: number; status: string; file: string }[]).find(
      (j) => j.id === started.body.id,
    )!;
    expect(job.status).toBe("completed");
    const file = await server.app.request(job.file, { headers: executive });
    const sheet = readSheetTexts(new Uint8Array(await file.arrayBuffer()));
    expect(sheet.header).toEqual([
      "pan",
      "deductee",
      "rsid",
      "outlet_name",
      "program",
      "payment_date",
      "utr_number",
      "amount_paid",
      "tds_deducted",
    ]);
    const tds = await server.call("GET", "/api/tax/tds/?financial_year=2025-26", { headers: executive });
    const q1 = (tds.body.quarters as { quarter: number; tds_deducted: string }[])[0]!;
    expect(sheet.rows.reduce((s, r) => s + paise(r[8]!), 0)).toBe(paise(q1.tds_deducted));
  });

  it("the Form 16 CSV has one row per PAN with the PAN list's figure", async () => {
    const started = await server.call("POST", "/api/tax/form16/csv/", {
      headers: executive,
      body: { financial_year: "2025-26" },
    });
    expect(started.status).toBe(201);
    await settle();
    const mine = await server.call("GET", "/api/exports/", { headers: executive });
    const job = (mine.body.results as { id: number; file: string }[]).find((j) => j.id === started.body.id)!;
    const text = await (await server.app.request(job.file, { headers: executive })).text();
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "financial_year,pan,deductee,outlets,amount_paid,tds_deducted,q1_tds,q2_tds,q3_tds,q4_tds,form16",
    );
    const pan = await panOf("RS000001");
    const list = await server.call("GET", `/api/tax/pans/?financial_year=2025-26&search=${pan}`, {
      headers: executive,
    });
    const [row] = list.body.results as { figure: { tds_deducted: string } }[];
    const line = lines.find((l) => l.includes(pan))!;
    expect(line.split(",")[5]).toBe(row!.figure.tds_deducted);
  });
});

describe("Form 16 PDFs", () => {
  it("are issued by managers only, for a year that has ended", async () => {
    const refused = await server.call("POST", "/api/tax/form16/batches/", {
      headers: executive,
      body: { financial_year: "2025-26" },
    });
    expect(refused.status).toBe(403);
    const running = await server.call("POST", "/api/tax/form16/batches/", {
      headers: manager,
      body: { financial_year: "2026-27" },
    });
    expect(running.status).toBe(400);
    expect(running.body).toEqual({ financial_year: [TAX_MSG.notEnded] });
  });

  it("a batch makes every taxed PAN's PDF; staff and retailer download the same file", async () => {
    const started = await server.call("POST", "/api/tax/form16/batches/", {
      headers: manager,
      body: { financial_year: "2025-26" },
    });
    expect([200, 201]).toContain(started.status);
    await settle();
    const batch = await server.call("GET", `/api/tax/form16/batches/${started.body.id}/`, {
      headers: executive,
    });
    expect(batch.body).toMatchObject({ status: "completed", progress: 100, financial_year: "2025-26" });
    expect(batch.body.made).toBe(batch.body.total);
    const tds = await server.call("GET", "/api/tax/tds/?financial_year=2025-26", { headers: executive });
    expect((tds.body.form16 as { pans: number; generated: number }).generated).toBe(batch.body.total);

    const pan = await panOf("RS000003");
    const staff = await server.app.request(`/api/tax/form16/${pan}/2025-26/pdf/`, { headers: executive });
    expect(staff.status).toBe(200);
    const bytes = new Uint8Array(await staff.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getTitle()).toBe("Form 16 2025-26");
    const { year, headers } = await retailerYear("RS000003", "2025-26");
    const own = await server.app.request(year.file!, { headers });
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(bytes);
  });

  it("an uploaded PDF takes the made one's place, and a later batch keeps it", async () => {
    const pan = await panOf("RS000004");
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("not a pdf")], "form16.pdf"));
    const bad = await server.app.request(`/api/tax/form16/${pan}/2025-26/pdf/`, {
      method: "POST",
      headers: manager,
      body: form,
    });
    expect(bad.status).toBe(400);
    const pdf = await PDFDocument.create();
    pdf.setTitle("Uploaded Form 16");
    pdf.addPage();
    const content = await pdf.save();
    const good = new FormData();
    good.append("file", new File([new Uint8Array(content)], "form16.pdf"));
    const res = await server.app.request(`/api/tax/form16/${pan}/2025-26/pdf/`, {
      method: "POST",
      headers: manager,
      body: good,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ pan, financial_year: "2025-26", source: "uploaded" });
    await server.call("POST", "/api/tax/form16/batches/", {
      headers: manager,
      body: { financial_year: "2025-26" },
    });
    await settle();
    const served = await server.app.request(`/api/tax/form16/${pan}/2025-26/pdf/`, { headers: executive });
    expect((await PDFDocument.load(new Uint8Array(await served.arrayBuffer()))).getTitle()).toBe(
      "Uploaded Form 16",
    );
    const list = await server.call("GET", `/api/tax/pans/?financial_year=2025-26&search=${pan}`, {
      headers: executive,
    });
    expect((list.body.results as { form16: { source: string } }[])[0]!.form16?.source).toBe("uploaded");
  });
});
