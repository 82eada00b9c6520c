/**
 * What each outlet workflow action asks for (spec 000 §3, §4.2, §5): its display name and its extra
 * fields with their reason choices. Which state offers which action, to whom, lives in the workflow
 * machines (src/machines/outlets/outletWorkflow.ts); this catalogue only describes the form of an action.
 * Normal actions are named after the state they lead to, as the bulk payload's action_type.
 */

import { type WorkflowRole, workflowPermission } from "../shared/permissions";
import { type OutletState, stateLabel } from "./outletStates";

export type ReasonChoice = { readonly key: string; readonly label: string };

export type ExtraFieldSpec = {
  readonly display_name: string;
  /** The server refuses the action without it; the modal itself checks nothing (spec 000 §5). */
  readonly required: boolean;
  /** Reason fields only: the dropdown's choices. */
  readonly choices: readonly ReasonChoice[];
};

export type ActionSpec = {
  readonly display_name: string;
  readonly extra_data: Readonly<Record<string, ExtraFieldSpec>>;
};

/** The reason that reveals the checklist of chain RSIDs to confirm (spec 000 §4.2). */
export const DUPLICATE_CHAIN_REASON = "duplicate_outlet_chain_confirmation_required";
/** The reason field of every action that takes reasons, and its description (spec 000 §3). */
export const REASON_FIELD = "related_workflow_reasons";
export const REASON_DESCRIPTION_FIELD = "related_workflow_reasons_description";

const choice = (key: string, label: string): ReasonChoice => ({ key, label });
const DUPLICATE = choice(DUPLICATE_CHAIN_REASON, "Duplicate outlet: chain confirmation required");

const QC_REJECT_REASONS = [
  choice("images_not_clear", "Images are not clear"),
  choice("outlet_closed", "Outlet found closed"),
  choice("survey_incomplete", "Survey incomplete"),
  DUPLICATE,
];
const CALLING_REJECT_REASONS = [
  choice("not_reachable", "Retailer not reachable"),
  choice("wrong_number", "Wrong phone number"),
  choice("retailer_refused", "Retailer refused the program"),
];
const CLIENT_REJECT_REASONS = [
  choice("outside_target_area", "Outside the target area"),
  choice("low_sales_volume", "Sales volume too low"),
  choice("brand_not_stocked", "Brand not stocked"),
  DUPLICATE,
];
const WIP_REASONS = [
  choice("signage_pending", "Signage pending"),
  choice("documents_pending", "Documents pending"),
  choice("stock_pending", "Stock pending"),
  choice("retailer_unavailable", "Retailer unavailable"),
];
const CONFIRMATION_REJECT_REASONS = [
  choice("route_not_feasible", "Route not feasible"),
  choice("dates_not_suitable", "Dates not suitable"),
];
const NOT_WORKABLE_REASONS = [
  choice("shut_permanently", "Shop shut permanently"),
  choice("retailer_not_interested", "Retailer not interested"),
  choice("not_eligible", "Not eligible for the program"),
];

const REASON_LABELS: ReadonlyMap<string, string> = new Map(
  [
    ...QC_REJECT_REASONS,
    ...CALLING_REJECT_REASONS,
    ...CLIENT_REJECT_REASONS,
    ...WIP_REASONS,
    ...CONFIRMATION_REJECT_REASONS,
    ...NOT_WORKABLE_REASONS,
  ].map((c) => [c.key, c.label]),
);

/** A decision's stored reasons (keys, several joined by commas) as people read them: their labels. */
export const reasonLabels = (reasons: string): string =>
  reasons
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "")
    .map((key) => REASON_LABELS.get(key) ?? key)
    .join(", ");

const reasons = (choices: readonly ReasonChoice[]): Record<string, ExtraFieldSpec> => ({
  [REASON_FIELD]: { display_name: "Reason", required: true, choices },
});
const remarks: Record<string, ExtraFieldSpec> = {
  remarks: { display_name: "Remarks", required: false, choices: [] },
};
const field = (display_name: string, required = true): ExtraFieldSpec => ({
  display_name,
  required,
  choices: [],
});

