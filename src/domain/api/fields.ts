/**
 * The request fields endpoints are declared with, each failing with the line a 400 gives today
 * (the texts of src/domain/shared/requestInput.ts): bounded text, a choice from a list, a row id.
 */
import { Schema, SchemaTransformation } from "effect";
import {
  decodeText,
  MAX_QUERY_TEXT_LENGTH,
  NOT_A_STRING,
  NULL_CHARACTER,
  notAChoice,
  tooLong,
} from "../shared/requestInput";
import { BLANK, REQUIRED } from "../shared/schemaErrors";
import { IdFromText } from "./ids";

/**
 * One line for a field whatever is wrong with it: absent or of the wrong type. A schema with checks
 * gives its base type and its checks the same message (as wholeNumber in surveyInput.ts does).
 */
export const saying =
  (message: string) =>
  <S extends Schema.Top>(schema: S): S["Rebuild"] =>
    Schema.annotateKey({ messageMissingKey: message })(schema.annotate({ message }) as S) as S["Rebuild"];

/**
 * Text within `max` characters and free of NUL characters (decodeText's rule). Both are checks JSON
 * Schema writes (a pattern, a length), so a shape derived from an endpoint can check them too
 * (scripts/answer-shapes-plugin.ts).
 */
export const Text = (max: number) =>
  Schema.String.annotate({ message: NOT_A_STRING }).check(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what it refuses.
    Schema.isPattern(/^[^\u0000]*$/u, { message: NULL_CHARACTER }),
    Schema.isMaxLength(max, { message: tooLong(max) }),
  );

/** One of the listed values; anything else is `"value" is not a valid choice.` */
export const Choice = <const L extends readonly [string, ...string[]]>(values: L) => {
  const isOne = (s: string): s is L[number] => values.includes(s);
  return Text(200)
    .check(Schema.makeFilter((s: string) => isOne(s) || notAChoice(s), undefined, true))
    .pipe(Schema.refine(isOne));
};

/** A row id written as digits in a path or a query, branded as the declared id. */
export const IdText = <S extends Schema.Codec<unknown, number>>(id: S, message?: string) => {
  const schema = IdFromText(id);
  return message ? saying(message)(schema) : schema;
};

/** A name in a path (an RSID, a slug): text within the query limit, or no record is named (404). */
export const PathText = Text(MAX_QUERY_TEXT_LENGTH).check(Schema.isMinLength(1));

/**
 * A query value the spec's call may name more than once with the same value: the first one is
 * decoded by `schema` (a single value is sent back).
 */
export const FirstOf = <S extends Schema.Codec<unknown, string>>(schema: S) =>
  Schema.Union([Schema.String, Schema.Array(Schema.String).check(Schema.isMinLength(1))]).pipe(
    Schema.decodeTo(
      Schema.String,
      SchemaTransformation.transform<string, string | readonly string[]>({
        decode: (value) => (typeof value === "string" ? value : value[0]!),
        encode: (value) => value,
      }),
    ),
    Schema.decodeTo(schema),
  );

/**
 * A query key given once or repeated, read as the list of its values, each decoded by `item`; a
 * problem with a value is said under the key.
 */
export const Listed = <S extends Schema.Codec<unknown, string>>(item: S) =>
  Schema.Union([Schema.String, Schema.Array(Schema.String)]).pipe(
    Schema.decodeTo(
      Schema.Array(Schema.String),
      SchemaTransformation.transform<readonly string[], string | readonly string[]>({
        decode: (given) => (typeof given === "string" ? [given] : given),
        encode: (values) => values,
      }),
    ),
    Schema.decodeTo(Schema.Array(item)),
  );

/** What is wrong with a required text field, as the sign-in forms' 400 says it; undefined when nothing. */
function requiredTextProblem(value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return REQUIRED;
  const read = decodeText(value, max);
  if (!read.ok) return read.error;
  return read.value.trim() === "" ? BLANK : undefined;
}

/**
 * A required text within `max` characters: absent or null is `This field is required.`, blank is
 * `This field may not be blank.`, else decodeText's line; one line per field, whatever is wrong.
 */
export const RequiredText = (max: number) =>
  Schema.Unknown.check(
    Schema.makeFilter((value: unknown) => requiredTextProblem(value, max) ?? true, undefined, true),
  ).pipe(Schema.refine((value: unknown): value is string => typeof value === "string"));

/**
 * An optional text: absent, null or empty is not given (the handler's default applies), anything
 * else is decodeText's text within `max` and one the call accepts (`"value" is not a valid choice.`).
 */
export const OptionalText = (max: number, accepts: (value: string) => boolean = () => true) =>
  Schema.optionalKey(
    Schema.Unknown.check(
      Schema.makeFilter(
        (value: unknown) => {
          if (value === undefined || value === null || value === "") return true;
          const read = decodeText(value, max);
          if (!read.ok) return read.error;
          return accepts(read.value) || notAChoice(read.value);
        },
        undefined,
        true,
      ),
    ).pipe(
      Schema.refine(
        (value: unknown): value is string | null | undefined => value == null || typeof value === "string",
      ),
    ),
  );

/** An optional text's value, or the fallback when it was not given. */
export const givenOr = (value: string | null | undefined, fallback: string): string =>
  value === undefined || value === null || value === "" ? fallback : value;

/** A list of choices: each record's id, branded as the kind of record it is, and its name. */
export const NamedList = <Id extends Schema.Codec<number, number>>(id: Id) =>
  Schema.Array(Schema.Struct({ id, name: Schema.String }));
