/**
 * Decoding with Effect Schema into the 400 body's shape (spec 000 §5: field name to its lines):
 * every problem at once, in the words the forms use. The resource forms, the API contract's request
 * decoding on the server and the client's forms all read their errors from here.
 */
import { Cause, Exit, Schema, SchemaIssue } from "effect";
import { addFieldError, type FieldErrors } from "./requestInput";

export const REQUIRED = "This field is required.";
export const BLANK = "This field may not be blank.";
export const NOT_A_NUMBER = "Enter a number.";
/** The field a problem with the whole value (not one of its fields) is reported under. */
export const NON_FIELD_ERRORS = "non_field_errors";

/** Default texts of Effect's decoder, said the way the forms say them. */
const FRIENDLY: Readonly<Record<string, string>> = {
  "Missing key": REQUIRED,
  "Expected number": NOT_A_NUMBER,
  "Expected null": REQUIRED,
  "Expected string": "Not a valid string.",
  "Expected boolean": "Must be true or false.",
  "Expected array": "Must be a list.",
};

export const friendly = (message: string): string => {
  if (FRIENDLY[message]) return FRIENDLY[message];
  if (message.startsWith("Expected ") && message.includes('"')) return "Choose one of the options.";
  return message;
};

const format = SchemaIssue.makeFormatterStandardSchemaV1();

export type SchemaDecoded<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

type Direction = "decode" | "encode";

function run<S extends Schema.Top>(
  direction: Direction,
  schema: S,
  raw: unknown,
  nested: boolean,
): SchemaDecoded<unknown> {
  const codec = schema as unknown as Schema.Codec<unknown, unknown>;
  const options = { errors: "all", onExcessProperty: nested ? "error" : "ignore" } as const;
  const exit =
    direction === "decode"
      ? Schema.decodeUnknownExit(codec)(raw, options)
      : Schema.encodeUnknownExit(codec)(raw, options);
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value };
  const error = Cause.squash(exit.cause);
  if (!Schema.isSchemaError(error)) throw error;
  const errors: FieldErrors = {};
  for (const issue of format(error.issue).issues) {
    const path = issue.path ?? [];
    const key = path.length === 0 ? NON_FIELD_ERRORS : nested ? path.join(".") : String(path[0]);
    addFieldError(errors, key, friendly(issue.message));
  }
  return { ok: false, errors };
}

/**
 * Decodes a value: the decoded value, or each field's lines, keyed by the top-level field a problem
 * sits under; `nested` keys them by the dotted path instead and refuses fields the schema does not
 * declare.
 */
export const decodeFields = <S extends Schema.Top>(
  schema: S,
  raw: unknown,
  { nested = false }: { nested?: boolean } = {},
): SchemaDecoded<S["Type"]> => run("decode", schema, raw, nested);

/** Encodes a value for sending, with the same lines when it does not fit its schema. */
export const encodeFields = <S extends Schema.Top>(
  schema: S,
  value: unknown,
  { nested = false }: { nested?: boolean } = {},
): SchemaDecoded<S["Encoded"]> => run("encode", schema, value, nested);

/** One value's problems, as a form shows them under its field. */
export function valueProblems(schema: Schema.Top, raw: unknown): string[] {
  const decoded = decodeFields(schema, raw);
  return decoded.ok ? [] : Object.values(decoded.errors).flat();
}
