/**
 * The shape of a contract answer as JSON Schema, checked without the Effect Schema runtime: an
 * entry page that reads one small answer before anything else calls the server (the login page's
 * configuration) would otherwise load Effect for it. The shape is derived at build time from the
 * endpoint's own response schema (scripts/answer-shapes-plugin.ts), which refuses any schema that
 * transforms its input or uses a keyword this check does not know, so checking here decodes as the
 * schema would.
 */

export type AnswerShape = {
  readonly type?: "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";
  readonly properties?: Readonly<Record<string, AnswerShape>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly items?: AnswerShape;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly AnswerShape[];
};

/** The keywords `decodeShape` checks; the build refuses a shape with any other. */
export const SHAPE_KEYWORDS: readonly string[] = [
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
] satisfies (keyof AnswerShape)[];

const NOT = Symbol("not of the shape");

function typed(type: NonNullable<AnswerShape["type"]>, value: unknown): boolean {
  switch (type) {
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

/** The value as the schema decodes it (an object keeps only its declared keys), or NOT. */
function decoded(shape: AnswerShape, value: unknown): unknown {
  if (shape.anyOf) {
    for (const option of shape.anyOf) {
      const out = decoded(option, value);
      if (out !== NOT) return out;
    }
    return NOT;
  }
  if (shape.type && !typed(shape.type, value)) return NOT;
  if ("const" in shape && value !== shape.const) return NOT;
  if (shape.enum && !shape.enum.includes(value)) return NOT;
  if (shape.items && Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const out = decoded(shape.items, item);
      if (out === NOT) return NOT;
      items.push(out);
    }
    return items;
  }
  if (shape.properties && typed("object", value)) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(shape.properties)) {
      if (!Object.hasOwn(record, key)) {
        if (shape.required?.includes(key)) return NOT;
        continue;
      }
      const field = decoded(property, record[key]);
      if (field === NOT) return NOT;
      out[key] = field;
    }
    return out;
  }
  return value;
}

/** An answer that is not of its declared shape. */
export class AnswerShapeError extends Error {
  override readonly name = "AnswerShapeError";
}

/** Decodes an answer by its shape; `what` names the call in the error. */
export function decodeShape<A>(shape: AnswerShape, value: unknown, what: string): A {
  const out = decoded(shape, value);
  if (out === NOT) throw new AnswerShapeError(`Unexpected answer from ${what}`);
  return out as A;
}
