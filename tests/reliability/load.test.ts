/**
 * 50 concurrent clients on the outlet list and the upload job list against a running server: no
 * errors. A short run here; `npm run bench` holds the load for 30 s and records p95 in
 * docs/benchmarks.md. Latency is recorded, not asserted: timing belongs to the bench.
 */
import { describe, expect, it } from "vitest";
import { runLoad } from "./load-harness";

const TEST_LOAD_SECONDS = 5;

describe("load", () => {
  it("50 concurrent clients reading the outlet and job lists get no errors", async () => {
    const report = await runLoad({ clients: 50, seconds: TEST_LOAD_SECONDS });
    expect(report.errorSamples).toEqual([]);
    expect(report.outletList.errors + report.jobList.errors).toBe(0);
    expect(report.outletList.requests).toBeGreaterThan(0);
    expect(report.jobList.requests).toBeGreaterThan(0);
  }, 300_000);
});
