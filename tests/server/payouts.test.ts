/**
 * The money path end to end on the server (docs/payouts.md): plotting moves outlets, a payment
 * through any path marks the payout paid, fills the workflow object, records the transaction,
 * makes the invoice, moves the outlet and writes one log row; retailer earnings read the same rows;
 * a double click or a second server pays once; route plan dates are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { form16 } from "../../server/tax/form16";
import { writeWorkbook } from "../../server/uploads/excel";
import { simulatedGateway } from "../../server/uploads/paymentGateway";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { toPaise } from "../../src/domain/payouts/payouts";
import { callerOf, startTestServer, type TestServer } from "./support";
import { ACME_3P_PAYOUT_CYCLE, settle, upload } from "./uploads-support";

let server: TestServer;
type Auth = Record<string, string>;
let iftu: Auth;
let admin: Auth;

beforeAll(async () => {
  server = await startTestServer();
  iftu = await server.signIn("iftu.executive");
  admin = await server.signIn("admin");
});
afterAll(() => server.close());

type OutletRow = { id: number; rsid: string; version: number; workflow_state: string };

/** An Acme 3P payout cycle outlet in `state` with a plotted payout, not yet used by a test. */
const used = new Set<number>();
async function outletIn(state: string, plotted: boolean | null = true): Promise<OutletRow> {
  const rows = await server.db.query<OutletRow>(
    `SELECT o.id, o.rsid, o.version, o.workflow_state FROM outlets o
     WHERE ($3::boolean IS NULL OR o.sub_project_id = $1) AND o.workflow_state = $2
       AND ($3::boolean IS NULL OR $3::boolean = EXISTS (SELECT 1 FROM outlet_payouts p WHERE p.outlet_id = o.id AND p.payment_status = 'plotted'))
       AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r JOIN workflow_objects w ON w.id = r.workflow_object_id
         WHERE w.outlet_id = o.id AND r.status = 'pending')
     ORDER BY o.id`,
    [ACME_3P_PAYOUT_CYCLE, state, plotted],
  );
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no outlet in ${state}`);
  used.add(row.id);
  return row;
}

const pay = (o: OutletRow, utr: string, headers = iftu, call = server.call) =>
  call("POST", "/api/outlets/bulk-action/", {
    headers,
    body: {
      action_type: "payment_successful",
      object_ids: [o.id],
      object_versions: { [String(o.id)]: o.version },
      extra_data: {
        utr_number: utr,
        amount: "1500",
        payment_date: "2026-11-19",
        payment_remarks: "November payout",
      },
      chain_rsids: [],
    },
  });

const one = async <T>(sql: string, params: unknown[]) => (await server.db.query<T>(sql, params))[0]!;
const n = async (sql: string, params: unknown[]) => Number((await one<{ n: string }>(sql, params)).n);

/** The outlet moved to payment_successful with exactly one log row of it. */
async function expectPaidOnce(o: OutletRow) {
  expect(await one("SELECT workflow_state FROM outlets WHERE id = $1", [o.id])).toEqual({
    workflow_state: "payment_successful",
  });
  expect(
    await n("SELECT count(*) AS n FROM outlet_logs WHERE outlet_id = $1 AND action = 'payment_successful'", [
      o.id,
    ]),
  ).toBe(1);
}

/** An outlet plotted as a payout team does it: a calling_accepted outlet through the plot payout upload. */
async function plottedOutlet(amount: string): Promise<OutletRow> {
  const o = await outletIn("calling_accepted", false);
  const file = writeWorkbook(
    "p",
    ["rsid", "program", "amount", "client_payout_month", "rs_payout_month"],
    [[o.rsid, "Cooler Placement", amount, "2026-11", "2026-12"]],
  );
  const res = await upload(
    server,
    admin,
    `object=payout_plotting&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
    file,
    "plot.xlsx",
  );
  const job = await settle(
    server,
    admin,
    `objects_type=payout_plotting&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
    res.body.id as number,
  );
  await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=payout_plotting`, {
    headers: admin,
  });
  return one<OutletRow>("SELECT id, rsid, version, workflow_state FROM outlets WHERE id = $1", [o.id]);
}

