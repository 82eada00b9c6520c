/**
 * Every machine with typed fixtures for every event and actor result. The chart generator and the
 * generated graph tests read only this list: a new machine joins by adding an entry.
 */
import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom } from "xstate";
import type { ActionsConfigResponse } from "../domain/actionsConfig";
import { CODE_SPENT_DETAIL, type LoginOutcome, type UserDetails } from "../domain/auth";
import type { BulkUploadJob } from "../domain/bulkUpload";
import { OUTLET_STATES, SUB_PROJECT_TYPES } from "../domain/outletStates";
import { WORKFLOW_ROLES, workflowPermission } from "../domain/permissions";
import { DUPLICATE_CHAIN_REASON, REASON_FIELD, SPECIAL_ACTIONS } from "../domain/workflowActions";
import { appStartMachine } from "./appStart";
import { bulkStatusUpdateMachine } from "./bulkStatusUpdate";
import { bulkUploadJobMachine } from "./bulkUploadJob";
import { bulkUploadScreenMachine } from "./bulkUploadScreen";
import { dataTableMachine } from "./dataTable";
import { excelUploadMachine } from "./excelUpload";
import { filterDrawerMachine } from "./filterDrawer";
import { forgotPasswordMachine } from "./forgotPassword";
import { modalMachine } from "./modal";
import { notificationMachine } from "./notification";
import { outletReviewMachine } from "./outletReview";
import { sampleOutletReview, sampleQcEditHistory } from "./outletReviewFixtures";
import { OUTLET_WORKFLOWS } from "./outletWorkflow";
import { actionsConfigFor } from "./outletWorkflowConfig";
import { passwordExpiryMachine } from "./passwordExpiry";
import { signInMachine } from "./signIn";

export type MachineEntry = {
  id: string;
  machine: AnyStateMachine;
  /** Inputs to start from; one traversal per input. */
  inputs?: readonly unknown[];
  /** One sample of every event the machine takes, actor results and timers included. */
  events: readonly EventObject[];
  /**
   * Which part of the context tells states apart when paths are generated (default: all of it).
   * Machines whose guards never read context can say `null`: their paths then follow state values,
   * which keeps the number of paths small when the context has many combinations.
   */
  contextKey?: ((context: never) => unknown) | null;
};

/** Results of invoked actors and timers, which the machine receives as events. */
type ActorResult =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

const done = (actorId: string, output: unknown): ActorResult => ({
  type: `xstate.done.actor.${actorId}`,
  output,
});
const error = (actorId: string): ActorResult => ({
  type: `xstate.error.actor.${actorId}`,
  error: new Error("unexpected"),
});

/** Type-checks an entry's fixtures against its machine's own events and input. */
function entry<M extends AnyStateMachine>(e: {
  id: string;
  machine: M;
  inputs?: readonly InputFrom<M>[];
  events: readonly (EventFromLogic<M> | ActorResult)[];
  contextKey?: MachineEntry["contextKey"];
}): MachineEntry {
  return e;
}

export const sampleUser: UserDetails = {
  id: 2,
  username: "qc.manager",
  name: "Meera Kulkarni",
  email: "qc.manager@retailscan.in",
  phone_number: "9820007919",
  organisation: { id: 1, name: "Retail Scan", kind: "internal" },
  roles: ["qc-manager"],
  permissions: ["qc-manager-dashboard-permission", "qc-manager-workflow-permission"],
  considered_workflow_permission: "qc-manager-workflow-permission",
};

const conflictBody = {
  code: "session_conflict",
  detail: "You are already logged in on another device. Logout all sessions to continue.",
  login_username: "qc.manager",
  platform: "web",
  active_sessions: 1,
} as const;

export const loginOutcomes: Record<LoginOutcome["type"], LoginOutcome> = {
  signedIn: {
    type: "signedIn",
    user: sampleUser,
    response: {
      sessionid: "token",
      username: "qc.manager",
      password_expired: false,
      user_data: { phone_number: null },
    },
  },
  invalid: { type: "invalid", fieldErrors: {}, detail: "Invalid username or password." },
  locked: { type: "locked", detail: "Too many failed attempts. Try again in 15 minutes." },
  passwordExpired: { type: "passwordExpired", username: "expired.user" },
  conflict: { type: "conflict", body: conflictBody },
};

