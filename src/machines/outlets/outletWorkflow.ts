/**
 * The outlet workflow, one machine per sub-project type (spec 000 §4.2, 001 §4.1: the states are
 * named, the moves are ours, explained in docs/workflow.md). Each state offers actions, named after
 * the state they lead to; an action event carries the workflow permission of the user taking it,
 * and a guard names the workflow permissions that may take each one. The
 * server derives the actions configs from these machines and validates every action against them
 * (src/machines/outlets/outletWorkflowConfig.ts): they are the only copy of the transitions.
 */
import { setup } from "xstate";
import type { OutletState, SubProjectType } from "../../domain/outlets/outletStates";
import { mayAct, type SpecialActionName } from "../../domain/outlets/workflowActions";
import type { WorkflowRole } from "../../domain/shared/permissions";

/** An action taken by a user working under a workflow permission (none for users without one). */
export type OutletWorkflowEvent = { type: OutletState | SpecialActionName; permission: string | null };

/** How an action is offered in the bulk modal (other_config), kept on the transition. */
export type MoveMeta = {
  /** Only for a single outlet (are_multiple_instances_allowed false). */
  individual?: boolean;
  /** Updated in its own list, not in the bulk modal (is_normal_list_updating_allowed). */
  normalList?: boolean;
  /** A special action: offered when every selected outlet's state allows it. */
  special?: boolean;
};

const QC: readonly WorkflowRole[] = ["qc-executive", "qc-manager", "project-manager"];
const QC_LEADS: readonly WorkflowRole[] = ["qc-manager", "project-manager"];
const CALLING: readonly WorkflowRole[] = ["calling-executive", "project-manager"];
const CLIENT: readonly WorkflowRole[] = ["client-manager", "project-manager"];
const CLIENT_ONLY: readonly WorkflowRole[] = ["client-manager"];
const FIELD: readonly WorkflowRole[] = ["field-manager", "field-coordinator", "project-manager"];
const PAYOUT_PLOTTING: readonly WorkflowRole[] = ["iftu-manager", "project-manager"];
const PAYMENT: readonly WorkflowRole[] = ["iftu-executive", "iftu-manager"];
const PROJECT: readonly WorkflowRole[] = ["project-manager"];

/** A move to `target`, for the given workflow roles. */
const move = (target: OutletState, roles: readonly WorkflowRole[], meta: MoveMeta = {}) => ({
  target,
  guard: { type: "permitted" as const, params: { roles } },
  meta,
});

/** QC leads send an outlet back to QC from the review states after QC (special action). */
const sendBackToQc = { send_back_to_qc: move("qc_pending", QC_LEADS, { special: true }) };

const qcPending = {
  description: "Surveyed; waiting for the QC team to accept or reject it.",
  on: { qc_accepted: move("qc_accepted", QC), qc_rejected: move("qc_rejected", QC) },
};
const qcRejected = {
  description: "Rejected by QC with reasons; a QC lead may re-open it, one outlet at a time.",
  on: { qc_pending: move("qc_pending", QC_LEADS, { individual: true }) },
};
const qcAcceptedForCalling = {
  description: "Accepted by QC; waiting for the calling team to confirm the details with the retailer.",
  on: {
    calling_accepted: move("calling_accepted", CALLING),
    calling_rejected: move("calling_rejected", CALLING),
    ...sendBackToQc,
  },
};
const callingRejected = {
  description: "The calling team could not confirm it; a new call may confirm it, or QC takes it back.",
  on: { calling_accepted: move("calling_accepted", CALLING, { individual: true }), ...sendBackToQc },
};
const review = {
  qc_pending: qcPending,
  qc_rejected: qcRejected,
  qc_accepted: qcAcceptedForCalling,
  calling_rejected: callingRejected,
};

const clientReview = {
  wip_client_accepted: move("wip_client_accepted", CLIENT),
  wip_client_rejected: move("wip_client_rejected", CLIENT_ONLY),
  wip_with_reasons: move("wip_with_reasons", CLIENT_ONLY),
};
const callingAcceptedForClient = {
  description: "Confirmed by calling; waiting for the client's review.",
  on: { ...clientReview, ...sendBackToQc },
};
const wipWithReasons = {
  description: "The client holds it as work in progress, with one or more reasons to resolve.",
  on: {
    wip_client_accepted: move("wip_client_accepted", CLIENT),
    wip_client_rejected: move("wip_client_rejected", CLIENT_ONLY),
  },
};
const wipClientRejected = {
  description: "Rejected by the client with a reason and description; the field team may revisit it.",
  on: { qc_pending: move("qc_pending", FIELD) },
};

