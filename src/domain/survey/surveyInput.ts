/**
 * The answer update call's body (002 §7: object_type answers, data_to_create, data_to_update keyed
 * by answer id), declared once: the client sends it and the server decodes it with this schema
 * (the endpoint is `nested`: each problem is named by its field path, and nothing unknown is
 * accepted).
 */

import { Schema } from "effect";
import { Choice, saying, Text } from "../api/fields";
import { CallingTrackerUpdateBody } from "../outlets/calling";
import { MAX_ROW_ID, MAX_TEXT_LENGTH } from "../shared/requestInput";
import type { AnswersUpdateRequest } from "./survey";

/** Answers one call may touch: far above a group's, far below what would strain a transaction. */
export const MAX_ANSWERS_PER_UPDATE = 500;
const MAX_CHOICES = 100;
export const UNKNOWN_FIELD = "Unknown field.";
export const NO_ANSWERS = "Give at least one answer to save.";
export const TOO_MANY_ANSWERS = `Save at most ${MAX_ANSWERS_PER_UPDATE} answers at once.`;

/** A whole number from `min` to `max`; whatever is wrong with it, the field gets `message`. */
const wholeNumber = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  saying(message)(
    Schema.Number.annotate({ message }).check(
      Schema.isInt({ message }),
      Schema.isBetween({ minimum: min, maximum: max }, { message }),
    ),
  );
const id = (message: string) => wholeNumber(message, 1, MAX_ROW_ID);
const optionalText = Schema.optionalKey(Schema.NullOr(Text(MAX_TEXT_LENGTH)));
const coordinate = Schema.optionalKey(saying("Expected a number or null.")(Schema.NullOr(Schema.Finite)));

const valueFields = {
  single_input: optionalText,
  other_phone_number: optionalText,
  other_ifsc_code: optionalText,
  remarks: optionalText,
  latitude_input: coordinate,
  longitude_input: coordinate,
  multiple_answers_input: Schema.optionalKey(
    saying(`Expected at most ${MAX_CHOICES} texts.`)(
      Schema.Array(Text(MAX_TEXT_LENGTH)).check(Schema.isMaxLength(MAX_CHOICES)),
    ),
  ),
  has_called_and_verified: Schema.optionalKey(saying("Expected true or false.")(Schema.Boolean)),
};

const fieldsOf = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct(fields).annotate({
    message: "Expected an object of answer fields.",
    messageUnexpectedKey: UNKNOWN_FIELD,
  });

const UpdateFields = fieldsOf({
  ...valueFields,
  version: wholeNumber("Give the version of the answer as it was read.", 1),
});

const CreateFields = fieldsOf({
  ...valueFields,
  // Accepted as the client's answer shape carries it; a new answer starts at its first version.
  version: Schema.optionalKey(Schema.Unknown),
  question: id("Not a question id."),
  workflow_object: id("Not a workflow object id."),
  sku_product: Schema.optionalKey(Schema.NullOr(id("Not a SKU id."))),
});

const NOT_AN_ANSWER_ID = "Not an answer id.";
const AnswerKey = Schema.String.check(
  Schema.makeFilter(
    (key: string) => (/^[1-9]\d{0,9}$/.test(key) && Number(key) <= MAX_ROW_ID) || NOT_AN_ANSWER_ID,
  ),
);

export const AnswersUpdateBody = Schema.Struct({
  object_type: Choice(["answers"]),
  data_to_update: Schema.optionalKey(
    Schema.Record(AnswerKey, UpdateFields).annotate({
      message: "Expected an object of answers keyed by id.",
      // With unknown fields refused, a key that is not an answer id is one.
      messageUnexpectedKey: NOT_AN_ANSWER_ID,
    }),
  ),
  data_to_create: Schema.optionalKey(
    saying("Expected a list of answers or null.")(Schema.NullOr(Schema.Array(CreateFields))),
  ),
}).check(
  Schema.makeFilter((body) => {
    const count = Object.keys(body.data_to_update ?? {}).length + (body.data_to_create ?? []).length;
    if (count === 0) return { path: ["data_to_update"], issue: NO_ANSWERS };
    if (count > MAX_ANSWERS_PER_UPDATE) return { path: ["data_to_update"], issue: TOO_MANY_ANSWERS };
    return undefined;
  }),
);
export type AnswersUpdateBody = typeof AnswersUpdateBody.Type;

/**
 * The shared update call's body, one schema per object_type (001 §7 object-create). The calling
 * tracker's object_type is a literal, so a body naming answers is decoded (and refused) as answers only.
 */
export const ObjectUpdateBody = Schema.Union([CallingTrackerUpdateBody, AnswersUpdateBody]);
export type ObjectUpdateBody = typeof ObjectUpdateBody.Type;

/** The decoded body as the save reads it: every answer to update by id, the new ones or null. */
export function answersUpdateOf(body: AnswersUpdateBody): AnswersUpdateRequest {
  // A field not sent stays absent: a call check alone must not read as an edit of the values.
  const copied = <F extends { multiple_answers_input?: readonly string[] }>({
    multiple_answers_input,
    ...rest
  }: F) =>
    multiple_answers_input === undefined
      ? rest
      : { ...rest, multiple_answers_input: [...multiple_answers_input] };
  const create = (body.data_to_create ?? []).map(({ version: _ignored, ...fields }) => ({
    ...copied(fields),
    sku_product: fields.sku_product ?? null,
  }));
  const update = Object.fromEntries(
    Object.entries(body.data_to_update ?? {}).map(([key, fields]) => [key, copied(fields)]),
  );
  return { object_type: "answers", data_to_create: create.length ? create : null, data_to_update: update };
}
