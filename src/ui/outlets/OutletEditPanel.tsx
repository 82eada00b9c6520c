/**
 * Edit Outlet Information (spec 001 §2.5, §5.5), driven by the outletEdit machine: the outlet's
 * fields, the bank account type (with the ownership proof it may ask for), proof images per kind
 * and Submit; problems show under their fields. Sent, the screen returns to the outlet's main tab.
 */
import { useSelector } from "@xstate/react";
import { maskNumber } from "../../domain/ekyc/fieldUser";
import {
  BANK_ACCOUNT_TYPES,
  type EditValues,
  FIELD_LABELS,
  PROOF_KINDS,
  PROOF_LABELS,
  type ProofKind,
  showsOwnershipProof,
  TEXT_FIELDS,
  type TextField,
} from "../../domain/outlets/outletEdit";
import type { OutletReview } from "../../domain/outlets/outletReview";
import type { QuestionType } from "../../domain/survey/survey";
import { filterInput } from "../../domain/survey/surveyValidation";
import { outletEditMachine } from "../../machines/outlets/outletEdit";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { outletEditActors } from "./retailerActors";

/** The form's starting values: the outlet as the review screen read it. */
export function editValuesOf(outlet: OutletReview): EditValues {
  const wo = outlet.workflow_object;
  return {
    address: outlet.address,
    pin_code: outlet.pin,
    email: outlet.email ?? "",
    phone_number1: outlet.phone_number1,
    phone_number2: outlet.phone_number2 ?? "",
    dob: outlet.dob ?? "",
    bank_account_type: outlet.bank_account_type ?? "",
    account_number: wo.account_number ?? "",
    account_holder_name: wo.account_holder_name ?? "",
    bank: wo.bank ?? "",
    ifsc_code: wo.ifsc_code ?? "",
    gst_number: outlet.gst_number,
    pan_number: outlet.pan_number,
  };
}

/** The answer type whose input filter (001 §5.2) a field shares. */
const FILTER_OF: Partial<Record<TextField, QuestionType>> = {
  pin_code: "pin_code",
  phone_number1: "phone_number",
  phone_number2: "phone_number",
  account_number: "account_number",
  ifsc_code: "ifsc_code",
  gst_number: "gst_number",
  pan_number: "pan_number",
};

type Props = {
  slug: string;
  /** The form's starting values (editValuesOf the outlet). */
  values: EditValues;
  /** A retailer request is pending: Submit waits for its decision (001 §4.4). */
  savingBlocked: boolean;
  onSaved: () => void;
  actors?: typeof outletEditActors;
  /** Numbers shown masked while unchanged, each with Replace to type a new one (the retailer's form). */
  masked?: readonly TextField[];
};

export default function OutletEditPanel({
  slug,
  values,
  savingBlocked,
  onSaved,
  actors = outletEditActors,
  masked = [],
}: Props) {
  const notify = useNotify();
  const actor = useLiveActorRef(
    useProvided(outletEditMachine, {
      actors,
      actions: { notifySuccess: (_, { text }) => notify("success", text), saved: onSaved },
    }),
    { input: { slug, values } },
  );
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const busy = state.hasTag("busy");
  const errorsOf = (key: string) =>
    c.errors[key]?.length ? (
      <ul className="field-errors" id={`edit-${key}-errors`}>
        {c.errors[key]!.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : null;
  const kinds = PROOF_KINDS.filter(
    (k) => k !== "ownership_proof" || showsOwnershipProof(c.values.bank_account_type),
  );
  return (
    <form
      className="outlet-edit"
      aria-busy={busy}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: "submit" });
      }}
    >
      <div className="outlet-edit-fields">
        {TEXT_FIELDS.map((field) => {
          const id = `edit-${field}`;
          const locked = c.locked.includes(field);
          const common = {
            id,
            value: c.values[field],
            readOnly: locked,
            "aria-invalid": c.errors[field] ? true : undefined,
            "aria-describedby": c.errors[field] ? `${id}-errors` : undefined,
            onBlur: () => actor.send({ type: "field.blur", field }),
          };
          return (
            <div key={field} className="outlet-edit-field">
              <label htmlFor={id}>
                {FIELD_LABELS[field]}
                {locked && <span className="outlet-edit-locked"> (locked)</span>}
              </label>
              {masked.includes(field) && c.values[field] !== "" && c.values[field] === values[field] ? (
                <span className="outlet-edit-masked">
                  <input id={id} value={maskNumber(c.values[field])} readOnly />
                  {!locked && (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Replace ${FIELD_LABELS[field]}`}
                      onClick={() => {
                        actor.send({ type: "field.change", field, value: "" });
                        // The field's own input replaces this one: put the caret in it.
                        requestAnimationFrame(() => document.getElementById(id)?.focus());
                      }}
                    >
                      Replace
                    </button>
                  )}
                </span>
              ) : field === "bank_account_type" ? (
                <select
                  {...common}
                  onChange={(e) => actor.send({ type: "field.change", field, value: e.target.value })}
                >
                  <option value="">Choose</option>
                  {BANK_ACCOUNT_TYPES.map((t) => (
                    <option key={t.type} value={t.type}>
                      {t.type}
                    </option>
                  ))}
                </select>
              ) : field === "address" ? (
                <textarea
                  {...common}
                  onChange={(e) => actor.send({ type: "field.change", field, value: e.target.value })}
                />
              ) : (
                <input
                  {...common}
                  type={field === "dob" ? "date" : field === "email" ? "email" : "text"}
                  onChange={(e) => {
                    const type = FILTER_OF[field];
                    const value = type ? filterInput(type, e.target.value) : e.target.value;
                    actor.send({ type: "field.change", field, value });
                  }}
                />
              )}
              {errorsOf(field)}
            </div>
          );
        })}
      </div>
      <fieldset className="outlet-edit-proofs">
        <legend>Proof images (at most 3 of each)</legend>
        {kinds.map((kind: ProofKind) => (
          <div key={kind} className="outlet-edit-proof">
            <label htmlFor={`proof-${kind}`}>{PROOF_LABELS[kind]}</label>
            <input
              id={`proof-${kind}`}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) actor.send({ type: "image.add", kind, file });
                e.target.value = "";
              }}
            />
            <ul className="outlet-edit-thumbs">
              {c.images[kind].map((img, i) => (
                <li key={img.id}>
                  <img src={img.image} alt={`${PROOF_LABELS[kind]} ${i + 1}`} />
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => actor.send({ type: "image.remove", kind, id: img.id })}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            {errorsOf(kind)}
          </div>
        ))}
      </fieldset>
      {errorsOf("non_field_errors")}
      <button type="submit" className="button" disabled={busy || savingBlocked}>
        {state.matches("submitting") ? "Submitting…" : "Submit"}
      </button>
    </form>
  );
}
