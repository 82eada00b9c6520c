/**
 * The bulk status modal's extra fields (spec 000 §4.2, §5): how a key is rendered, how several
 * reasons are sent, and the server's checks of what was sent (the modal itself checks nothing).
 */
import { parseIsoDate } from "./format";
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
export const NOT_A_NUMBER = "A valid number is required.";
export const NOT_A_DATE = "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.";
export const UNKNOWN_FIELD = "This action does not take this field.";
export const ONE_REASON_ONLY = "Only one reason can be chosen for this action.";
export const CHAIN_REQUIRED = "Confirm at least one chain RSID for a duplicate outlet.";
const notAChoice = (value: string) => `"${value}" is not a valid choice.`;

export type FieldErrorMap = Record<string, string[]>;

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/**
 * The field errors of an action's extra_data, keyed by field name as the 400 body sends them,
 * plus `chain_rsids` when a duplicate-chain reason has no confirmed RSID. Empty when it is fine.
 */
export function extraDataErrors(
  action: string,
  spec: ActionSpec,
  toState: string,
  extraData: Readonly<Record<string, unknown>>,
  chainRsids: readonly string[],
): FieldErrorMap {
  const errors: FieldErrorMap = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const key of Object.keys(extraData)) {
    if (key !== REASON_DESCRIPTION_FIELD && !(key in spec.extra_data)) add(key, UNKNOWN_FIELD);
  }
  let takesReasons = false;
  for (const [key, field] of Object.entries(spec.extra_data)) {
    const value = text(extraData[key]);
    if (!value) {
      if (field.required) add(key, REQUIRED);
      continue;
    }
    const kind = extraFieldKind(key);
    if (kind === "number" && !Number.isFinite(Number(value))) add(key, NOT_A_NUMBER);
    if (kind === "date" && !parseIsoDate(value)) add(key, NOT_A_DATE);
    if (kind === "reason") {
      takesReasons = true;
      const chosen = splitReasons(value);
      if (chosen.length > 1 && !allowsSeveralReasons(action)) add(key, ONE_REASON_ONLY);
      for (const reason of chosen) {
        if (!field.choices.some((c) => c.key === reason)) add(key, notAChoice(reason));
      }
      if (needsChainConfirmation(value) && chainRsids.length === 0) add("chain_rsids", CHAIN_REQUIRED);
    }
  }
  if (takesReasons && requiresRejectDescription(toState) && !text(extraData[REASON_DESCRIPTION_FIELD])) {
    add(REASON_DESCRIPTION_FIELD, REQUIRED);
  }
  return errors;
}
