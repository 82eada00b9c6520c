/**
 * Survey Details (spec 001 §2.2, §4.2, §4.9, §5.1): the outlet's question groups in a slider, the
 * selected group's answers, editing them where §4.2 allows, Save (and Next) after every message of
 * §5.1 passes (or, in the calling view, after the §4.9 call checks hold), progress per group, Reset,
 * and no editing once the outlet's workflow state changed on the screen (the screen starts it again).
 * In a sku_group group the pencil opens a SKU row's answers and Add New Sku adds a row for one of
 * the group's SKUs, whose answers Save creates with their SKU.
 * For projects of type mi with add_data_on_fly the slider ends with the Collected Bills group (fixed
 * id 3866): choosing it runs the collectedBills machine as a child instead of reading answers, and
 * the retailer requests the screen reads again reach it from here.
 */
import {
  and,
  assign,
  type DoneActorEvent,
  fromCallback,
  fromPromise,
  sendParent,
  sendTo,
  setup,
} from "xstate";
import { groupsWithBills, isCollectedBillsGroup } from "../../domain/invoices/invoiceHeaders";
import { mayEditInvoices } from "../../domain/invoices/invoices";
import { hasEditPermission, type ReviewRole } from "../../domain/outlets/outletReview";
import { type RequestSummary, savingBlocked } from "../../domain/outlets/retailerRequests";
import {
  type AnswersUpdateRequest,
  type AnswerValue,
  answersUpdate,
  answerValueOf,
  type CallCheck,
  callChecksUpdate,
  callingVerification,
  canVerifyByCalling,
  groupCallChecks,
  groupSlots,
  type Question,
  type QuestionGroup,
  type SaveOutcome,
  type SkuProduct,
  skusToAdd,
  skuTableSkus,
} from "../../domain/survey/survey";
import { groupProblems } from "../../domain/survey/surveyValidation";
import { type BillsPendingEvent, billsInSurvey, type CollectedBillsInput } from "../invoices/collectedBills";
import { modalMachine } from "../shared/modal";

/** Groups shown at once in the slider, and its step (4 at a time in the calling view), §2.2 and §9. */
export const SLIDER_VISIBLE = 4;
export const sliderStep = (callingView: boolean) => (callingView ? 4 : 1);

export type SurveyGroupsInput = {
  workflowObject: number;
  role: ReviewRole;
  workflowState: string;
  typeOfCalling: string | null;
  /** The update action list has actions for this outlet (§4.2). */
  hasUpdateActions: boolean;
  /** The calling executive's Calling Details: call checks instead of answer edits. */
  callingView: boolean;
  /** Update Status moved the outlet on this screen: nothing can be changed any more (§4.2). */
  workflowStateChanged: boolean;
  /** The outlet's retailer requests as the review screen read them: a pending one blocks Save (§4.4). */
  retailerRequests: readonly RequestStatus[];
  /** §2.2: the slider ends with the Collected Bills group (`hasCollectedBills` of the outlet's project). */
  collectedBills: boolean;
  /** Today (YYYY-MM-DD): the latest invoice date Collected Bills allows. */
  today: string;
};
type RequestStatus = Pick<RequestSummary, "retailer_master_status">;

export type GroupsOutcome = { type: "ok"; groups: readonly QuestionGroup[] };
export type AnswersOutcome = { type: "ok"; questions: readonly Question[] };
export type { SaveOutcome };
export type SurveyGroupsContext = SurveyGroupsInput & {
  groups: readonly QuestionGroup[];
  index: number;
  /** The first group shown in the slider. */
  first: number;
  questions: readonly Question[];
  edits: Record<string, AnswerValue>;
  checks: Record<string, CallCheck>;
  /** A sku_group group's table: the SKU rows opened for editing with the pencil (001 §2.2). */
  openSkus: readonly number[];
  /** SKU rows added with Add New Sku, not saved yet. */
  addedSkus: readonly SkuProduct[];
  /** Per group index: saved on this screen, or nothing to answer (image-only). */
  complete: readonly boolean[];
  problems: readonly string[];
};

export type SurveyGroupsEvent =
  | { type: "group.select"; index: number }
  | { type: "slider.next" }
  | { type: "slider.prev" }
  | { type: "answer.change"; key: string; value: AnswerValue }
  | { type: "sku.edit"; sku: number }
  | { type: "sku.add"; sku: number }
  | { type: "call.change"; key: string; check: CallCheck }
  | { type: "reset" }
  | { type: "save" }
  | { type: "modal.closed" }
  | { type: "requests.change"; requests: readonly RequestStatus[] }
  | { type: "retry" }
  | BillsPendingEvent;