/** One session per account for the whole file: a second sign-in would meet the first (451). */
const sessions = new Map<string, Auth>();
async function sessionOf(user: string): Promise<Auth> {
  if (user === "iftu.executive") return iftu;
  if (!sessions.has(user)) sessions.set(user, await server.signIn(user));
  return sessions.get(user)!;
}

describe("a payment through Update Status", () => {
  it("marks the payout paid, fills the workflow object, records the transaction and invoice, moves the outlet once", async () => {
    const o = await outletIn("payouts_plotted");
    const res = await pay(o, "SBIN226113000111");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: "Updated 1 outlet.", updated: 1 });

    const payout = await one<Record<string, string>>(
      `SELECT payment_status, utr_number, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, payment_remarks,
         amount::text AS amount FROM outlet_payouts WHERE outlet_id = $1 AND utr_number = 'SBIN226113000111'`,
      [o.id],
    );
    expect(payout).toEqual({
      payment_status: "payment_successful",
      utr_number: "SBIN226113000111",
      payment_date: "2026-11-19",
      payment_remarks: "November payout",
      amount: "1500.00",
    });
    const wo = await one<Record<string, string>>(
      `SELECT payment_status, utr_number, to_char(payment_date, 'YYYY-MM-DD') AS payment_date,
         amount_to_pay::text AS amount_to_pay FROM workflow_objects WHERE outlet_id = $1`,
      [o.id],
    );
    expect(wo).toEqual({
      payment_status: "payment_successful",
      utr_number: "SBIN226113000111",
      payment_date: "2026-11-19",
      amount_to_pay: "1500.00",
    });
    await expectPaidOnce(o);
    expect(
      await n(
        `SELECT count(*) AS n FROM project_notifications pn JOIN outlet_logs l ON l.id = pn.outlet_log_id
         WHERE l.outlet_id = $1 AND l.action = 'payment_successful'`,
        [o.id],
      ),
    ).toBe(1);
    expect(
      await n("SELECT count(*) AS n FROM retailer_invoices WHERE outlet_id = $1 AND file_id IS NOT NULL", [
        o.id,
      ]),
    ).toBeGreaterThanOrEqual(1);

    const latest = await server.call("GET", `/api/payouts/outlets/${o.rsid}/latest-transaction/`, {
      headers: iftu,
    });
    expect(latest.status).toBe(200);
    expect(latest.body.latest_transaction_details).toMatchObject({
      date_of_payment: "2026-11-19",
      base_value: "1500.00",
      status: "payment_successful",
      remarks: "November payout",
    });

    // The retailer's earnings read the same payout row.
    const earnings = await server.call("GET", `/api/pp/${o.rsid}/earnings/`, { headers: admin });
    expect(earnings.status).toBe(200);
    const results = earnings.body.results as { amount: string; workflow_object: { utr_number: string } }[];
    expect(results[0]).toMatchObject({
      amount: "1500.00",
      workflow_object: { utr_number: "SBIN226113000111" },
    });
  });

  it("pays once for a double click: the second request finds the outlet changed", async () => {
    const o = await outletIn("payouts_plotted");
    const [a, b] = await Promise.all([pay(o, "SBIN226113000222"), pay(o, "SBIN226113000222")]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(await n("SELECT count(*) AS n FROM payout_transactions WHERE outlet_id = $1", [o.id])).toBe(1);
    expect(
      await n(
        "SELECT count(*) AS n FROM retailer_invoices WHERE outlet_id = $1 AND payout_id IN (SELECT id FROM outlet_payouts WHERE utr_number = 'SBIN226113000222')",
        [o.id],
      ),
    ).toBe(1);
  });

  it("refuses a payment while a retailer request waits, writing nothing", async () => {
    const o = await outletIn("payouts_plotted", null);
    const [wo] = await server.db.query<{ id: number }>(
      "SELECT id FROM workflow_objects WHERE outlet_id = $1",
      [o.id],
    );
    await server.db.query(
      `INSERT INTO retailer_master_requests (workflow_object_id, type, status, old_data, new_data, created)
       VALUES ($1, 'bank_details', 'pending', '{}', '{}', now())`,
      [wo!.id],
    );
    const res = await pay(o, "SBIN226113000444");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      "Please complete all pending retailer edits before proceeding.",
    );
    expect(await n("SELECT count(*) AS n FROM payout_transactions WHERE outlet_id = $1", [o.id])).toBe(0);
  });
});