/** Two retail audit outlets waiting for QC, and the actions a QC manager is offered. */
export const sampleBulkOutlets = [
  { id: 1, rsid: "RS000001", workflow_state: "qc_pending", subProject: "retail_audit", version: 1 },
  { id: 17, rsid: "RS000017", workflow_state: "qc_pending", subProject: "retail_audit", version: 1 },
] as const;
export const sampleActionsConfig: ActionsConfigResponse = actionsConfigFor(workflowPermission("qc-manager"));

/** Every action taken under each workflow permission, and under none, so each guard says yes and no. */
const workflowPermissions = [...WORKFLOW_ROLES.map(workflowPermission), null];
const workflowEvents = [
  ...OUTLET_STATES,
  ...(Object.keys(SPECIAL_ACTIONS) as (keyof typeof SPECIAL_ACTIONS)[]),
].flatMap((type) => workflowPermissions.map((permission) => ({ type, permission })));

export const sampleJob: BulkUploadJob = {
  id: 41,
  object_type: "regions",
  file: "/api/files/7/regions.xlsx",
  file_name: "regions.xlsx",
  config: { sub_project: null, sub_project_id: null },
  created_by: { name: "Asha Admin" },
  created: "2026-11-20T10:00:00.000Z",
  status: "completed",
  total_objects: 5,
  total_clean_objects: 3,
  total_unclean_objects: 2,
  total_validated_objects: 5,
  celery_queue_index: 0,
  celery_queue_length: 0,
  clean_objects_media_path: "/api/files/8/regions_clean.xlsx",
  unclean_objects_media_path: "/api/files/9/regions_unclean.xlsx",
  progress: 5,
  message: null,
  export_job_id: null,
};

const sampleFile = new File(["sheet"], "regions.xlsx");

