/**
 * The calls an entry page makes without the HTTP module (src/infra/declaredRead), each checked by
 * shapes (src/infra/answerShape) derived when the client is built (or served) from the endpoint's
 * declaration in the contract: `virtual:declared-read/<module>/<endpoint>` (a module of
 * src/domain/api) is that endpoint's method and path with the shapes of its path parameters, query,
 * body and answer, and, when it has parts to check, a loader of the declaration itself (a call whose
 * parts do not fit is handed to the HTTP module). The shapes are read off the schemas' own trees, so
 * a shape checks what its schema checks, as its schema's runtime does. The build stops on an
 * endpoint a shape cannot stand for: not a JSON call of the API, a body that refuses undeclared
 * fields, or a schema that transforms what it reads (its decoded value would differ from the
 * checked one), checks what a shape does not say, or is of a kind JSON does not carry.
 */
import { fileURLToPath } from "node:url";
import type { SchemaAST } from "effect";
import type { Plugin } from "vite";
import type { AnswerShape } from "../src/infra/answerShape.ts";
import type { DeclaredRead } from "../src/infra/declaredRead.ts";

const PREFIX = "virtual:declared-read/";
const RESOLVED = "\0";

type Api = typeof import("../src/domain/api/endpoint");
type Effect = Pick<typeof import("effect"), "Schema">;
type Check = SchemaAST.Check<unknown>;
type Keywords = { -readonly [K in keyof AnswerShape]: AnswerShape[K] };
type Payload = Readonly<Record<string, unknown>> | null | undefined;

/**
 * The checks a shape says, by Effect's name for them: the keywords each adds to the shape of the
 * type it checks, or null where the shape cannot say it.
 */
const CHECKS: Readonly<Record<string, (payload: Payload, type: AnswerShape["type"]) => Keywords | null>> = {
  "effect/schema/isMinLength": (p, type) => (type === "string" ? { minLength: Number(p?.minLength) } : null),
  "effect/schema/isMaxLength": (p, type) => (type === "string" ? { maxLength: Number(p?.maxLength) } : null),
  // A pattern is read with the `u` flag, as JSON Schema reads one; any other flag changes its meaning.
  "effect/schema/isPattern": (p, type) =>
    type === "string" && p?.flags === "u" ? { pattern: String(p.source) } : null,
  "effect/schema/isInt": (_, type) => (type === "number" ? { type: "integer" } : null),
  "effect/schema/isBetween": (p, type) =>
    (type === "number" || type === "integer") &&
    typeof p?.minimum === "number" &&
    typeof p.maximum === "number" &&
    !p.exclusiveMinimum &&
    !p.exclusiveMaximum
      ? { minimum: p.minimum, maximum: p.maximum }
      : null,
};

const flat = (check: Check): Check[] => (check._tag === "FilterGroup" ? check.checks.flatMap(flat) : [check]);

function withChecks(shape: Keywords, checks: readonly Check[], at: string): Keywords {
  for (const check of checks.flatMap(flat)) {
    const representation = check.annotations?.representation as
      | { id?: string; payload?: Payload }
      | undefined;
    const keywords = CHECKS[representation?.id ?? ""]?.(representation?.payload, shape.type) ?? null;
    const said = check.annotations?.expected ?? check.annotations?.message ?? "a check of its own";
    if (!keywords)
      throw new Error(`${at}: a shape cannot check ${JSON.stringify(said)}; call it with the HTTP module`);
    if (Object.keys(keywords).some((k) => k !== "type" && k in shape))
      throw new Error(`${at}: a shape checks ${Object.keys(keywords).join(", ")} once`);
    Object.assign(shape, keywords);
  }
  return shape;
}

/** A schema tree's shape, or the reason it has none (`at` names where in the call it sits). */
export function shapeOf(ast: SchemaAST.AST, at: string): AnswerShape {
  if (ast.encoding || ("encodingChecks" in ast && ast.encodingChecks))
    throw new Error(`${at}: its schema transforms what it reads; call it with the HTTP module`);
  return withChecks(kindShape(ast, at), ast.checks ?? [], at);
}