describe("Payout Details' filter options", () => {
  const PAYOUT_OBJECTS = [
    "programs",
    "workflow_object_client_payout_months",
    "workflow_object_rs_payout_months",
  ];
  const lookup = async (user: string, objects: string[]) =>
    server.call("POST", "/api/lookups/objects/", { headers: await sessionOf(user), body: { objects } });

  it("come from the multi-object lookup, opened to review roles, each organisation its own payouts", async () => {
    const internal = await lookup("iftu.executive", PAYOUT_OBJECTS);
    expect(internal.status).toBe(200);
    expect(internal.body.programs).toContain("Cooler Placement");
    expect(internal.body.workflow_object_client_payout_months).toContain("2026-10");
    expect(internal.body.workflow_object_rs_payout_months).toContain("2026-11");
    expect(internal.body).not.toHaveProperty("workflow_field_auditors");

    const acme = await lookup("client.manager", PAYOUT_OBJECTS);
    expect(acme.status).toBe(200);
    expect(acme.body.programs).toContain("Cooler Placement");
    const zenith = await lookup("zenith.manager", ["programs"]);
    expect(zenith.status).toBe(200);
    expect(zenith.body.programs).not.toContain("Cooler Placement");
  });

  it("refuses an object the caller is not granted (403) and one it does not know (400)", async () => {
    expect((await lookup("qc.executive", ["workflow_field_auditors"])).status).toBe(403);
    expect((await lookup("qc.executive", ["programs", "workflow_field_auditors"])).status).toBe(403);
    expect((await lookup("qc.executive", ["programs", "payout_secrets"])).status).toBe(400);
    expect((await lookup("qc.executive", [])).status).toBe(400);
  });
});

describe("plotting and the payment status upload", () => {
  it("confirming a plot payout upload moves two calling_accepted outlets to payouts_plotted, one log and notification each", async () => {
    const a = await outletIn("calling_accepted", false);
    const b = await outletIn("calling_accepted", false);
    const query = `object=payout_plotting&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const file = writeWorkbook(
      "p",
      ["rsid", "program", "amount", "client_payout_month", "rs_payout_month"],
      [
        [a.rsid, "Cooler Placement", "1200.00", "2026-11", "2026-12"],
        [b.rsid, "Cooler Placement", "1300.00", "2026-11", "2026-12"],
      ],
    );
    const res = await upload(server, admin, query, file, "plot.xlsx");
    const job = await settle(
      server,
      admin,
      `objects_type=payout_plotting&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      res.body.id as number,
    );
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=payout_plotting`, {
      headers: admin,
    });
    expect(job).toMatchObject({ status: "completed" });
    expect(confirm.status).toBe(200);
    for (const o of [a, b]) {
      expect(await one("SELECT workflow_state FROM outlets WHERE id = $1", [o.id])).toEqual({
        workflow_state: "payouts_plotted",
      });
      expect(
        await n("SELECT count(*) AS n FROM outlet_logs WHERE outlet_id = $1 AND action = 'payouts_plotted'", [
          o.id,
        ]),
      ).toBe(1);
      expect(
        await n(
          `SELECT count(*) AS n FROM project_notifications pn JOIN outlet_logs l ON l.id = pn.outlet_log_id
           WHERE l.outlet_id = $1 AND l.action = 'payouts_plotted'`,
          [o.id],
        ),
      ).toBe(1);
    }
    expect(
      await one(
        "SELECT rs_payout_month, amount_to_pay::text AS amount FROM workflow_objects WHERE outlet_id = $1",
        [a.id],
      ),
    ).toEqual({ rs_payout_month: "2026-12", amount: "1200.00" });

    // The payment status upload pays them through the same payment function.
    const statusQuery = `object=payout_payment_status&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
    const statuses = writeWorkbook(
      "s",
      ["rsid", "payment_status", "utr_number", "payment_date", "payment_remarks"],
      [
        [a.rsid, "success", "HDFC226113000555", "2026-11-19", ""],
        [b.rsid, "failed", "HDFC226113000556", "2026-11-19", "Account closed"],
      ],
    );
    const up = await upload(server, admin, statusQuery, statuses, "status.xlsx");
    const statusJob = await settle(
      server,
      admin,
      `objects_type=payout_payment_status&sub_project=${ACME_3P_PAYOUT_CYCLE}`,
      up.body.id as number,
    );
    expect(statusJob.total_clean_objects).toBe(2);
    const settled = await server.call(
      "POST",
      `/api/bulk/upload/${statusJob.id}/activate/?object=payout_payment_status`,
      { headers: admin },
    );
    expect(settled.status).toBe(200);
    expect(await one("SELECT workflow_state FROM outlets WHERE id = $1", [a.id])).toEqual({
      workflow_state: "payment_successful",
    });
    expect(await one("SELECT workflow_state FROM outlets WHERE id = $1", [b.id])).toEqual({
      workflow_state: "payouts_plotted",
    });
    // "success" in the uploaded status means paid (001 §4.1): the retailer's earnings show it.
    const earned = await server.call("GET", `/api/pp/${a.rsid}/earnings/`, { headers: admin });
    expect(earned.body.results).toContainEqual(
      expect.objectContaining({ workflow_object: { utr_number: "HDFC226113000555" } }),
    );
    expect(
      await one("SELECT payment_status FROM outlet_payouts WHERE outlet_id = $1 ORDER BY id DESC LIMIT 1", [
        b.id,
      ]),
    ).toEqual({ payment_status: "payment_failed" });
  });
});

