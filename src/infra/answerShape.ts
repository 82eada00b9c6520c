/**
 * The shape of a value the contract declares (an answer, or a call's path parameters, query or
 * body), checked without the Effect Schema runtime: an entry page whose first calls are few and
 * small (the login page's configuration, the retailer link's access check and pages) would
 * otherwise load Effect for them. The shape is derived at build time from the endpoint's own
 * schemas (scripts/answer-shapes-plugin.ts), which refuses any schema that transforms what it reads
 * or checks what a shape does not say, so checking here decodes as the schema would.
 *
 * The keywords are JSON Schema's, read as Effect's checks read them: a text's length counts UTF-16
 * units, `integer` is a safe integer, `pattern` is a regular expression with the `u` flag.
 */

export type AnswerShape = {
  readonly type?: "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";
  readonly properties?: Readonly<Record<string, AnswerShape>>;
  readonly required?: readonly string[];
  readonly items?: AnswerShape;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly AnswerShape[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
};

const NOT = Symbol("not of the shape");

function typed(type: NonNullable<AnswerShape["type"]>, value: unknown): boolean {
  switch (type) {
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return Number.isSafeInteger(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

function checked(shape: AnswerShape, value: unknown): boolean {
  if (typeof value === "string")
    return (
      (shape.minLength === undefined || value.length >= shape.minLength) &&
      (shape.maxLength === undefined || value.length <= shape.maxLength) &&
      (shape.pattern === undefined || new RegExp(shape.pattern, "u").test(value))
    );
  if (typeof value === "number")
    return (
      (shape.minimum === undefined || value >= shape.minimum) &&
      (shape.maximum === undefined || value <= shape.maximum)
    );
  return true;
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
  if (!checked(shape, value)) return NOT;
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

/**
 * The value as its schema decodes it, or encodes it (a schema that transforms nothing does both
 * alike), or null when it is not of the shape.
 */
export function fitShape(shape: AnswerShape, value: unknown): { value: unknown } | null {
  const out = decoded(shape, value);
  return out === NOT ? null : { value: out };
}
