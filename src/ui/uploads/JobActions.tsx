import { useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import {
  type ActivationInfo,
  type BulkUploadJob,
  type JobAction,
  type JobView,
  UPLOAD_MSG,
} from "../../domain/uploads/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import { bulkUploadJobMachine, type JobRowEvent } from "../../machines/uploads/bulkUploadJob";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { QuestionDialog } from "../widgets/QuestionDialog";
import { historyCopies } from "./jobCopies";
import { jobRowActors } from "./uploadActors";

/** The row's buttons in the order they show, with the event each sends. */
const BUTTONS: readonly { action: JobAction; label: string; event: JobRowEvent }[] = [
  { action: "confirm", label: "Confirm", event: { type: "job.confirm" } },
  { action: "payNow", label: UPLOAD_MSG.payNow, event: { type: "job.payNow" } },
  { action: "cancel", label: "Cancel", event: { type: "job.cancel" } },
];

/**
 * What the dialog says for each action. The safe button is named for what it keeps, so "Cancel"
 * never stands beside "Cancel upload".
 */
const ASK: Readonly<
  Record<
    JobAction,
    {
      title: string;
      confirmLabel: string;
      dismissLabel: string;
      question: (info: ActivationInfo | null) => string;
    }
  >
> = {
  confirm: {
    title: "Confirm upload",
    confirmLabel: "Confirm",
    dismissLabel: "Not now",
    question: () => UPLOAD_MSG.confirmQuestion,
  },
  payNow: {
    title: UPLOAD_MSG.payNow,
    confirmLabel: UPLOAD_MSG.payNow,
    dismissLabel: "Not now",
    question: (info) =>
      info
        ? `${info.count} UPI IDs, ${info.amount_in_words}. ${UPLOAD_MSG.payQuestion}`
        : UPLOAD_MSG.payQuestion,
  },
  cancel: {
    title: "Cancel upload",
    confirmLabel: "Cancel upload",
    dismissLabel: "Keep upload",
    question: () => UPLOAD_MSG.cancelQuestion,
  },
};

/** One History row's actions, driven by its own job row machine. */
export default function JobActions({
  job,
  view,
  type,
  place,
  actors,
}: {
  job: BulkUploadJob;
  view: JobView;
  type: UploadTypeKey;
  place: UploadPlace;
  /** Tests provide fakes. */
  actors?: Partial<ReturnType<typeof jobRowActors>>;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const actor = useLiveActorRef(
    useProvided(bulkUploadJobMachine, {
      actors: {
        ...jobRowActors(type, place),
        historyCopies: historyCopies(queryClient, type, place),
        ...actors,
      },
      actions: {
        notifySuccess: (_, { text }) => notify("success", text),
        notifyFailure: (_, { text }) => notify("failed", text),
        jobChanged: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
      },
    }),
    { input: { job, view } },
  );
  // A button shows while the machine takes its event, and stays (unpressable) while its own
  // question or request is under way, so focus can return to it.
  const buttons = useSelector(
    actor,
    (s) =>
      BUTTONS.filter((b) => s.can(b.event) || s.context.pending === b.action).map((b) => ({
        ...b,
        enabled: s.can(b.event),
      })),
    sameButtons,
  );
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const asking = useSelector(actor, (s) => (s.matches("asking") ? s.context.pending : null));
  const info = useSelector(actor, (s) => s.context.info);
  return (
    <div className="job-actions" aria-busy={busy}>
      {buttons.map((b) => (
        <button
          key={b.action}
          type="button"
          className={b.action === "cancel" ? "button button-secondary" : "button"}
          aria-disabled={!b.enabled || undefined}
          aria-label={`${b.label} upload ${job.id}`}
          onClick={() => actor.send(b.event)}
        >
          {b.label}
        </button>
      ))}
      {asking && (
        <QuestionDialog
          title={ASK[asking].title}
          message={ASK[asking].question(info)}
          confirmLabel={ASK[asking].confirmLabel}
          dismissLabel={ASK[asking].dismissLabel}
          onAnswer={(yes) => actor.send({ type: yes ? "dialog.accept" : "dialog.dismiss" })}
        />
      )}
    </div>
  );
}

type Shown = { action: JobAction; enabled: boolean };
const sameButtons = (a: readonly Shown[], b: readonly Shown[]) =>
  a.length === b.length && a.every((x, i) => x.action === b[i]!.action && x.enabled === b[i]!.enabled);
