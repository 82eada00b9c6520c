/**
 * The answer update call's body as the server reads it (002 §7: object_type answers,
 * data_to_create, data_to_update keyed by answer id). Every problem is named by its field path;
 * nothing unknown is accepted.
 */

import {
  addFieldError,
  decodeRowId,
  decodeText,
  type FieldErrors,
  MAX_TEXT_LENGTH,
  notAChoice,
} from "./requestInput";
import type { AnswersUpdateRequest, CreateAnswer, UpdateAnswer } from "./survey";

/** Answers one call may touch: far above a group's, far below what would strain a transaction. */
export const MAX_ANSWERS_PER_UPDATE = 500;
const MAX_CHOICES = 100;
const TEXT_FIELDS = ["single_input", "other_phone_number", "other_ifsc_code", "remarks"] as const;
const NUMBER_FIELDS = ["latitude_input", "longitude_input"] as const;
const KNOWN = new Set<string>([
  ...TEXT_FIELDS,
  ...NUMBER_FIELDS,
  "multiple_answers_input",
  "has_called_and_verified",
  "version",
  "question",
  "workflow_object",
  "sku_product",
]);

function readFields(raw: unknown, path: string, errors: FieldErrors, creating: boolean): UpdateAnswer | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    addFieldError(errors, path, "Expected an object of answer fields.");
    return null;
  }
  const fields = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    if (!KNOWN.has(key) || (!creating && ["question", "workflow_object", "sku_product"].includes(key)))
      addFieldError(errors, `${path}.${key}`, "Unknown field.");
  }
  for (const key of TEXT_FIELDS) {
    if (!Object.hasOwn(fields, key) || fields[key] === null) {
      if (Object.hasOwn(fields, key)) out[key] = null;
      continue;
    }
    const text = decodeText(fields[key], MAX_TEXT_LENGTH);
    if (text.ok) out[key] = text.value;
    else addFieldError(errors, `${path}.${key}`, text.error);
  }
  for (const key of NUMBER_FIELDS) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (value === null || (typeof value === "number" && Number.isFinite(value))) out[key] = value;
    else addFieldError(errors, `${path}.${key}`, "Expected a number or null.");
  }
  if (Object.hasOwn(fields, "multiple_answers_input")) {
    const list = fields.multiple_answers_input;
    const ok =
      Array.isArray(list) &&
      list.length <= MAX_CHOICES &&
      list.every((v) => typeof v === "string" && decodeText(v, MAX_TEXT_LENGTH).ok);
    if (ok) out.multiple_answers_input = list;
    else addFieldError(errors, `${path}.multiple_answers_input`, `Expected at most ${MAX_CHOICES} texts.`);
  }
  if (Object.hasOwn(fields, "has_called_and_verified")) {
    if (typeof fields.has_called_and_verified === "boolean")
      out.has_called_and_verified = fields.has_called_and_verified;
    else addFieldError(errors, `${path}.has_called_and_verified`, "Expected true or false.");
  }
  if (!creating) {
    const version = fields.version;
    if (typeof version === "number" && Number.isInteger(version) && version >= 1) out.version = version;
    else addFieldError(errors, `${path}.version`, "Give the version of the answer as it was read.");
  }
  return out as UpdateAnswer;
}

export function readAnswersUpdate(
  body: Record<string, unknown>,
): { ok: true; request: AnswersUpdateRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const type = Object.hasOwn(body, "object_type") ? body.object_type : undefined;
  if (type !== "answers") {
    addFieldError(
      errors,
      "object_type",
      type === undefined ? "This field is required." : notAChoice(String(type)),
    );
    return { ok: false, errors };
  }
  const rawUpdate = Object.hasOwn(body, "data_to_update") ? body.data_to_update : {};
  const rawCreate = Object.hasOwn(body, "data_to_create") ? body.data_to_create : null;
  const update: Record<string, UpdateAnswer> = {};
  const create: CreateAnswer[] = [];
  if (typeof rawUpdate !== "object" || rawUpdate === null || Array.isArray(rawUpdate))
    addFieldError(errors, "data_to_update", "Expected an object of answers keyed by id.");
  else {
    for (const [key, raw] of Object.entries(rawUpdate)) {
      if (decodeRowId(key) === null) addFieldError(errors, `data_to_update.${key}`, "Not an answer id.");
      const fields = readFields(raw, `data_to_update.${key}`, errors, false);
      if (fields) update[String(decodeRowId(key))] = fields;
    }
  }
  if (rawCreate !== null && !Array.isArray(rawCreate))
    addFieldError(errors, "data_to_create", "Expected a list of answers or null.");
  else
    for (const [i, raw] of (rawCreate ?? []).entries()) {
      const path = `data_to_create.${i}`;
      const fields = readFields(raw, path, errors, true);
      if (!fields) continue;
      const source = raw as Record<string, unknown>;
      const question = decodeRowId(source.question);
      const workflowObject = decodeRowId(source.workflow_object);
      const sku =
        source.sku_product === undefined || source.sku_product === null
          ? null
          : decodeRowId(source.sku_product);
      if (question === null) addFieldError(errors, `${path}.question`, "Not a question id.");
      if (workflowObject === null)
        addFieldError(errors, `${path}.workflow_object`, "Not a workflow object id.");
      if (source.sku_product != null && sku === null)
        addFieldError(errors, `${path}.sku_product`, "Not a SKU id.");
      const { version: _unused, ...rest } = fields;
      create.push({
        ...rest,
        question: question ?? 0,
        workflow_object: workflowObject ?? 0,
        sku_product: sku,
      });
    }
  const count = Object.keys(update).length + create.length;
  if (count === 0) addFieldError(errors, "data_to_update", "Give at least one answer to save.");
  if (count > MAX_ANSWERS_PER_UPDATE)
    addFieldError(errors, "data_to_update", `Save at most ${MAX_ANSWERS_PER_UPDATE} answers at once.`);
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    request: {
      object_type: "answers",
      data_to_create: create.length ? create : null,
      data_to_update: update,
    },
  };
}