export const machineRegistry: readonly MachineEntry[] = [
  entry({
    id: "appStart",
    machine: appStartMachine,
    events: [
      { type: "app.started", path: "/dashboard", search: "?open_store=1", storedUserName: null },
      { type: "app.started", path: "/dashboard/pp-outlet-details/acme/7", search: "", storedUserName: null },
      { type: "app.started", path: "/dashboard", search: "", storedUserName: "qc.manager" },
      { type: "app.started", path: "/login", search: "", storedUserName: null },
      { type: "app.started", path: "/retailers/outlets-list", search: "", storedUserName: null },
      done("fetchUserInfo", sampleUser),
      error("fetchUserInfo"),
      { type: "session.started", user: sampleUser },
      { type: "session.ended" },
    ],
  }),
  entry({
    id: "signIn",
    machine: signInMachine,
    events: [
      { type: "username.change", value: "qc.manager" },
      { type: "password.change", value: "Demo@12345" },
      { type: "login.submit" },
      { type: "conflict.restored", body: conflictBody },
      { type: "logoutAll.submit" },
      ...Object.values(loginOutcomes).map((o) => done("login", o)),
      error("login"),
      done("logoutAll", undefined),
      error("logoutAll"),
    ],
  }),
  entry({
    id: "forgotPassword",
    machine: forgotPasswordMachine,
    events: [
      { type: "username.change", value: "qc.manager" },
      { type: "code.request" },
      { type: "code.change", value: "123456" },
      { type: "code.submit" },
      { type: "code.resend" },
      { type: "newPassword.change", value: "Fresh@2026x" },
      { type: "confirmPassword.change", value: "Fresh@2026x" },
      { type: "password.submit" },
      done("sendCode", { type: "ok", detail: "sent" }),
      done("sendCode", {
        type: "invalid",
        fieldErrors: { login_username: ["This field may not be blank."] },
        detail: null,
      }),
      error("sendCode"),
      done("verifyCode", { type: "verified", resetToken: "reset" }),
      done("verifyCode", {
        type: "invalid",
        fieldErrors: { code_value: ["Invalid or expired code."] },
        detail: null,
      }),
      done("verifyCode", { type: "spent", detail: CODE_SPENT_DETAIL }),
      error("verifyCode"),
      done("changePassword", { type: "ok", detail: "changed" }),
      done("changePassword", { type: "invalid", fieldErrors: {}, detail: "This reset link has expired." }),
      error("changePassword"),
    ],
  }),
  entry({
    id: "outletReview",
    machine: outletReviewMachine,
    inputs: [
      { slug: "RS000004", role: "qc-manager", built: ["Log Details", "QC Edit History"] },
      { slug: "RS000004", role: "iftu-manager", built: ["Log Details", "QC Edit History"] },
    ],
    events: [
      done("loadOutlet", { type: "ok", outlet: sampleOutletReview, history: sampleQcEditHistory }),
      done("loadOutlet", { type: "notFound" }),
      error("loadOutlet"),
      { type: "tab.select", index: 5 },
      { type: "tab.select", index: 0 },
      { type: "edit.decide", action: "accept" },
      done("decideEdit", { type: "ok", detail: "Address, Phone number 1 edit accepted" }),
      done("decideEdit", {
        type: "refused",
        detail: "This outlet has no previous address or phone edit waiting for a decision.",
      }),
      error("decideEdit"),
      { type: "status.changed" },
      { type: "retry" },
    ],
    contextKey: (c: { tab: number | null; workflowStateChanged: boolean; outlet: unknown }) => [
      c.tab,
      c.workflowStateChanged,
      c.outlet !== null,
    ],
  }),
  entry({
    id: "passwordExpiry",
    machine: passwordExpiryMachine,
    inputs: [{ username: "expired.user" }],
    events: [
      { type: "field.change", field: "oldPassword", value: "Demo@12345" },
      { type: "field.change", field: "newPassword", value: "Renewed@2026" },
      { type: "field.change", field: "confirmPassword", value: "Renewed@2026" },
      { type: "password.submit" },
      done("changeExpiredPassword", { type: "ok", detail: "changed" }),
      done("changeExpiredPassword", {
        type: "invalid",
        fieldErrors: { old_password: ["wrong"] },
        detail: null,
      }),
      error("changeExpiredPassword"),
    ],
  }),
  entry({
    id: "notification",
    machine: notificationMachine,
    events: [
      { type: "notification.show", kind: "success", text: "Saved" },
      { type: "notification.show", kind: "failed", text: "Request timed out!" },
      { type: "notification.close" },
      { type: "xstate.after.notificationHide.notification.shown" },
    ],
  }),
  entry({
    id: "dataTable",
    machine: dataTableMachine,
    contextKey: null,
    inputs: [{}],
    events: [
      { type: "page.go", page: 2 },
      { type: "pageSize.change", pageSize: 50 },
      { type: "sort.toggle", key: "name" },
      { type: "search.type", text: "kirana" },
      { type: "xstate.after.searchDebounce.dataTable.debouncing" },
      { type: "row.toggle", id: "1" },
      { type: "page.toggleAll", ids: ["1", "2"] },
      { type: "selection.clear" },
      { type: "filters.toggle" },
      { type: "view.restore", query: { page: 1, pageSize: 15, sort: null, search: "" } },
    ],
  }),
  entry({
    id: "modal",
    machine: modalMachine,
    contextKey: null,
    inputs: [{}, { open: false }, { noExit: true }],
    events: [
      { type: "modal.open" },
      { type: "modal.close" },
      { type: "modal.escape" },
      { type: "xstate.after.modalExit.modal.closing" },
    ],
  }),
  entry({
    id: "filterDrawer",
    machine: filterDrawerMachine,
    contextKey: null,
    inputs: [{}],
    events: [
      { type: "drawer.open" },
      { type: "drawer.close" },
      done("loadOptions", { status: [{ label: "QC Pending", value: "qc_pending" }] }),
      error("loadOptions"),
      { type: "option.toggle", key: "status", value: "qc_pending" },
      { type: "range.set", key: "created", range: { from: "2026-11-21", to: "2026-11-22" } },
      { type: "invoiceFrom.set", key: "invoice_date", date: "2026-01-01" },
      { type: "invoiceTo.set", key: "invoice_date", date: "2026-03-01" },
      { type: "toggle.flip", key: "include_temp" },
      { type: "filters.clear" },
      { type: "filters.apply" },
    ],
  }),
  ...SUB_PROJECT_TYPES.map((type) =>
    entry({
      id: `outletWorkflow_${type}`,
      machine: OUTLET_WORKFLOWS[type],
      contextKey: null,
      events: workflowEvents,
    }),
  ),
  entry({
    id: "bulkStatusUpdate",
    machine: bulkStatusUpdateMachine,
    inputs: [{ outlets: sampleBulkOutlets, config: sampleActionsConfig }],
    contextKey: (c: { action: string | null; chain: unknown }) => ({
      action: c.action !== null,
      chain: c.chain !== null,
    }),
    events: [
      { type: "action.choose", action: "qc_rejected" },
      { type: "field.change", key: REASON_FIELD, value: DUPLICATE_CHAIN_REASON },
      { type: "field.change", key: "remarks", value: "Checked" },
      { type: "reason.toggle", key: REASON_FIELD, reason: DUPLICATE_CHAIN_REASON },
      { type: "reason.toggle", key: REASON_FIELD, reason: "images_not_clear" },
      { type: "description.change", value: "Same owner as RS000002" },
      { type: "chain.toggle", rsid: "RS000002" },
      { type: "status.save" },
      { type: "error.retry" },
      { type: "done.okay" },
      done("loadChain", [{ rsid: "RS000002", name: "Sri Balaji Kirana" }]),
      error("loadChain"),
      done("saveStatus", { type: "done", detail: "Updated 2 outlets." }),
      done("saveStatus", {
        type: "invalid",
        lines: ["related_workflow_reasons_description: This field is required."],
      }),
      error("saveStatus"),
    ],
  }),
  entry({
    id: "bulkUploadJob",
    machine: bulkUploadJobMachine,
    inputs: [
      { job: sampleJob, view: "standard" },
      { job: { ...sampleJob, total_clean_objects: 0 }, view: "standard" },
      { job: { ...sampleJob, status: "processing" }, view: "standard" },
      { job: sampleJob, view: "payment" },
    ],
    contextKey: (c: { job: BulkUploadJob; view: string; pending: string | null }) => [
      c.job.status,
      c.job.total_clean_objects > 0,
      c.view,
      c.pending,
    ],
    events: [
      { type: "job.confirm" },
      { type: "job.cancel" },
      { type: "job.payNow" },
      { type: "dialog.accept" },
      { type: "dialog.dismiss" },
      { type: "job.updated", job: { ...sampleJob, status: "cancelled" } },
      done("runAction", {
        type: "done",
        detail: "Upload confirmed. The rows have been applied.",
        exportJobId: null,
      }),
      done("runAction", {
        type: "refused",
        detail: "Only a completed upload with clean rows can be confirmed.",
      }),
      error("runAction"),
      done("loadActivationInfo", { count: 2, amount_in_words: "Rupees One Thousand Only" }),
      error("loadActivationInfo"),
    ],
  }),
  entry({
    id: "bulkUploadScreen",
    machine: bulkUploadScreenMachine,
    contextKey: null,
    events: [
      { type: "file.chosen", file: sampleFile },
      { type: "upload.reset" },
      done("uploadFile", { type: "accepted", job: { ...sampleJob, status: "processing" } }),
      done("uploadFile", { type: "rejected", message: "Only Excel files (.xlsx, .xls) can be uploaded." }),
      error("uploadFile"),
      { type: "xstate.after.jobPoll.bulkUploadScreen.processing" },
      done("fetchJob", sampleJob),
      done("fetchJob", { ...sampleJob, status: "processing" }),
      done("fetchJob", { ...sampleJob, status: "failed", message: "Expected header: name." }),
      error("fetchJob"),
    ],
  }),
  entry({
    id: "excelUpload",
    machine: excelUploadMachine,
    contextKey: (c: { job: BulkUploadJob | null }) => (c.job ? c.job.total_clean_objects > 0 : null),
    events: [
      { type: "drag.enter" },
      { type: "drag.leave" },
      { type: "files.dropped", files: [sampleFile, new File(["x"], "second.xlsx")] },
      { type: "files.dropped", files: [new File(["x"], "notes.txt")] },
      { type: "files.dropped", files: [] },
      { type: "file.chosen", file: sampleFile },
      { type: "file.chosen", file: new File(["x"], "notes.txt") },
      { type: "merge.submit" },
      { type: "back.go" },
      { type: "upload.reset" },
      done("uploadFile", { type: "accepted", job: { ...sampleJob, status: "processing" } }),
      done("uploadFile", { type: "rejected", message: "Only Excel files (.xlsx, .xls) can be uploaded." }),
      error("uploadFile"),
      { type: "xstate.after.jobPoll.excelUpload.processing" },
      done("fetchJob", sampleJob),
      done("fetchJob", { ...sampleJob, total_clean_objects: 0 }),
      done("fetchJob", { ...sampleJob, status: "processing" }),
      done("fetchJob", { ...sampleJob, status: "failed", message: "Expected header: name." }),
      error("fetchJob"),
      done("activate", {
        type: "done",
        detail: "Upload confirmed. The rows have been applied.",
        exportJobId: 7,
      }),
      done("activate", {
        type: "refused",
        detail: "Only a completed upload with clean rows can be confirmed.",
      }),
      error("activate"),
    ],
  }),
];
