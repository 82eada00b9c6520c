/**
 * The bulk status modal's extra fields (spec 000 §4.2, §5): how a key is rendered, how several
 * reasons are sent, and the server's checks of what was sent (the modal itself checks nothing).
 */
import { parseIsoDate } from "../shared/format";
import { addFieldError, type FieldErrors, hasOwnKey } from "../shared/requestInput";
import {
  endsBeforeStart,
  endsOnOrAfter,
  inTheFuture,
  isValidUtr,
  moneyProblem,
  NOT_A_NUMBER,
  UTR_FORMAT,
} from "../shared/validation";
import {
  type ActionSpec,
  allowsSeveralReasons,
  DUPLICATE_CHAIN_REASON,
  REASON_DESCRIPTION_FIELD,
  requiresRejectDescription,
} from "./workflowActions";

export type ExtraFieldKind = "text" | "number" | "date" | "reason";

/**
 * Names containing name, number, remarks or amount are text inputs, numeric for number and amount
 * except utr_number; names containing date are a date picker; every other key is a reason dropdown.
 */
export function extraFieldKind(key: string): ExtraFieldKind {
  if (/name|number|remarks|amount/.test(key)) {
    if (key === "utr_number") return "text";
    return /number|amount/.test(key) ? "number" : "text";
  }
  if (key.includes("date")) return "date";
  return "reason";
}

/** Several reasons travel as one semicolon-terminated text: "a;b;". */
export const joinReasons = (reasons: readonly string[]): string => reasons.map((r) => `${r};`).join("");

/** The reasons in a sent reason text (one reason, or a semicolon-terminated list). */
export const splitReasons = (text: string): string[] =>
  text
    .split(";")
    .map((r) => r.trim())
    .filter(Boolean);

/** Whether the chosen reasons reveal the chain RSID checklist. */
export const needsChainConfirmation = (reasonText: string): boolean =>
  splitReasons(reasonText).includes(DUPLICATE_CHAIN_REASON);

/** Whether an action's extra fields include a reason, which brings the reason description. */
export const asksReasonDescription = (extraFieldKeys: readonly string[]): boolean =>
  extraFieldKeys.some((key) => extraFieldKind(key) === "reason");

export const REQUIRED = "This field is required.";
export { NOT_A_NUMBER } from "../shared/validation";
export const NOT_A_DATE = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";
export const UNKNOWN_FIELD = "This action does not take this field.";
export const ONE_REASON_ONLY = "Only one reason can be chosen for this action.";
export const CHAIN_REQUIRED = "Confirm at least one chain RSID for a duplicate outlet.";
const notAChoice = (value: string) => `"${value}" is not a valid choice.`;

export type FieldErrorMap = FieldErrors;

/** The UTR field of a payment, checked against the banks' formats. */
export const UTR_FIELD = "utr_number";
/** Dates that record something already done, so they cannot lie after today. */
export const PAST_DATE_FIELDS: readonly string[] = ["payment_date"];

/** Money fields: numeric fields named for an amount. */
const isMoneyField = (key: string): boolean => extraFieldKind(key) === "number" && key.includes("amount");

/** Pairs of date fields of one action that form a range: `{x}start_date` and `{x}end_date`. */
export function datePairs(keys: readonly string[]): [start: string, end: string][] {
  return keys.flatMap((key): [string, string][] => {
    if (!key.endsWith("start_date")) return [];
    const end = `${key.slice(0, -"start_date".length)}end_date`;
    return keys.includes(end) ? [[key, end]] : [];
  });
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/**
 * The field errors of an action's extra_data, keyed by field name as the 400 body sends them,
 * plus `chain_rsids` when a duplicate-chain reason has no confirmed RSID. Empty when it is fine.
 * `today` (YYYY-MM-DD, where the users are) bounds the dates of things already done.
 */
export function extraDataErrors(
  action: string,
  spec: ActionSpec,
  toState: string,
  extraData: Readonly<Record<string, unknown>>,
  chainRsids: readonly string[],
  today: string,
): FieldErrorMap {
  const errors: FieldErrorMap = {};
  const add = (key: string, message: string) => addFieldError(errors, key, message);
  // Keys come from the caller: only the action's own fields count, never inherited object members.
  const value = (key: string) => (hasOwnKey(extraData, key) ? text(extraData[key]) : "");
  for (const key of Object.keys(extraData)) {
    if (key !== REASON_DESCRIPTION_FIELD && !hasOwnKey(spec.extra_data, key)) add(key, UNKNOWN_FIELD);
  }
  let takesReasons = false;
  const dates = new Map<string, string>();
  for (const [key, field] of Object.entries(spec.extra_data)) {
    const given = value(key);
    const kind = extraFieldKind(key);
    if (!given || (kind === "reason" && splitReasons(given).length === 0)) {
      if (field.required) add(key, REQUIRED);
      continue;
    }
    if (isMoneyField(key)) {
      const problem = moneyProblem(given, field.display_name);
      if (problem) add(key, problem);
    } else if (kind === "number" && !Number.isFinite(Number(given))) add(key, NOT_A_NUMBER);
    if (key === UTR_FIELD && !isValidUtr(given)) add(key, UTR_FORMAT);
    if (kind === "date") {
      if (!parseIsoDate(given)) add(key, NOT_A_DATE);
      else {
        dates.set(key, given);
        if (PAST_DATE_FIELDS.includes(key) && given > today) add(key, inTheFuture(field.display_name));
      }
    }
    if (kind === "reason") {
      takesReasons = true;
      const chosen = splitReasons(given);
      if (chosen.length > 1 && !allowsSeveralReasons(action)) add(key, ONE_REASON_ONLY);
      for (const reason of chosen) {
        if (!field.choices.some((c) => c.key === reason)) add(key, notAChoice(reason));
      }
      if (needsChainConfirmation(given) && chainRsids.length === 0) add("chain_rsids", CHAIN_REQUIRED);
    }
  }
  for (const [start, end] of datePairs(Object.keys(spec.extra_data))) {
    const from = dates.get(start);
    const to = dates.get(end);
    if (from && to && !endsOnOrAfter(from, to)) {
      add(end, endsBeforeStart(spec.extra_data[end]!.display_name, spec.extra_data[start]!.display_name));
    }
  }
  if (takesReasons && requiresRejectDescription(toState) && !value(REASON_DESCRIPTION_FIELD)) {
    add(REASON_DESCRIPTION_FIELD, REQUIRED);
  }
  return errors;
}
