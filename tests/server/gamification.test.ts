// @vitest-environment node
/**
 * Gamification on the server (docs/gamification.md): auditors ranked by points that follow from the
 * demo's outlet logs (10 a survey QC accepted, -5 a QC rejection, -3 a rejection after QC, -2 a
 * recovered survey), per programme and month, and an auditor's report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AuditorReport,
  GamificationDashboard,
  ProgramLedger,
  ProgramRanking,
} from "../../src/domain/gamification/gamification";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let auth: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  auth = await server.signIn("field.coordinator");
});
afterAll(() => server.close());

const get = async <T>(path: string) => {
  const res = await server.call("GET", path, { headers: auth });
  return { status: res.status, body: res.body as unknown as T };
};

describe("the leaderboard", () => {
  it("ranks the auditors by the points of their accepted surveys and rejections, equal points sharing a rank", async () => {
    const { status, body } = await get<GamificationDashboard>("/api/gamification/dashboard/");
    expect(status).toBe(200);
    const rows = body.leaderboard.map((r) => [
      r.rank,
      r.name,
      r.counts.accepted,
      r.counts.qc_rejected,
      r.counts.rejected_later,
      r.points,
    ]);
    expect(rows).toEqual([
      [1, "Kavya Mehta", 37, 7, 12, 299],
      [1, "Ramesh Singh", 37, 7, 12, 299],
      [3, "Fatima Menon", 37, 8, 12, 294],
      [3, "Vivaan Yadav", 37, 8, 12, 294],
      [5, "Karan Bose", 36, 7, 11, 292],
      [5, "Mahesh Patel", 36, 7, 11, 292],
      [7, "Aarav Sharma", 37, 7, 15, 290],
      [7, "Rohan Reddy", 37, 7, 15, 290],
      [9, "Imran Khan", 36, 9, 12, 279],
      [9, "Meera Nair", 36, 9, 12, 279],
    ]);
    expect(body.periods).toEqual(["2026-11", "2026-10", "2026-09"]);
  });

  it("counts exactly the QC acceptances the outlet logs hold for each auditor's outlets", async () => {
    const { body } = await get<GamificationDashboard>("/api/gamification/dashboard/");
    const logged = await server.db.query<{ auditor_id: number; n: number }>(
      `SELECT o.auditor_id, count(*)::int AS n FROM outlet_logs l JOIN outlets o ON o.id = l.outlet_id
       WHERE l.from_state = 'qc_pending' AND l.to_state = 'qc_accepted' GROUP BY 1`,
    );
    for (const { auditor_id, n } of logged)
      expect(body.leaderboard.find((r) => r.id === auditor_id)!.counts.accepted).toBe(n);
  });
});

describe("a programme and an auditor", () => {
  it("ranks a programme's auditors and lists the events behind the points", async () => {
    const ranking = await get<ProgramRanking>("/api/gamification/programs/6-retailer-loyalty/");
    expect(ranking.body.program).toMatchObject({
      name: "Retailer Loyalty",
      sub_project: "Acme 3P Payout",
      auditors: 5,
      points: 190,
    });
    expect(ranking.body.results.map((r) => [r.rank, r.name, r.points])).toEqual([
      [1, "Fatima Menon", 42],
      [1, "Meera Nair", 42],
      [1, "Ramesh Singh", 42],
      [4, "Aarav Sharma", 32],
      [4, "Karan Bose", 32],
    ]);
    const ledger = await get<ProgramLedger>(
      "/api/gamification/programs/6-retailer-loyalty/events/?page-size=100",
    );
    expect(ledger.body.count).toBe(33);
    expect(ledger.body.results.reduce((t, e) => t + e.points, 0)).toBe(190);
    expect((await get("/api/gamification/programs/6-visibility-drive/")).status).toBe(404);
    expect((await get("/api/gamification/programs/999999/")).status).toBe(404);
  });

  it("reports an auditor's rank among the ranked and their points by programme", async () => {
    const { status, body } = await get<AuditorReport>("/api/gamification/auditors/4-kavya-mehta/");
    expect(status).toBe(200);
    expect([body.auditor.rank, body.of, body.auditor.points]).toEqual([1, 10, 299]);
    expect(body.programs.reduce((t, p) => t + p.points, 0)).toBe(299);
    expect(body.recent.length).toBe(20);
    expect((await get("/api/gamification/auditors/4-someone-else/")).status).toBe(404);
  });

  it("is for the field-tools staff only", async () => {
    const qc = await server.signIn("qc.executive");
    expect((await server.call("GET", "/api/gamification/dashboard/", { headers: qc })).status).toBe(403);
  });
});

// Last: it adds a recovery to the logs the tests above count.
describe("a recovered survey", () => {
  it("moves with a survey recovered from the field app, and keeps a month apart", async () => {
    const [ramesh] = await server.db.query<{ id: number }>(
      "SELECT o.id FROM outlets o WHERE o.auditor_id = 3 AND o.program_id IS NOT NULL ORDER BY o.id LIMIT 1",
    );
    await server.db.query(
      `INSERT INTO outlet_logs (outlet_id, action, from_state, to_state, message, created)
       VALUES ($1, 'field_recovery', 'qc_pending', 'qc_pending', 'recovered', '2026-11-19T10:00:00Z')`,
      [ramesh!.id],
    );
    const { body } = await get<GamificationDashboard>("/api/gamification/dashboard/");
    expect(body.leaderboard[0]).toMatchObject({ name: "Kavya Mehta", rank: 1, points: 299 });
    expect(body.leaderboard[1]).toMatchObject({ name: "Ramesh Singh", rank: 2, points: 297 });
    expect(body.leaderboard[1]!.counts.recovered).toBe(1);
    const november = await get<GamificationDashboard>("/api/gamification/dashboard/?period=2026-11");
    const total = (b: GamificationDashboard) => b.leaderboard.reduce((t, r) => t + r.counts.accepted, 0);
    expect(total(november.body)).toBeLessThan(total(body));
    expect((await get("/api/gamification/dashboard/?period=2026-13")).body).toEqual({
      period: ["Choose all or a month written YYYY-MM."],
    });
  });
});
