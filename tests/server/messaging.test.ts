/**
 * WhatsApp delivery on the server (docs/messaging.md): a confirmed Bulk WhatsApp Message upload's
 * messages move from queued through the simulated provider, each change recorded; a number the
 * provider refuses fails with its reason; the summary counts them; production without a provider
 * refuses to confirm (503); only calling and project managers read the logs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { runnerOf, runPendingWork } from "../../server/uploads/runner";
import { startTestServer, type TestServer } from "./support";
import { settle, upload } from "./uploads-support";

let server: TestServer;
type Auth = Record<string, string>;
let sender: Auth;

beforeAll(async () => {
  server = await startTestServer();
  sender = await server.signIn("calling.manager");
  // Seeding the run's template database can take minutes on a busy machine.
}, 300_000);
afterAll(() => server.close());

const OBJECT = "object=whatsapp_messaging";
const sheet = (phones: readonly string[]) =>
  writeWorkbook(
    "whatsapp_messaging",
    ["phone_number", "template_name", "message"],
    phones.map((p) => [p, "payout_reminder", "Your payout for November is on its way."]),
  );

/** Uploads and processes the sheet; its messages are queued once it is confirmed. */
async function processed(phones: readonly string[]): Promise<number> {
  const up = await upload(server, sender, OBJECT, sheet(phones), "reminders.xlsx");
  expect(up.status).toBe(201);
  const id = up.body.id as number;
  const job = await settle(server, sender, "objects_type=whatsapp_messaging", id);
  expect(job.status).toBe("completed");
  return id;
}

async function confirm(id: number): Promise<void> {
  const res = await server.call("POST", `/api/bulk/upload/${id}/activate/?${OBJECT}`, { headers: sender });
  expect(res.status).toBe(200);
}

const deliver = async () => {
  await runnerOf(server.deps)?.idle();
  await runPendingWork(server.deps, null);
  await runnerOf(server.deps)?.idle();
};

type Row = { phone_number: string; status: string; error: string | null; history: { status: string }[] };
const statuses = async (job: number) => {
  const res = await server.call("GET", `/api/messages/?job=${job}`, { headers: sender });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.results as Row[]).map((r) => [r.phone_number, r]));
};

describe("the sender", () => {
  it("moves messages queued → sent → delivered → read, or to failed with the provider's reason", async () => {
    const job = await processed(["9876543211", "9876543212", "9876543210"]);
    // The job runner's poll is held while the confirmed messages are read: it would otherwise send
    // them whenever its next poll falls before the read.
    const queued = await runnerOf(server.deps)!.exclusive(async () => {
      await confirm(job);
      return statuses(job);
    });
    expect(Object.values(queued).map((r) => r.status)).toEqual(["queued", "queued", "queued"]);
    await deliver();
    let rows = await statuses(job);
    expect(rows["+919876543211"]?.status ?? rows["9876543211"]?.status).toBe("sent");
    const failed = Object.values(rows).find((r) => r.phone_number.endsWith("0"))!;
    expect(failed).toMatchObject({ status: "failed", error: "The number is not on WhatsApp." });
    server.clock.now += 2000;
    await deliver();
    rows = await statuses(job);
    const odd = Object.values(rows).find((r) => r.phone_number.endsWith("1"))!;
    const even = Object.values(rows).find((r) => r.phone_number.endsWith("2"))!;
    expect([odd.status, even.status]).toEqual(["delivered", "delivered"]);
    server.clock.now += 2000;
    await deliver();
    rows = await statuses(job);
    const read = Object.values(rows).find((r) => r.phone_number.endsWith("1"))!;
    expect(read.status).toBe("read");
    expect(read.history.map((h) => h.status)).toEqual(["sent", "delivered", "read"]);
    expect(Object.values(rows).find((r) => r.phone_number.endsWith("2"))!.status).toBe("delivered");

    const summary = await server.call("GET", `/api/messages/summary/?job=${job}`, { headers: sender });
    expect(summary.body.results).toEqual([
      expect.objectContaining({
        job_id: job,
        template_name: "payout_reminder",
        total: 3,
        queued: 0,
        sent: 0,
        delivered: 1,
        read: 1,
        failed: 1,
      }),
    ]);
  });

  it("filters by status", async () => {
    const res = await server.call("GET", "/api/messages/?status=failed", { headers: sender });
    expect((res.body.results as Row[]).every((r) => r.status === "failed")).toBe(true);
    const bad = await server.call("GET", "/api/messages/?status=lost", { headers: sender });
    expect(bad.status).toBe(400);
  });

  it("logs are refused to those who do not send them", async () => {
    for (const user of ["iftu.executive", "client.manager"]) {
      const res = await server.call("GET", "/api/messages/", { headers: await server.signIn(user) });
      expect(res.status).toBe(403);
    }
  });
});

describe("production without a provider", () => {
  it("refuses to confirm a Bulk WhatsApp Message upload (503)", async () => {
    const prod = await startTestServer({ mode: "production" });
    try {
      const auth = await prod.signIn("calling.manager");
      const up = await upload(prod, auth, OBJECT, sheet(["9876543213"]), "reminders.xlsx");
      const job = await settle(prod, auth, "objects_type=whatsapp_messaging", up.body.id as number);
      const confirm = await prod.call("POST", `/api/bulk/upload/${job.id}/activate/?${OBJECT}`, {
        headers: auth,
      });
      expect(confirm.status).toBe(503);
      expect(confirm.body).toEqual({ detail: "No WhatsApp provider is configured on this server." });
    } finally {
      await prod.close();
    }
  }, 300_000);
});
