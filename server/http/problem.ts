import type { Schema } from "effect";
import { decodeFields } from "../../src/domain/shared/schemaErrors";

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
 * A body decoded with one of the schemas a call declares for it (the login address takes a password
 * or a one-time-code body): its value, or a 400 with every field's lines.
 */
export function decodedBody<S extends Schema.Top>(schema: S, body: unknown): S["Type"] {
  const decoded = decodeFields(schema, body);
  if (!decoded.ok) throw new Problem(400, decoded.errors);
  return decoded.value;
}