/** Retail audit and census: the client reviews, then confirms a route plan. */
function clientWorkflowStates() {
  return {
    ...review,
    calling_accepted: callingAcceptedForClient,
    wip_with_reasons: wipWithReasons,
    wip_client_rejected: wipClientRejected,
    wip_client_accepted: {
      description: "Accepted by the client; waiting for the client to confirm a route plan.",
      on: {
        route_plan_client_confirmed: move("route_plan_client_confirmed", CLIENT),
        client_confirmation_rejected: move("client_confirmation_rejected", CLIENT_ONLY),
        not_workable_client_rejected: move("not_workable_client_rejected", CLIENT_ONLY),
      },
    },
    client_confirmation_rejected: {
      description: "The client rejected the route plan; the project manager may offer it again.",
      on: { wip_client_accepted: move("wip_client_accepted", PROJECT) },
    },
    not_workable_client_rejected: {
      description: "The client found it not workable; the project manager may re-open it, one at a time.",
      on: { qc_pending: move("qc_pending", PROJECT, { individual: true }) },
    },
    route_plan_client_confirmed: {
      description: "The client confirmed the route plan: the outlet's work is settled.",
      type: "final" as const,
    },
  };
}

/** 3P payout and off-take: after calling, payouts are plotted (by upload) and then paid. */
function payoutWorkflowStates() {
  return {
    ...review,
    calling_accepted: {
      description: "Confirmed by calling; waiting for its payout to be plotted by the payout upload.",
      on: {
        payouts_plotted: move("payouts_plotted", PAYOUT_PLOTTING, { normalList: true }),
        ...sendBackToQc,
      },
    },
    payouts_plotted: {
      description: "Its payout is plotted; the payout team records the payment's transaction details.",
      on: { payment_successful: move("payment_successful", PAYMENT) },
    },
    payment_successful: {
      description: "The payout was paid successfully.",
      type: "final" as const,
    },
  };
}

/** MI: the client's review, without a route plan. */
function miWorkflowStates() {
  return {
    ...review,
    calling_accepted: callingAcceptedForClient,
    wip_with_reasons: wipWithReasons,
    wip_client_rejected: wipClientRejected,
    wip_client_accepted: { description: "Accepted by the client.", type: "final" as const },
  };
}

/** Empanelment: the client accepts the outlet onto its panel or finds it not workable. */
function empanelmentWorkflowStates() {
  return {
    ...review,
    calling_accepted: {
      description: "Confirmed by calling; waiting for the client to empanel it.",
      on: {
        wip_client_accepted: move("wip_client_accepted", CLIENT),
        not_workable_client_rejected: move("not_workable_client_rejected", CLIENT_ONLY),
        ...sendBackToQc,
      },
    },
    wip_client_accepted: { description: "Empanelled by the client.", type: "final" as const },
    not_workable_client_rejected: {
      description: "The client found it not workable; the project manager may re-open it, one at a time.",
      on: { qc_pending: move("qc_pending", PROJECT, { individual: true }) },
    },
  };
}

/** KYC: QC alone verifies the retailer's documents. */
function kycWorkflowStates() {
  return {
    qc_pending: qcPending,
    qc_rejected: qcRejected,
    qc_accepted: {
      description: "KYC accepted by QC; a QC lead may send it back for another check.",
      on: sendBackToQc,
    },
  };
}

const STATES_BY_TYPE = {
  retail_audit: clientWorkflowStates,
  census: clientWorkflowStates,
  "3p_payout": payoutWorkflowStates,
  off_take: payoutWorkflowStates,
  mi: miWorkflowStates,
  empanelment: empanelmentWorkflowStates,
  kyc: kycWorkflowStates,
} satisfies Record<SubProjectType, () => object>;

const DESCRIPTION: Record<SubProjectType, string> = {
  retail_audit: "Retail audit outlets: QC, calling, the client's review and route plan confirmation.",
  census: "Census outlets: QC, calling, the client's review and route plan confirmation.",
  "3p_payout": "3P payout outlets: QC, calling, payout plotting and payment.",
  off_take: "Off-take outlets: QC, calling, payout plotting and payment.",
  mi: "MI outlets: QC, calling and the client's review.",
  empanelment: "Empanelment outlets: QC, calling and the client's empanelment decision.",
  kyc: "KYC outlets: QC verifies the retailer's documents.",
};

const workflowSetup = setup({
  types: {} as { events: OutletWorkflowEvent },
  guards: {
    permitted: ({ event }, params: { roles: readonly WorkflowRole[] }) =>
      mayAct(event.permission, params.roles),
  },
});

function workflowMachine(type: SubProjectType) {
  return workflowSetup.createMachine({
    id: `outletWorkflow_${type}`,
    description: DESCRIPTION[type],
    initial: "qc_pending",
    states: STATES_BY_TYPE[type](),
  });
}
export type OutletWorkflowMachine = ReturnType<typeof workflowMachine>;

/** The workflow machine of each project type; a cycle sub-project follows its project type's. */
export const OUTLET_WORKFLOWS: Readonly<Record<SubProjectType, OutletWorkflowMachine>> = {
  retail_audit: workflowMachine("retail_audit"),
  census: workflowMachine("census"),
  "3p_payout": workflowMachine("3p_payout"),
  off_take: workflowMachine("off_take"),
  mi: workflowMachine("mi"),
  empanelment: workflowMachine("empanelment"),
  kyc: workflowMachine("kyc"),
};