describe("route plan", () => {
  it("keeps the dates of Confirm Route Plan on the workflow object", async () => {
    const [o] = await server.db.query<OutletRow>(
      `SELECT o.id, o.rsid, o.version, o.workflow_state FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN projects p ON p.id = s.project_id JOIN organisations g ON g.id = p.organisation_id
       WHERE o.workflow_state = 'wip_client_accepted' AND g.name LIKE 'Acme%'
         AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r JOIN workflow_objects w ON w.id = r.workflow_object_id
           WHERE w.outlet_id = o.id AND r.status = 'pending')
       ORDER BY o.id LIMIT 1`,
    );
    const client = await sessionOf("client.manager");
    const res = await server.call("POST", "/api/outlets/bulk-action/", {
      headers: client,
      body: {
        action_type: "route_plan_client_confirmed",
        object_ids: [o!.id],
        object_versions: { [String(o!.id)]: o!.version },
        extra_data: { route_plan_start_date: "2026-12-01", route_plan_end_date: "2026-12-10" },
        chain_rsids: [],
      },
    });
    expect(res.status).toBe(200);
    const detail = await server.call("GET", `/api/outlets/${o!.rsid}/`, { headers: client });
    const wo = detail.body.workflow_object as Record<string, string>;
    expect([wo.route_plan_start_date, wo.route_plan_end_date]).toEqual(["2026-12-01", "2026-12-10"]);
  });
});

describe("the retailer's Form 16", () => {
  it("reads the paid payout rows the earnings read, with the tax of the recorded payment", async () => {
    const o = await plottedOutlet("1500.00");
    await server.db.query(
      "UPDATE outlet_payouts SET tds_amount = 30 WHERE outlet_id = $1 AND payment_status = 'plotted'",
      [o.id],
    );
    const yearOf = async () =>
      (await form16(server.db, o.id, (y) => y, server.clock.now)).find((y) => y.financial_year === "2026-27");
    const before = await yearOf();
    expect((await pay(o, "SBIN226113000666")).status).toBe(200);

    const latest = await server.call("GET", `/api/payouts/outlets/${o.rsid}/latest-transaction/`, {
      headers: iftu,
    });
    expect(latest.body.latest_transaction_details).toMatchObject({ tds_amt: "30.00", paid_amt: "1470.00" });
    const after = await yearOf();
    expect(toPaise(after?.tds_deducted) - toPaise(before?.tds_deducted)).toBe(3000);
    expect(toPaise(after?.amount_paid) - toPaise(before?.amount_paid)).toBe(150000);
    const earnings = await server.call("GET", `/api/pp/${o.rsid}/earnings/`, { headers: admin });
    expect(earnings.body.results).toContainEqual(
      expect.objectContaining({ amount: "1500.00", workflow_object: { utr_number: "SBIN226113000666" } }),
    );
  });
});

