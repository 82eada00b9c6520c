import { describe, expect, it } from "vitest";
import {
  idOfSlug,
  NO_EVENTS,
  periodBounds,
  pointsOf,
  ranked,
  SCORING_LOGS,
  scoredEventOf,
  slugOf,
} from "../../src/domain/gamification/gamification";

const move = (from_state: string, to_state: string, action = to_state) => ({ action, from_state, to_state });

describe("the points rule", () => {
  it("scores QC's acceptance, rejections and recoveries, nothing else", () => {
    expect(scoredEventOf(move("qc_pending", "qc_accepted"))).toBe("accepted");
    expect(scoredEventOf(move("qc_pending", "qc_rejected"))).toBe("qc_rejected");
    expect(scoredEventOf(move("qc_accepted", "calling_rejected"))).toBe("rejected_later");
    expect(scoredEventOf(move("wip_client_accepted", "client_confirmation_rejected"))).toBe("rejected_later");
    expect(scoredEventOf(move("qc_pending", "qc_pending", "field_recovery"))).toBe("recovered");
    expect(scoredEventOf(move("qc_accepted", "calling_accepted"))).toBeNull();
    // An edit recorded in place is not a move.
    expect(scoredEventOf(move("qc_accepted", "qc_accepted", "edit_accept"))).toBeNull();
  });

  it("gives 10 a survey accepted, -5 a QC rejection, -3 a later one, -2 a recovery", () => {
    expect(pointsOf({ accepted: 37, qc_rejected: 7, rejected_later: 12, recovered: 0 })).toBe(299);
    expect(pointsOf({ accepted: 1, qc_rejected: 1, rejected_later: 1, recovered: 1 })).toBe(0);
    expect(pointsOf(NO_EVENTS)).toBe(0);
  });

  it("names the loader's states from the rule itself", () => {
    expect(SCORING_LOGS.toStates).toContain("qc_accepted");
    expect(SCORING_LOGS.toStates).toContain("not_workable_client_rejected");
    expect(SCORING_LOGS.toStates).not.toContain("calling_accepted");
    expect(SCORING_LOGS.actions).toEqual(["field_recovery"]);
  });
});

describe("the ranking", () => {
  it("shares a rank between equal points and skips the next, more accepted surveys first within it", () => {
    const c = (accepted: number, qc_rejected = 0) => ({ ...NO_EVENTS, accepted, qc_rejected });
    const rows = ranked([
      { name: "Meera", counts: c(3) },
      { name: "Aarav", counts: c(4, 2) },
      { name: "Imran", counts: c(3) },
      { name: "Kavya", counts: c(1) },
    ]);
    expect(rows.map((r) => [r.rank, r.name, r.points])).toEqual([
      [1, "Aarav", 30],
      [1, "Imran", 30],
      [1, "Meera", 30],
      [4, "Kavya", 10],
    ]);
  });
});

describe("periods and addresses", () => {
  it("bounds a month in UTC, the year turning in December, and all time not at all", () => {
    expect(periodBounds("2026-11")).toEqual({ from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z" });
    expect(periodBounds("2026-12")).toEqual({ from: "2026-12-01T00:00:00Z", to: "2027-01-01T00:00:00Z" });
    expect(periodBounds("all")).toBeNull();
  });

  it("addresses a record by its id and name, reading the id back", () => {
    expect(slugOf(3, "Ramesh Singh")).toBe("3-ramesh-singh");
    expect(idOfSlug("3-ramesh-singh")).toBe(3);
    expect(idOfSlug("3")).toBe(3);
    expect(idOfSlug("ramesh")).toBeNull();
  });
});