/** Normal actions, named after the state they lead to. */
export const WORKFLOW_ACTIONS: Readonly<Record<OutletState, ActionSpec>> = {
  qc_pending: { display_name: "Send back to QC Pending", extra_data: remarks },
  qc_accepted: { display_name: "QC Accept", extra_data: remarks },
  qc_rejected: { display_name: "QC Reject", extra_data: reasons(QC_REJECT_REASONS) },
  calling_accepted: { display_name: "Calling Accept", extra_data: remarks },
  calling_rejected: { display_name: "Calling Reject", extra_data: reasons(CALLING_REJECT_REASONS) },
  wip_client_accepted: { display_name: "Client Accept", extra_data: remarks },
  wip_client_rejected: { display_name: "Client Reject", extra_data: reasons(CLIENT_REJECT_REASONS) },
  wip_with_reasons: { display_name: "Work In Progress With Reasons", extra_data: reasons(WIP_REASONS) },
  client_confirmation_rejected: {
    display_name: "Client Confirmation Reject",
    extra_data: reasons(CONFIRMATION_REJECT_REASONS),
  },
  not_workable_client_rejected: {
    display_name: "Not Workable",
    extra_data: reasons(NOT_WORKABLE_REASONS),
  },
  route_plan_client_confirmed: {
    display_name: "Confirm Route Plan",
    extra_data: {
      route_plan_start_date: field("Route plan start date"),
      route_plan_end_date: field("Route plan end date"),
      ...remarks,
    },
  },
  payouts_plotted: { display_name: "Plot Payout", extra_data: { amount: field("Amount") } },
  payment_successful: {
    display_name: "Payment Successful",
    extra_data: {
      utr_number: field("UTR number"),
      amount: field("Amount"),
      payment_date: field("Payment date"),
      payment_remarks: field("Payment remarks", false),
    },
  },
};

/** Special actions: one per group, offered only when every selected outlet's state allows it. */
export const SPECIAL_ACTIONS = {
  send_back_to_qc: {
    display_name: "Send Back To QC",
    extra_data: { remarks: field("Remarks") },
    to: "qc_pending",
  },
} as const satisfies Record<string, ActionSpec & { to: OutletState }>;
export type SpecialActionName = keyof typeof SPECIAL_ACTIONS;

// Action names come from requests: own keys only, so "toString" or "__proto__" is no action.
export const isSpecialAction = (name: string): name is SpecialActionName =>
  Object.hasOwn(SPECIAL_ACTIONS, name);
export const isNormalAction = (name: string): name is OutletState => Object.hasOwn(WORKFLOW_ACTIONS, name);

/** The form of an action by name (normal or special), if there is such an action. */
export function actionSpec(name: string): ActionSpec | undefined {
  if (isSpecialAction(name)) return SPECIAL_ACTIONS[name];
  if (isNormalAction(name)) return WORKFLOW_ACTIONS[name];
  return undefined;
}

/** The three rejections that require a reject reason description (spec 000 §4.2). */
export const DESCRIPTION_REQUIRED_STATES: readonly OutletState[] = [
  "not_workable_client_rejected",
  "client_confirmation_rejected",
  "wip_client_rejected",
];
export const requiresRejectDescription = (toState: string): boolean =>
  (DESCRIPTION_REQUIRED_STATES as readonly string[]).includes(toState);

/** wip_with_reasons takes several reasons (spec 000 §4.2). */
export const allowsSeveralReasons = (action: string): boolean => action === "wip_with_reasons";

/** Whether a user working under `permission` may take an action open to the given workflow roles. */
export const mayAct = (permission: string | null, roles: readonly WorkflowRole[]): boolean =>
  permission !== null && roles.some((role) => workflowPermission(role) === permission);

/** The outlet log's message for a move: who took which action, from which state to which. */
export function transitionLogMessage(by: string, action: string, from: string, to: string): string {
  const name = actionSpec(action)?.display_name ?? action;
  return `${by}: ${name}, ${stateLabel(from)} to ${stateLabel(to)}`;
}
