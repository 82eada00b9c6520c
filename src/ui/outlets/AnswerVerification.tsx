/**
 * Validate beside a verifiable answer (spec 001 §2.2, §4.3, §8), run by a fieldVerification actor:
 * the answer's verified state, Validate while it is not verified (only with edit permission), the
 * names the check found (bank and branch, the PAN holder, the GST trade and legal names with the
 * registration status, the account holder), and for an account number its linked IFSC's own
 * Validate. An account check's failure opens a dialog with the server's words (§8).
 */
import { useSelector } from "@xstate/react";
import { fromCallback, fromPromise } from "xstate";
import type { Answer, AnswerValue } from "../../domain/survey/survey";
import { CHECK_OF_TYPE, type VerifyInput } from "../../domain/verification/verification";
import { verifyAnswer } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { modalMachine } from "../../machines/shared/modal";
import {
  type FieldVerificationEvent,
  fieldVerificationMachine,
} from "../../machines/verification/fieldVerification";
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

/** Calls back with the answer's value now and after each edit or reset; returns the unsubscribe. */
export type AnswerEdits = (listen: (value: AnswerValue) => void) => () => void;

/** The machine hears the answer's own value and, for an account number, its linked IFSC, as each changes. */
const valueEdits = (edits: AnswerEdits, account: boolean) =>
  fromCallback(({ sendBack }) => {
    let last: AnswerValue | null = null;
    return edits((value) => {
      if (value.single_input !== last?.single_input)
        sendBack({ type: "value.change", value: value.single_input } satisfies FieldVerificationEvent);
      if (account && value.other_ifsc_code !== last?.other_ifsc_code)
        sendBack({ type: "secondary.change", value: value.other_ifsc_code } satisfies FieldVerificationEvent);
      last = value;
    });
  });

const namesOf = (answer: Answer): Record<string, string | null> =>
  Object.fromEntries(Object.keys(LABELS).map((key) => [key, answer[key as keyof Answer] as string | null]));

export default function AnswerVerification({
  type,
  answer,
  edits,
  editable,
  onVerified,
  actors = verificationActors,
}: {
  type: string;
  answer: Answer;
  /** The answer's value as it is edited. */
  edits: AnswerEdits;
  editable: boolean;
  /** A check passed: the outlet's statuses and names may have changed. */
  onVerified: () => void;
  /** The checks; a view test passes its own. */
  actors?: typeof verificationActors;
}) {
  const notify = useNotify();
  const kind = CHECK_OF_TYPE[type]!;
  const account = kind === "bank_account";
  const failureDialog = useLiveActorRef(modalMachine, { input: { open: false } });
  // Each outcome is told once, as it happens.
  const actor = useLiveActorRef(
    useProvided(fieldVerificationMachine, {
      actors: { ...actors, valueEdits: valueEdits(edits, account) },
      actions: {
        checkPassed: (_, { message }) => {
          notify("success", message);
          onVerified();
        },
        checkFailed: (_, { region, message }) => {
          notify("failed", message);
          if (account && region === "primary") failureDialog.send({ type: "modal.open" });
        },
      },
    }),
    {
      input: {
        kind,
        answer: answer.id,
        value: answer.single_input ?? "",
        verified: answer.verified,
        secondary: account ? (answer.other_ifsc_code ?? "") : null,
        secondaryVerified: answer.verified_secondary,
      },
    },
  );
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;

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
