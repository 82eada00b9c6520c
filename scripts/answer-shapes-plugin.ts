/**
 * The shapes of the few answers an entry page reads without the HTTP module (src/infra/declaredRead),
 * derived when the client is built (or served) from the endpoint's declaration in the contract:
 * `virtual:declared-read/<module>/<endpoint>` (a module of src/domain/api) is that endpoint's method,
 * path and its response schema as JSON Schema. The build stops on an endpoint this cannot stand for:
 * not a public GET without parameters, a response schema that transforms what it reads (its decoded
 * value would differ from the checked one), or a JSON Schema keyword the check does not know.
 */
import type { Plugin } from "vite";
import { SHAPE_KEYWORDS } from "../src/infra/answerShape.ts";

const PREFIX = "virtual:declared-read/";
const RESOLVED = "\0";

type Api = typeof import("../src/domain/api/endpoint");

function unknownKeywords(shape: unknown, at: string): string[] {
  if (typeof shape !== "object" || shape === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    // Extra keys are dropped, as a Struct decodes them; a record or a strict struct is not checked here.
    if (!SHAPE_KEYWORDS.includes(key) || (key === "additionalProperties" && value !== true))
      found.push(`${at}${key}`);
    else if (key === "properties")
      for (const [name, property] of Object.entries(value as object))
        found.push(...unknownKeywords(property, `${at}${name}.`));
    else if (key === "items") found.push(...unknownKeywords(value, `${at}[].`));
    else if (key === "anyOf")
      for (const option of value as unknown[]) found.push(...unknownKeywords(option, at));
  }
  return found;
}

type Effect = Pick<typeof import("effect"), "Schema" | "SchemaAST">;

/** An endpoint's declared read (src/infra/declaredRead), or the reason it cannot be one. */
export function declaredRead({ Schema, SchemaAST }: Effect, e: unknown, what: string) {
  if (!e || typeof e !== "object" || !("response" in e)) throw new Error(`${what} is not an endpoint`);
  const { method, root, path, grant, response } = e as ReturnType<Api["endpoint"]>;
  if (method !== "GET" || root !== "/api" || path.includes(":") || grant !== "public")
    throw new Error(`${what}: only a public GET of the API without path parameters is read by its shape`);
  if (!Schema.isSchema(response)) throw new Error(`${what}: its answer is not JSON`);
  const ast = response.ast;
  if (SchemaAST.toEncoded(ast) !== ast || SchemaAST.toType(ast) !== ast)
    throw new Error(`${what}: its response schema transforms what it reads; decode it with the HTTP module`);
  const document = Schema.toJsonSchemaDocument(response);
  if (Object.keys(document.definitions).length > 0)
    throw new Error(`${what}: its response schema has references; decode it with the HTTP module`);
  const unknown = unknownKeywords(document.schema, "");
  if (unknown.length > 0) throw new Error(`${what}: the shape check does not know ${unknown.join(", ")}`);
  return { method, path: path.replace(/^\//, ""), shape: document.schema };
}

/** The declared read of `module`'s endpoint `name` (a module of src/domain/api), as a module's text. */
async function declaredReadModule(module: string, name: string): Promise<string> {
  // The contract is TypeScript outside the config's own imports: loaded with tsx.
  const { tsImport } = await import("tsx/esm/api");
  const effect = (await tsImport("effect", import.meta.url)) as Effect;
  const declarations = (await tsImport(`../src/domain/api/${module}.ts`, import.meta.url)) as Record<
    string,
    unknown
  >;
  const read = declaredRead(effect, declarations[name], `${module}.${name}`);
  return `export default ${JSON.stringify(read)};\n`;
}

export function answerShapes(): Plugin {
  return {
    name: "answer-shapes",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`${RESOLVED}${PREFIX}`)) return null;
      const [module, name, ...rest] = id.slice(RESOLVED.length + PREFIX.length).split("/");
      if (!module || !name || rest.length > 0)
        throw new Error(`${id}: expected ${PREFIX}<module>/<endpoint>`);
      return declaredReadModule(module, name);
    },
  };
}