describe("UPI Pay Now", () => {
  const query = `object=icici_upi_account_payment_tracker&sub_project=${ACME_3P_PAYOUT_CYCLE}`;
  const listQuery = `objects_type=icici_upi_account_payment_tracker&sub_project=${ACME_3P_PAYOUT_CYCLE}`;

  it("records the payment through the one payment function, once for a double click", async () => {
    const o = await plottedOutlet("1750.00");
    const file = writeWorkbook(
      "u",
      ["rsid", "upi_id", "amount"],
      [[o.rsid, "ramesh.kumar@okicici", "1750.00"]],
    );
    const up = await upload(server, iftu, query, file, "upi.xlsx");
    const job = await settle(server, iftu, listQuery, up.body.id as number);
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 1 });

    const payNow = () =>
      server.call("POST", `/api/bulk/upload/${job.id}/activate/?${query}`, { headers: iftu });
    const clicks = await Promise.all([payNow(), payNow()]);
    expect(clicks.map((c) => c.status)).toContain(200);
    // The app's own runner may take the payment run: let it finish, then run what is left, twice.
    const gateway = simulatedGateway(server.deps.sleep);
    for (let i = 0; i < 2; i++) {
      await runnerOf(server.deps)?.idle();
      await runPendingWork(server.deps, gateway);
    }
    await runnerOf(server.deps)?.idle();

    const reference = `SIM-upload-${job.id}`;
    expect(
      await server.db.query(
        `SELECT source, paid, utr_number, cms_number, base_value::text AS base_value FROM payout_transactions
         WHERE outlet_id = $1`,
        [o.id],
      ),
    ).toEqual([
      {
        source: "upi_pay_now",
        paid: true,
        utr_number: reference,
        cms_number: reference,
        base_value: "1750.00",
      },
    ]);
    expect(
      await one(
        `SELECT payment_status, utr_number, amount_to_pay::text AS amount_to_pay,
           payment_date IS NOT NULL AS dated FROM workflow_objects WHERE outlet_id = $1`,
        [o.id],
      ),
    ).toEqual({
      payment_status: "payment_successful",
      utr_number: reference,
      amount_to_pay: "1750.00",
      dated: true,
    });
    await expectPaidOnce(o);
    expect(
      await n(
        "SELECT count(*) AS n FROM retailer_invoices WHERE outlet_id = $1 AND payout_id IN (SELECT id FROM outlet_payouts WHERE utr_number = $2)",
        [o.id, reference],
      ),
    ).toBe(1);
    expect(await n("SELECT count(*) AS n FROM upi_payments WHERE job_id = $1", [job.id])).toBe(1);
  });
});

// Last: the second server starts its own upload runner beside the first one.
describe("two servers", () => {
  it("pays once when two servers on one database take the same payment", async () => {
    const o = await outletIn("payouts_plotted");
    const other = callerOf(createApp({ ...server.deps }));
    const [a, b] = await Promise.all([pay(o, "SBIN226113000333"), pay(o, "SBIN226113000333", iftu, other)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(
      await n("SELECT count(*) AS n FROM payout_transactions WHERE outlet_id = $1 AND paid", [o.id]),
    ).toBe(1);
    expect(
      await n(
        "SELECT count(*) AS n FROM outlet_logs WHERE outlet_id = $1 AND action = 'payment_successful'",
        [o.id],
      ),
    ).toBe(1);
  });
});
