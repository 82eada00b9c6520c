import { decodeText, MAX_TEXT_LENGTH } from "../../src/domain/requestInput";

/** An expected failure with the JSON body the client reads (detail, code, field lists). */
export class Problem extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 451 | 503,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${status}`);
  }
}

/** What a caller gets for a record that does not exist or that they may not see. */
export const NOT_FOUND = { detail: "Not found." } as const;

export const REQUIRED = "This field is required.";
export const BLANK = "This field may not be blank.";

export const fieldProblem = (field: string, ...messages: string[]): Problem =>
  new Problem(400, { [field]: messages });

/** Reads a JSON object body; anything else is a 400 with a field list, never a crash. */
export async function jsonBody(req: { text(): Promise<string> }): Promise<Record<string, unknown>> {
  const text = await req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Problem(400, { non_field_errors: ["Request body must be valid JSON."] });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Problem(400, { non_field_errors: ["Request body must be a JSON object."] });
  }
  return body as Record<string, unknown>;
}

/**
 * Required non-blank string fields, each free of NUL characters and within its maximum length
 * (`max`, else the spec's 10000 for text inputs); every problem is reported at once, keyed by field.
 */
export function requireStrings<K extends string>(
  body: Record<string, unknown>,
  keys: readonly K[],
  max: Partial<Record<K, number>> = {},
): Record<K, string> {
  const errors: Record<string, string[]> = {};
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = Object.hasOwn(body, key) ? body[key] : undefined;
    const read = decodeText(value, max[key] ?? MAX_TEXT_LENGTH);
    if (value === undefined || value === null) errors[key] = [REQUIRED];
    else if (!read.ok) errors[key] = [read.error];
    else if (read.value.trim() === "") errors[key] = [BLANK];
    else out[key] = read.value;
  }
  if (Object.keys(errors).length > 0) throw new Problem(400, errors);
  return out;
}

/** An optional string field: its value, the fallback when absent, a 400 when it is not a bounded string. */
export function optionalString(
  body: Record<string, unknown>,
  key: string,
  fallback: string,
  max = MAX_TEXT_LENGTH,
): string {
  const value = Object.hasOwn(body, key) ? body[key] : undefined;
  if (value === undefined || value === null || value === "") return fallback;
  const read = decodeText(value, max);
  if (!read.ok) throw fieldProblem(key, read.error);
  return read.value;
}