type Ctx = SurveyGroupsContext;

/** §4.2: answers are editable here (never in the calling view, which records call checks). */
export const mayEditAnswers = (c: Ctx) =>
  !c.callingView && hasEditPermission(c.role, c.workflowState, c.workflowStateChanged, c.hasUpdateActions);
/** §4.9: the calling executive records call checks on a validation call. */
export const mayCheckCalls = (c: Ctx) =>
  c.callingView && !c.workflowStateChanged && canVerifyByCalling(c.role, c.typeOfCalling);

/** Save is offered: the caller may change something here and no retailer request waits (§4.4). */
export const maySaveGroup = (c: Ctx) =>
  (mayEditAnswers(c) || mayCheckCalls(c)) && !savingBlocked(c.retailerRequests);

/** Collected Bills as it starts: invoice editing per §4.2, the pending request per §4.4. */
export const collectedBillsInput = (c: Ctx): CollectedBillsInput => ({
  workflowObject: c.workflowObject,
  mayEdit:
    !c.callingView && mayEditInvoices(c.role, c.workflowState, c.workflowStateChanged, c.hasUpdateActions),
  pendingRequest: savingBlocked(c.retailerRequests),
  maxDate: c.today,
});

/** The selected group's answer slots, with the SKU rows added to its table. */
export const slotsShown = (c: Ctx) => groupSlots(c.groups[c.index]!, c.questions, c.addedSkus);
/** The SKUs down the selected sku_group group's table. */
export const tableSkus = (c: Ctx) =>
  skuTableSkus(c.questions, c.groups[c.index]?.related_sku_products ?? [], c.addedSkus);

/** What Save sends for the selected group. */
export const saveRequest = (c: Ctx): AnswersUpdateRequest =>
  c.callingView
    ? callChecksUpdate(c.questions, c.checks)
    : answersUpdate(c.workflowObject, c.questions, c.edits, slotsShown(c));

/** Every message that stops Save (§5.1 in the survey, §4.9 in the calling view). */
export function saveProblems(c: Ctx): string[] {
  if (c.callingView) {
    const rule = callingVerification(groupCallChecks(c.questions, c.checks));
    return rule.ok ? [] : [rule.message];
  }
  return groupProblems(
    slotsShown(c).map((slot) => ({
      question: slot.question,
      value: c.edits[slot.key] ?? answerValueOf(slot.answer),
    })),
  );
}
/** The selected group holds changes Save would send: leaving the page would lose them. */
export const hasChanges = (c: Ctx) => {
  const request = saveRequest(c);
  return Object.keys(request.data_to_update).length > 0 || (request.data_to_create ?? []).length > 0;
};
const isLast = (c: Ctx) => c.index >= c.groups.length - 1;
const completeNow = (c: Ctx) => c.complete.map((done, i) => done || i === c.index);
/** After a Save: the next group, or the same one (read again) when it was the last. */
const nextIndex = (c: Ctx) => (isLast(c) ? c.index : c.index + 1);
/** The slider keeps the selected group in view. */
const inView = (c: Ctx, index: number) =>
  index < c.first ? index : index >= c.first + SLIDER_VISIBLE ? index - SLIDER_VISIBLE + 1 : c.first;

const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output;
const cleared = { edits: {}, checks: {}, problems: [], openSkus: [], addedSkus: [] };
const invalidLines = (event: unknown) =>
  (output<SaveOutcome>(event) as Extract<SaveOutcome, { type: "invalid" }>).problems;

/** The modal that lists a Save's problems reports its close to the survey. */
const problemsModal = modalMachine.provide({ actions: { closed: sendParent({ type: "modal.closed" }) } });

