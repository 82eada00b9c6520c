import { useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import type { RecoveryAction, RecoveryRequest } from "../../domain/fieldTools/fieldTools";
import { fieldToolKeys } from "../../infra/api/fieldTools";
import { type RecoveryRowEvent, recoveryRequestMachine } from "../../machines/fieldTools/recoveryRequest";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { QuestionDialog } from "../widgets/QuestionDialog";
import { rowCopies } from "../widgets/rowCopies";
import { recoveryRowActors } from "./fieldToolActors";

const BUTTONS: readonly { action: RecoveryAction; label: string; event: RecoveryRowEvent }[] = [
  { action: "confirm", label: "Confirm", event: { type: "request.confirm" } },
  { action: "cancel", label: "Cancel", event: { type: "request.cancel" } },
];

/** What each dialog asks; the safe button is named for what it keeps. */
const ASK: Readonly<
  Record<RecoveryAction, { title: string; question: string; confirmLabel: string; dismissLabel: string }>
> = {
  confirm: {
    title: "Confirm recovery",
    question: "Recover the outlets of this request from the auditor's field app dumps now?",
    confirmLabel: "Confirm recovery",
    dismissLabel: "Not now",
  },
  cancel: {
    title: "Cancel recovery",
    question: "Cancel this request? RSIDs not yet recovered will not be recovered.",
    confirmLabel: "Cancel recovery",
    dismissLabel: "Keep request",
  },
};

/** A recovery request row's actions, driven by its own recoveryRequest machine. */
export default function RecoveryActions({
  request,
  onChanged,
  actors,
}: {
  request: RecoveryRequest;
  onChanged: () => void;
  /** Tests provide fakes. */
  actors?: Partial<ReturnType<typeof recoveryRowActors>>;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const actor = useLiveActorRef(
    useProvided(recoveryRequestMachine, {
      actors: {
        ...recoveryRowActors(),
        tableCopies: rowCopies<RecoveryRequest, RecoveryRowEvent>(
          queryClient,
          fieldToolKeys.recoveries,
          (copy) => ({ type: "request.updated", request: copy }),
        ),
        ...actors,
      },
      actions: {
        notifySuccess: (_, { text }) => notify("success", text),
        notifyFailure: (_, { text }) => notify("failed", text),
        requestsChanged: onChanged,
      },
    }),
    { input: { request } },
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
  const asking = useSelector(actor, (s) => (s.matches("asking") ? s.context.pending : null));
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  return (
    <div className="recovery-actions" aria-busy={busy}>
      {buttons.map((b) => (
        <button
          key={b.action}
          type="button"
          className={b.action === "cancel" ? "button button-secondary" : "button"}
          aria-disabled={!b.enabled || undefined}
          aria-label={`${b.label} request ${request.id}`}
          onClick={() => actor.send(b.event)}
        >
          {b.label}
        </button>
      ))}
      {asking && (
        <QuestionDialog
          title={ASK[asking].title}
          message={ASK[asking].question}
          confirmLabel={ASK[asking].confirmLabel}
          dismissLabel={ASK[asking].dismissLabel}
          onAnswer={(yes) => actor.send({ type: yes ? "dialog.accept" : "dialog.dismiss" })}
        />
      )}
    </div>
  );
}

type Shown = { action: RecoveryAction; enabled: boolean };
const sameButtons = (a: readonly Shown[], b: readonly Shown[]) =>
  a.length === b.length && a.every((x, i) => x.action === b[i]!.action && x.enabled === b[i]!.enabled);
