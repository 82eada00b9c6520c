/**
 * The server's 400 lines ("field: message", spec 000 §5) read back for a form: which field each
 * line belongs to and the field's label in words a user reads, so a form can show each message
 * next to its field and the lines themselves without raw keys.
 */
import { REASON_DESCRIPTION_FIELD } from "./workflowActions";

export type FieldLine = {
  /** The field named by the line; null for a line that names no field. */
  readonly field: string | null;
  readonly message: string;
};

// Field names as a 400 body spells them: words joined by underscores, nested ones by dots.
const FIELD_LINE = /^([A-Za-z][\w.]*): (.*)$/s;

/** One "field: message" line as its field and message. */
export function readFieldLine(line: string): FieldLine {
  const match = FIELD_LINE.exec(line);
  return match ? { field: match[1]!, message: match[2]! } : { field: null, message: line };
}

/** The labels of the bulk status payload's own fields, as the modal shows them. */
export const BULK_FIELD_LABELS: Readonly<Record<string, string>> = {
  action_type: "Status",
  object_ids: "Selected outlets",
  object_versions: "Selected outlets",
  select_all: "Selected outlets",
  chain_rsids: "Chain RSIDs",
  extra_data: "Extra fields",
  [REASON_DESCRIPTION_FIELD]: "Reason description",
};

/** "route_plan_end_date" as "Route plan end date": a key no label is known for. */
export const humanizeKey = (key: string): string => {
  const words = key.split(/[_.]+/).filter(Boolean).join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field's label: the form's own label for it, else a known one, else its key in words. */
export function fieldLabel(field: string, labels: Readonly<Record<string, string>>): string {
  return labels[field] ?? BULK_FIELD_LABELS[field] ?? humanizeKey(field);
}

/**
 * The line as a user reads it: "UTR number: Enter the bank's UTR ..." instead of "utr_number: ...";
 * a message that already begins with the field's label ("Payment date cannot be in the future.")
 * is not prefixed with it again.
 */
export function readableLine(line: FieldLine, labels: Readonly<Record<string, string>>): string {
  if (line.field === null) return line.message;
  const label = fieldLabel(line.field, labels);
  return line.message.toLowerCase().startsWith(label.toLowerCase())
    ? line.message
    : `${label}: ${line.message}`;
}

/** The messages of the lines that name a field, by field. */
export function messagesByField(lines: readonly FieldLine[]): Readonly<Record<string, readonly string[]>> {
  const byField: Record<string, string[]> = {};
  for (const { field, message } of lines) {
    if (field !== null) byField[field] = [...(byField[field] ?? []), message];
  }
  return byField;
}