export const surveyGroupsMachine = setup({
  types: {} as {
    context: Ctx;
    events: SurveyGroupsEvent;
    input: SurveyGroupsInput;
    children: { problemsModal: "problemsModal"; collectedBills: "collectedBills" };
  },
  actors: {
    problemsModal,
    collectedBills: billsInSurvey,
    /** Sends `requests.change` each time the screen reads the outlet's retailer requests anew. */
    requestReads: fromCallback<SurveyGroupsEvent, { workflowObject: number }>(() => () => {}),
    loadGroups: fromPromise<GroupsOutcome, { workflowObject: number }>(async () => {
      throw new Error("loadGroups is provided by the application");
    }),
    loadAnswers: fromPromise<AnswersOutcome, { workflowObject: number; group: number }>(async () => {
      throw new Error("loadAnswers is provided by the application");
    }),
    saveGroup: fromPromise<SaveOutcome, { request: AnswersUpdateRequest }>(async () => {
      throw new Error("saveGroup is provided by the application");
    }),
  },
  actions: {
    chooseGroup: assign(({ context, event }) =>
      event.type === "group.select" ? { index: event.index, first: inView(context, event.index) } : {},
    ),
    // Clamped to the groups there are, so a step past either end leaves the slider where it is.
    sliderNext: assign({
      first: ({ context }) =>
        Math.min(context.first + sliderStep(context.callingView), context.groups.length - SLIDER_VISIBLE),
    }),
    sliderPrev: assign({
      first: ({ context }) => Math.max(0, context.first - sliderStep(context.callingView)),
    }),
    notifyFailed: (_, _params: { text: string }) => {},
    notifySaved: (_, _params: { group: string }) => {},
  },
  guards: {
    hasGroups: ({ context, event }) =>
      groupsWithBills(output<GroupsOutcome>(event).groups, context.collectedBills).length > 0,
    billsChosen: ({ context }) => isCollectedBillsGroup(context.groups[context.index]!),
    otherGroup: ({ context, event }) =>
      event.type === "group.select" &&
      event.index !== context.index &&
      event.index >= 0 &&
      event.index < context.groups.length,
    mayEdit: ({ context }) => mayEditAnswers(context),
    skuInTable: ({ context, event }) =>
      event.type === "sku.edit" && tableSkus(context).some((s) => s.id === event.sku),
    skuToAdd: ({ context, event }) =>
      event.type === "sku.add" &&
      skusToAdd(context.groups[context.index]!.related_sku_products, tableSkus(context)).some(
        (s) => s.id === event.sku,
      ),
    mayCheck: ({ context }) => mayCheckCalls(context),
    maySave: ({ context }) => maySaveGroup(context),
    valid: ({ context }) => saveProblems(context).length === 0,
    unchanged: ({ context }) => !hasChanges(context),
    savedOk: ({ event }) => output<SaveOutcome>(event).type === "ok",
    serverFoundProblems: ({ event }) => output<SaveOutcome>(event).type === "invalid",
  },
}).createMachine({
  id: "surveyGroups",
  description: "Survey Details: the question groups, the selected group's answers, editing and saving them.",
  context: ({ input }) => ({
    ...input,
    groups: [],
    index: 0,
    first: 0,
    questions: [],
    ...cleared,
    complete: [],
  }),
  initial: "loadingGroups",
  invoke: {
    id: "requestReads",
    src: "requestReads",
    input: ({ context }) => ({ workflowObject: context.workflowObject }),
  },
  on: {
    // The screen read the retailer requests again: Save follows the pending state it now knows (§4.4).
    "requests.change": { actions: assign({ retailerRequests: ({ event }) => event.requests }) },
  },
  states: {
    loadingGroups: {
      tags: ["busy"],
      description: "Reading the question groups of the outlet's sub-project.",
      invoke: {
        id: "loadGroups",
        src: "loadGroups",
        input: ({ context }) => ({ workflowObject: context.workflowObject }),
        onDone: [
          {
            guard: "hasGroups",
            target: "opening",
            actions: assign(({ context, event }) => {
              const groups = groupsWithBills(output<GroupsOutcome>(event).groups, context.collectedBills);
              // Groups with nothing but images are complete on load (§2.2).
              return { groups, index: 0, first: 0, complete: groups.map((g) => g.image_only) };
            }),
          },
          { target: "noGroups" },
        ],
        onError: { target: "failed" },
      },
    },
    opening: {
      description:
        "The selected group opens: Collected Bills runs its own screen, any other group reads its answers.",
      always: [{ guard: "billsChosen", target: "bills" }, { target: "loadingAnswers" }],
    },
    bills: {
      description:
        "Collected Bills is shown: its tabs, headers and invoices run as a child; the survey's Reset and Save are not offered.",
      invoke: {
        id: "collectedBills",
        src: "collectedBills",
        input: ({ context }) => collectedBillsInput(context),
      },
      on: {
        "group.select": { guard: "otherGroup", target: "opening", actions: "chooseGroup" },
        "slider.next": { actions: "sliderNext" },
        "slider.prev": { actions: "sliderPrev" },
        // The group is done when none of the outlet's invoices is pending (001 §3), pending again
        // when one is added.
        "bills.pending": {
          actions: assign({
            complete: ({ context, event }) =>
              context.complete.map((done, i) =>
                isCollectedBillsGroup(context.groups[i]!) ? event.pending === 0 : done,
              ),
          }),
        },
        "requests.change": {
          actions: [
            assign({ retailerRequests: ({ event }) => event.requests }),
            sendTo("collectedBills", ({ event }) => ({
              type: "requests.change",
              pending: savingBlocked(event.requests),
            })),
          ],
        },
      },
    },
    loadingAnswers: {
      tags: ["busy"],
      description:
        "Reading the selected group's questions with their answers; choosing another group meanwhile reads that one instead.",
      // The user's choice wins over the group a Save moved on to, whichever answer arrives first.
      on: {
        "slider.next": { actions: "sliderNext" },
        "slider.prev": { actions: "sliderPrev" },
        "group.select": { guard: "otherGroup", target: "opening", actions: "chooseGroup" },
      },
      invoke: {
        id: "loadAnswers",
        src: "loadAnswers",
        input: ({ context }) => ({
          workflowObject: context.workflowObject,
          group: context.groups[context.index]!.id,
        }),
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({
            questions: output<AnswersOutcome>(event).questions,
            ...cleared,
          })),
        },
        onError: { target: "failed" },
      },
    },
    editing: {
      description:
        "The group's answers are shown; where §4.2 (or, calling, §4.9) allows they can be changed, reset and saved.",
      on: {
        "group.select": { guard: "otherGroup", target: "opening", actions: "chooseGroup" },
        "slider.next": { actions: "sliderNext" },
        "slider.prev": { actions: "sliderPrev" },
        "answer.change": {
          guard: "mayEdit",
          actions: assign({
            edits: ({ context, event }) => ({ ...context.edits, [event.key]: event.value }),
          }),
        },
        // 001 §2.2, §4.2: the pencil opens a SKU row's answers; Add New Sku adds a row of the
        // group's SKUs, open, whose answers Save creates.
        "sku.edit": {
          guard: and(["mayEdit", "skuInTable"]),
          actions: assign({
            openSkus: ({ context, event }) => [...new Set([...context.openSkus, event.sku])],
          }),
        },
        "sku.add": {
          guard: and(["mayEdit", "skuToAdd"]),
          actions: assign(({ context, event }) => ({
            addedSkus: [
              ...context.addedSkus,
              context.groups[context.index]!.related_sku_products.find((s) => s.id === event.sku)!,
            ],
            openSkus: [...context.openSkus, event.sku],
          })),
        },
        "call.change": {
          guard: "mayCheck",
          actions: assign({
            checks: ({ context, event }) => ({ ...context.checks, [event.key]: event.check }),
          }),
        },
        // Nothing can have changed where nothing may be changed, so Reset needs no guard.
        reset: { actions: assign(cleared) },
        save: [
          {
            // Nothing changed and nothing wrong: the group is done as it is (§2.2: complete after Save).
            guard: and(["maySave", "valid", "unchanged"]),
            target: "opening",
            actions: assign(({ context }) => ({
              complete: completeNow(context),
              index: nextIndex(context),
              first: inView(context, nextIndex(context)),
            })),
          },
          { guard: and(["maySave", "valid"]), target: "saving" },
          {
            guard: "maySave",
            target: "invalid",
            actions: [
              assign({ problems: ({ context }) => saveProblems(context) }),
              { type: "notifyFailed", params: ({ context }) => ({ text: saveProblems(context).join(" ") }) },
            ],
          },
        ],
      },
    },
    invalid: {
      description: "Save found problems: every message is shown together in the error modal.",
      invoke: { id: "problemsModal", src: "problemsModal", input: { open: true } },
      on: { "modal.closed": { target: "editing", actions: assign({ problems: [] }) } },
    },
    saving: {
      tags: ["busy"],
      description: "The group's changed answers are being saved.",
      invoke: {
        id: "saveGroup",
        src: "saveGroup",
        input: ({ context }) => ({ request: saveRequest(context) }),
        onDone: [
          {
            guard: "savedOk",
            target: "opening",
            actions: [
              {
                type: "notifySaved",
                params: ({ context }) => ({ group: context.groups[context.index]!.name }),
              },
              assign(({ context }) => ({
                complete: completeNow(context),
                index: nextIndex(context),
                first: inView(context, nextIndex(context)),
              })),
            ],
          },
          {
            guard: "serverFoundProblems",
            target: "invalid",
            actions: [
              assign({ problems: ({ event }) => invalidLines(event) }),
              { type: "notifyFailed", params: ({ event }) => ({ text: invalidLines(event).join(" ") }) },
            ],
          },
          { target: "editing" },
        ],
        onError: { target: "editing" },
      },
    },
    noGroups: { description: "The outlet's sub-project asks no questions: No Data Available." },
    failed: {
      description: "The groups or answers could not be read; Retry reads them again.",
      on: { retry: { target: "loadingGroups" } },
    },
  },
});
