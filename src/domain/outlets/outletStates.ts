/**
 * Outlet workflow state names the spec uses (000 §4.2, §9; 001 §4.1, §4.2; 002 §2.12), and the
 * sub-project types each occurs in. The spec names the states but not the moves between them
 * ("specific status-to-status transitions: not shown"): the moves are designed in the workflow
 * machines (src/machines/outlets/outletWorkflow.ts, docs/workflow.md), over these states.
 */

export const SUB_PROJECT_TYPES = [
  "retail_audit",
  "3p_payout",
  "off_take",
  "census",
  "mi",
  "kyc",
  "empanelment",
] as const;
export type SubProjectType = (typeof SUB_PROJECT_TYPES)[number];

/** The cycle sub-project type of each project type (spec 000 §1). */
export const CYCLE_TYPE: Record<SubProjectType, string> = {
  retail_audit: "retail_audit_cycle",
  "3p_payout": "payout_cycle",
  off_take: "off_take_cycle",
  census: "census",
  mi: "mi_cycle",
  kyc: "kyc",
  empanelment: "empanelment",
};

export const OUTLET_STATES = [
  // Review by the QC team, then by the calling team (001 §4.1: calling_rejected is a first travel_log entry).
  "qc_pending",
  "qc_accepted",
  "qc_rejected",
  "calling_accepted",
  "calling_rejected",
  // The client's review (000 §4.2: the three *_rejected need a reject reason description;
  // wip_with_reasons takes several reasons).
  "wip_client_accepted",
  "wip_client_rejected",
  "wip_with_reasons",
  "client_confirmation_rejected",
  "not_workable_client_rejected",
  "route_plan_client_confirmed",
  // Payouts (000 §9 notification event types; 001 §4.6: plotted rows take payment details).
  "payouts_plotted",
  "payment_successful",
] as const;
export type OutletState = (typeof OUTLET_STATES)[number];

const REVIEW = ["qc_pending", "qc_accepted", "qc_rejected", "calling_accepted", "calling_rejected"] as const;
const CLIENT = [
  "wip_client_accepted",
  "wip_client_rejected",
  "wip_with_reasons",
  "client_confirmation_rejected",
  "not_workable_client_rejected",
  "route_plan_client_confirmed",
] as const;
const PAYOUT = ["payouts_plotted", "payment_successful"] as const;

/** The states an outlet of each sub-project type (main or cycle sub-project) can be in. */
export const OUTLET_STATES_BY_TYPE: Record<SubProjectType, readonly OutletState[]> = {
  retail_audit: [...REVIEW, ...CLIENT],
  "3p_payout": [...REVIEW, ...PAYOUT],
  off_take: [...REVIEW, ...PAYOUT],
  census: [...REVIEW, ...CLIENT],
  mi: [...REVIEW, "wip_client_accepted", "wip_client_rejected", "wip_with_reasons"],
  kyc: ["qc_pending", "qc_accepted", "qc_rejected"],
  empanelment: [...REVIEW, "wip_client_accepted", "not_workable_client_rejected"],
};

export const ALL_OUTLET_STATES: readonly OutletState[] = [
  ...new Set(Object.values(OUTLET_STATES_BY_TYPE).flat()),
];

/** Whether a state can occur in a sub-project type. */
export const stateOccursIn = (state: string, type: SubProjectType): boolean =>
  (OUTLET_STATES_BY_TYPE[type] as readonly string[]).includes(state);

/** Plotted payout states carry the plotted marker in their name (001 §4.1). */
export const isPlottedState = (state: string): boolean => state.includes("plotted");

/** The project type whose workflow a sub-project type follows (a cycle follows its project's type). */
export function workflowTypeOf(subProjectType: string): SubProjectType | null {
  if ((SUB_PROJECT_TYPES as readonly string[]).includes(subProjectType))
    return subProjectType as SubProjectType;
  const found = SUB_PROJECT_TYPES.find((type) => CYCLE_TYPE[type] === subProjectType);
  return found ?? null;
}

/** The sub-project keys of the actions config: each project type and its cycle type. */
export const SUB_PROJECT_KEYS: Readonly<Record<SubProjectType, readonly string[]>> = Object.fromEntries(
  SUB_PROJECT_TYPES.map((type) => [type, [...new Set([type, CYCLE_TYPE[type]])]]),
) as unknown as Record<SubProjectType, readonly string[]>;

const ACRONYMS = new Set(["qc", "wip", "rsid"]);
/** A state as people read it: "qc_pending" is "QC Pending". */
export const stateLabel = (state: string): string =>
  state
    .split("_")
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : `${w.charAt(0).toUpperCase()}${w.slice(1)}`))
    .join(" ");
