/**
 * Kill -9 of a server process mid-upload and mid-confirm, then a restart: every job ends completed
 * or failed, never half-applied, and an interrupted confirm applies nothing. A reduced count here;
 * `npm run bench` runs the full 20 kills (docs/reliability.md).
 */
import { describe, expect, it } from "vitest";
import { runFaults } from "./faults-harness";

const TEST_UPLOAD_KILLS = 2;
const TEST_CONFIRM_KILLS = 1;

describe("faults: kill -9 and restart", () => {
  it("uploads killed while processing end completed or failed after restart; killed confirms apply all or nothing", async () => {
    const report = await runFaults({
      uploadKills: TEST_UPLOAD_KILLS,
      confirmKills: TEST_CONFIRM_KILLS,
      rows: 20_000,
    });
    expect(report.halfApplied).toEqual([]);
    expect(report.uploads).toHaveLength(TEST_UPLOAD_KILLS);
    for (const u of report.uploads) expect(["completed", "failed"]).toContain(u.final);
    expect(report.confirms).toHaveLength(TEST_CONFIRM_KILLS);
  }, 600_000);
});
