/** The field auditor's lists (docs/field-user.md): every outlet in exactly one, as the workflow ends. */
import { describe, expect, it } from "vitest";
import { FIELD_LISTS, fieldListOf, fieldListPairs } from "../../src/domain/ekyc/fieldUser";
import { CYCLE_TYPE, OUTLET_STATES_BY_TYPE, SUB_PROJECT_TYPES } from "../../src/domain/outlets/outletStates";
import { OUTLET_WORKFLOWS } from "../../src/machines/outlets/outletWorkflow";

describe("fieldListOf", () => {
  it("puts every state of every sub-project type, main or cycle, in one list", () => {
    for (const type of SUB_PROJECT_TYPES)
      for (const key of [type, CYCLE_TYPE[type]])
        for (const state of OUTLET_STATES_BY_TYPE[type])
          expect(fieldListOf(key, state), `${key} ${state}`).not.toBeNull();
  });

  it("reads a survey waiting for QC or calling as pending, any rejection as rejected", () => {
    expect(fieldListOf("retail_audit", "qc_pending")).toBe("pending");
    expect(fieldListOf("retail_audit_cycle", "qc_accepted")).toBe("pending");
    expect(fieldListOf("census", "calling_rejected")).toBe("rejected");
    expect(fieldListOf("retail_audit", "client_confirmation_rejected")).toBe("rejected");
    expect(fieldListOf("payout_cycle", "payouts_plotted")).toBe("completed");
  });

  it("completes KYC at QC acceptance, since QC is its only review", () => {
    expect(fieldListOf("kyc", "qc_accepted")).toBe("completed");
  });

  it("counts every final state of the workflow machines as completed", () => {
    const finals = SUB_PROJECT_TYPES.flatMap((type) =>
      Object.entries(OUTLET_WORKFLOWS[type].states)
        .filter(([, node]) => node.type === "final")
        .map(([state]) => [type, state] as const),
    );
    expect(finals.length).toBeGreaterThanOrEqual(4);
    for (const [type, state] of finals)
      expect(fieldListOf(type, state), `${type} ${state}`).toBe("completed");
  });

  it("knows no list for an unknown type or state", () => {
    expect(fieldListOf("unknown_type", "qc_pending")).toBeNull();
    expect(fieldListOf("retail_audit", "surveyed")).toBeNull();
  });
});

describe("fieldListPairs", () => {
  it("gives the server exactly the pairs the rule puts in each list, with no pair in two lists", () => {
    const seen = new Set<string>();
    for (const list of FIELD_LISTS) {
      const { types, states } = fieldListPairs(list);
      expect(types).toHaveLength(states.length);
      types.forEach((type, i) => {
        expect(fieldListOf(type, states[i]!)).toBe(list);
        const pair = `${type} ${states[i]}`;
        expect(seen.has(pair), pair).toBe(false);
        seen.add(pair);
      });
    }
  });
});