function kindShape(ast: SchemaAST.AST, at: string): Keywords {
  switch (ast._tag) {
    case "String":
      return { type: "string" };
    case "Number":
      return { type: "number" };
    case "Boolean":
      return { type: "boolean" };
    case "Null":
      return { type: "null" };
    case "Unknown":
      return {};
    case "Literal":
      if (typeof ast.literal === "bigint") break;
      return { const: ast.literal };
    case "Union": {
      // A union decodes to its first member that fits, as the shape's anyOf does; oneOf does not.
      if (ast.options?.mode === "oneOf") break;
      const options = ast.types.map((type) => shapeOf(type, at));
      const literals = options.every((o) => "const" in o && Object.keys(o).length === 1);
      return literals ? { enum: options.map((o) => o.const) } : { anyOf: options };
    }
    case "Objects": {
      // A record, or a key JSON has no text for, is not an object of named fields.
      if (ast.indexSignatures.length > 0 || ast.propertySignatures.some((p) => typeof p.name !== "string"))
        break;
      const properties: Record<string, AnswerShape> = {};
      const required: string[] = [];
      for (const { name, type } of ast.propertySignatures) {
        properties[String(name)] = shapeOf(type, `${at}.${String(name)}`);
        if (!type.context?.isOptional) required.push(String(name));
      }
      return { type: "object", properties, required };
    }
    case "Arrays":
      if (ast.elements.length > 0 || ast.rest.length !== 1) break;
      return { type: "array", items: shapeOf(ast.rest[0]!, `${at}[]`) };
  }
  const kind = ast._tag === "Objects" ? "a record" : ast.toString();
  throw new Error(`${at}: a shape cannot stand for ${kind}; call it with the HTTP module`);
}

const hasFields = (shape: AnswerShape) =>
  shape.type !== "object" || Object.keys(shape.properties ?? {}).length > 0;

/** An endpoint's declared read (src/infra/declaredRead), or the reason it cannot be one. */
export function declaredRead(
  { Schema }: Effect,
  e: unknown,
  what: string,
): Omit<DeclaredRead, "declaration"> {
  if (!e || typeof e !== "object" || !("response" in e)) throw new Error(`${what} is not an endpoint`);
  const { method, root, path, params, query, body, nested, response } = e as ReturnType<Api["endpoint"]>;
  if (root !== "/api") throw new Error(`${what}: only a call of the API is read by its shape`);
  if (!Schema.isSchema(response)) throw new Error(`${what}: its answer is not JSON`);
  if (body !== undefined && !Schema.isSchema(body))
    throw new Error(`${what}: its body is a form; send it with the HTTP module`);
  if (nested)
    throw new Error(`${what}: its body refuses fields it does not declare; send it with the HTTP module`);
  const shapes = {
    params: shapeOf(params.ast, `${what} params`),
    query: shapeOf(query.ast, `${what} query`),
    ...(body === undefined ? {} : { body: shapeOf(body.ast, `${what} body`) }),
  };
  // A part without fields has nothing to check (no `:name` in the path, no query).
  const parts = Object.fromEntries(Object.entries(shapes).filter(([, shape]) => hasFields(shape)));
  return {
    method,
    path: path.replace(/^\//, ""),
    ...parts,
    response: shapeOf(response.ast, `${what} response`),
  };
}

/** The contract's module `module` (of src/domain/api), loaded once per build. */
function contract() {
  const loaded = new Map<string, Promise<{ effect: Effect; declarations: Record<string, unknown> }>>();
  return (module: string) => {
    const known = loaded.get(module);
    if (known) return known;
    // The contract is TypeScript outside the config's own imports: loaded with tsx.
    const loading = import("tsx/esm/api").then(async ({ tsImport }) => ({
      effect: (await tsImport("effect", import.meta.url)) as Effect,
      declarations: (await tsImport(`../src/domain/api/${module}.ts`, import.meta.url)) as Record<
        string,
        unknown
      >,
    }));
    loaded.set(module, loading);
    return loading;
  };
}

/** The declared read of `module`'s endpoint `name`, as a module's text. */
async function declaredReadModule(load: ReturnType<typeof contract>, module: string, name: string) {
  const { effect, declarations } = await load(module);
  const read = declaredRead(effect, declarations[name], `${module}.${name}`);
  if (!("params" in read || "query" in read || "body" in read))
    return `export default ${JSON.stringify(read)};\n`;
  const file = fileURLToPath(new URL(`../src/domain/api/${module}.ts`, import.meta.url));
  const declaration = `() => import(${JSON.stringify(file)}).then((m) => m[${JSON.stringify(name)}])`;
  return `export default { ...${JSON.stringify(read)}, declaration: ${declaration} };\n`;
}

export function answerShapes(): Plugin {
  let load = contract();
  return {
    name: "answer-shapes",
    buildStart() {
      load = contract();
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`${RESOLVED}${PREFIX}`)) return null;
      const [module, name, ...rest] = id.slice(RESOLVED.length + PREFIX.length).split("/");
      if (!module || !name || rest.length > 0)
        throw new Error(`${id}: expected ${PREFIX}<module>/<endpoint>`);
      return declaredReadModule(load, module, name);
    },
  };
}
