/**
 * Validate beside a verifiable answer (spec 001 §2.2, §4.3, §8), run by a fieldVerification actor:
 * the answer's verified state, Validate while it is not verified (only with edit permission), the
 * names the check found (bank and branch, the PAN holder, the GST trade and legal names with the
 * registration status, the account holder), and for an account number its linked IFSC's own
 * Validate. An account check's failure opens a dialog with the server's words (§8).
 */
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { fromPromise } from "xstate";
import type { Answer, AnswerValue } from "../../domain/survey";
import { CHECK_OF_TYPE, type VerifyInput } from "../../domain/verification";
import { verifyAnswer } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { fieldVerificationMachine } from "../../machines/fieldVerification";
import { modalMachine } from "../../machines/modal";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import Modal from "../widgets/Modal";

const verify = fromPromise(({ input, signal }: { input: VerifyInput; signal: AbortSignal }) =>
  runApi(verifyAnswer(input), { signal }),
);
const verificationActors = { verify, verifySecondary: verify };

/** The names an answer holds from an earlier check, labelled as the screen shows them. */
const LABELS: Readonly<Record<string, string>> = {
  other_bank_name: "Bank",
  other_branch_name: "Branch",
  other_pan_holder_name: "PAN holder",
  other_gst_trade_name: "Trade name",
  other_gst_legal_name: "Legal name",
  other_gst_registration_status: "Registration status",
  other_account_holder_name: "Account holder",
};

function Names({ names }: { names: Readonly<Record<string, string | null | undefined>> }) {
  const shown = Object.entries(LABELS).filter(([key]) => names[key]);
  if (shown.length === 0) return null;
  return (
    <dl className="answer-verified-names">
      {shown.map(([key, label]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{names[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

const namesOf = (answer: Answer): Record<string, string | null> =>
  Object.fromEntries(Object.keys(LABELS).map((key) => [key, answer[key as keyof Answer] as string | null]));

export default function AnswerVerification({
  type,
  answer,
  value,
  editable,
  onVerified,
  actors = verificationActors,
}: {
  type: string;
  answer: Answer;
  value: AnswerValue;
  editable: boolean;
  /** A check passed: the outlet's statuses and names may have changed. */
  onVerified: () => void;
  /** The checks; a view test passes its own. */
  actors?: typeof verificationActors;
}) {
  const notify = useNotify();
  const kind = CHECK_OF_TYPE[type]!;
  const account = kind === "bank_account";
  const actor = useLiveActorRef(useProvided(fieldVerificationMachine, { actors }), {
    input: {
      kind,
      answer: answer.id,
      value: answer.single_input ?? "",
      verified: answer.verified,
      secondary: account ? (answer.other_ifsc_code ?? "") : null,
      secondaryVerified: answer.verified_secondary,
    },
  });
  const state = useSelector(actor, (s) => s);
  const failureDialog = useLiveActorRef(modalMachine, { input: { open: false } });
  const ctx = state.context;

  useEffect(
    () => actor.send({ type: "value.change", value: value.single_input }),
    [actor, value.single_input],
  );
  useEffect(() => {
    if (account) actor.send({ type: "secondary.change", value: value.other_ifsc_code });
  }, [actor, account, value.other_ifsc_code]);

  // Each outcome is told once, as it happens.
  useEffect(() => {
    let before = actor.getSnapshot();
    const watch = actor.subscribe((s) => {
      for (const region of ["primary", "secondary"] as const) {
        const was = (before.value as Record<string, string>)[region];
        const now = (s.value as Record<string, string>)[region];
        if (was !== "verifying" || now === was) continue;
        const message = region === "primary" ? s.context.message : s.context.secondaryMessage;
        if (!message) continue;
        if (now === "verified") {
          notify("success", message);
          onVerified();
        } else {
          notify("failed", message);
          if (account && region === "primary") failureDialog.send({ type: "modal.open" });
        }
      }
      before = s;
    });
    return () => watch.unsubscribe();
  }, [actor, account, failureDialog, onVerified, notify]);

  const primary = (state.value as Record<string, string>).primary;
  const secondary = (state.value as Record<string, string>).secondary;
  // Names belong to a verified value only: an edited or failed one shows none of the earlier check's.
  const names: Readonly<Record<string, string | null>> =
    primary !== "verified" ? {} : Object.keys(ctx.names).length ? ctx.names : namesOf(answer);
  return (
    <div className="answer-verification">
      <span
        className={`verification-badge verification-${primary === "verified" ? "verified" : "not-verified"}`}
      >
        {primary === "verified" ? "Verified" : "Not verified"}
      </span>
      {editable && primary !== "verified" && (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={primary === "verifying"}
          onClick={() => actor.send({ type: "validate" })}
        >
          {primary === "verifying" ? "Validating…" : "Validate"}
        </button>
      )}
      {primary === "failed" && ctx.message && (
        <span className="field-error" role="alert">
          {ctx.message}
        </span>
      )}
      <Names names={names} />
      {account && secondary !== "none" && (
        <span className="answer-verification-secondary">
          <span
            className={`verification-badge verification-${secondary === "verified" ? "verified" : "not-verified"}`}
          >
            Linked IFSC {secondary === "verified" ? "verified" : "not verified"}
          </span>
          {editable && secondary !== "verified" && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label="Validate linked IFSC"
              disabled={secondary === "verifying"}
              onClick={() => actor.send({ type: "secondary.validate" })}
            >
              {secondary === "verifying" ? "Validating…" : "Validate IFSC"}
            </button>
          )}
          {secondary === "failed" && ctx.secondaryMessage && (
            <span className="field-error">{ctx.secondaryMessage}</span>
          )}
          {secondary === "verified" && <Names names={ctx.secondaryNames} />}
        </span>
      )}
      {account && (
        <Modal actor={failureDialog} title="Account verification failed">
          <p>{ctx.message}</p>
        </Modal>
      )}
    </div>
  );
}
