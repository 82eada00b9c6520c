import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { type BulkUploadJob, type JobView, jobActions, UPLOAD_MSG } from "../../domain/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import { bulkUploadJobMachine } from "../../machines/bulkUploadJob";
import { modalMachine } from "../../machines/modal";
import { notify } from "../notifications/notifier";
import { ConfirmDialog } from "../widgets/Modal";
import { jobRowActors } from "./uploadActors";

const LABELS = { confirm: "Confirm", cancel: "Cancel", payNow: UPLOAD_MSG.payNow } as const;

/** The question the dialog asks; every one says it cannot be undone. */
function Question({
  pending,
  info,
}: {
  pending: string | null;
  info: { count: number; amount_in_words: string } | null;
}) {
  if (pending === "confirm") return <>{UPLOAD_MSG.confirmQuestion}</>;
  if (pending === "payNow" && info)
    return (
      <>
        {info.count} UPI IDs, {info.amount_in_words}. {UPLOAD_MSG.payQuestion}
      </>
    );
  return <>{UPLOAD_MSG.cancelQuestion}</>;
}

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
  const queryClient = useQueryClient();
  const actor = useActorRef(
    bulkUploadJobMachine.provide({
      actors: { ...jobRowActors(type, place), ...actors },
      actions: {
        notifySuccess: (_, { text }) => notify("success", text),
        notifyFailure: (_, { text }) => notify("failed", text),
        jobChanged: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
      },
    }),
    { input: { job, view } },
  );
  useEffect(() => actor.send({ type: "job.updated", job }), [actor, job]);
  const { value, pending, info } = useSelector(actor, (s) => ({
    value: s.value,
    pending: s.context.pending,
    info: s.context.info,
  }));
  const busy = value === "acting" || value === "loadingInfo";
  const actions = jobActions(job, view);
  if (actions.length === 0) return null;
  return (
    <div className="job-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === "cancel" ? "button button-secondary" : "button"}
          disabled={busy}
          aria-label={`${LABELS[action]} upload ${job.id}`}
          onClick={() =>
            actor.send({
              type: action === "confirm" ? "job.confirm" : action === "cancel" ? "job.cancel" : "job.payNow",
            })
          }
        >
          {LABELS[action]}
        </button>
      ))}
      {value === "asking" && (
        <AskDialog
          pending={pending}
          info={info}
          onAnswer={(yes) => actor.send({ type: yes ? "dialog.accept" : "dialog.dismiss" })}
        />
      )}
    </div>
  );
}

function AskDialog({
  pending,
  info,
  onAnswer,
}: {
  pending: string | null;
  info: { count: number; amount_in_words: string } | null;
  onAnswer: (yes: boolean) => void;
}) {
  const modal = useActorRef(modalMachine, { input: { open: true } });
  // Closing the dialog any way other than its confirm button is a no.
  useEffect(() => {
    let answered = false;
    const sub = modal.subscribe((s) => {
      if (s.value === "closed" && !answered) {
        answered = true;
        onAnswer(false);
      }
    });
    return () => sub.unsubscribe();
  }, [modal, onAnswer]);
  const title = pending === "confirm" ? "Confirm upload" : pending === "payNow" ? "Pay Now" : "Cancel upload";
  // Rendered at the page level, not inside the table cell that holds the buttons.
  return createPortal(
    <ConfirmDialog
      actor={modal}
      title={title}
      message={<Question pending={pending} info={info} />}
      confirmLabel={
        pending === "cancel" ? "Cancel upload" : pending === "payNow" ? UPLOAD_MSG.payNow : "Confirm"
      }
      onConfirm={() => onAnswer(true)}
    />,
    document.body,
  );
}
