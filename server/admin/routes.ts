/**
 * The administration API, generated from the resource definitions: for each resource a paged list,
 * options for searchable selects, one record, and (when writable) create, update and delete, each
 * checked on the server against the definition's permissions and the caller's organisation.
 */
import type { Context, Next } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { filePart, MB } from "../../src/domain/fileField";
import { passwordProblems } from "../../src/domain/password";
import { addFieldError, decodeRowId, type FieldErrors } from "../../src/domain/requestInput";
import { decodeValues, isWritable, type ResourceDefinition } from "../../src/domain/resource";
import { RESOURCES } from "../../src/domain/resourceCatalogue";
import { requirePermission } from "../auth/guard";
import { hashPassword } from "../auth/passwords";
import type { AppDeps, AppEnv } from "../context";
import { jsonBody, Problem, REQUIRED } from "../http/problem";
import { safeFileName } from "../uploads/files";
import { mergeCitiesRoute } from "./mergeCities";
import { findRecord, type ListQuery, listOptions, listRecords, recordsById } from "./reads";
import { fileFields } from "./schemaSql";
import { requireWriter } from "./writer";
import { createRecord, deleteRecord, type Hashed, updateRecord } from "./writes";

export const ADMIN_API = "/api/admin";

const WRITE_PATH = /^\/api\/admin\/([a-z-]+)\/(?:[^/]+\/)?$/;

/** Whether a definition holds files (and so takes multipart writes). */
const hasFiles = (def: ResourceDefinition | undefined): def is ResourceDefinition =>
  def !== undefined && fileFields(def).length > 0;

/** A create or update of a resource with file fields: it reads its own body, under its own limit. */
export function isResourceFileWrite(method: string, path: string): boolean {
  const name = (method === "POST" || method === "PUT") && WRITE_PATH.exec(path)?.[1];
  return Boolean(name) && hasFiles(RESOURCES.find((d) => d.name === name));
}

/** The most a file write's body may hold: every file field at its limit, and room for the values. */
const fileWriteLimit = (def: ResourceDefinition) =>
  bodyLimit({
    maxSize: fileFields(def).reduce((sum, [, f]) => sum + f.file!.maxBytes, 0) + MB,
    onError: () => {
      throw new Problem(413, { detail: "Request body is too large." });
    },
  });

const FORM_UNREADABLE = "Send the values as JSON in the form's values part.";

/**
 * A write body: JSON `{ values, version }`, or (for a resource with files) multipart with the
 * values as JSON in `values`, the version in `version` and each chosen file in its own part.
 */
async function writeBody(c: Context<AppEnv>, def: ResourceDefinition): Promise<Record<string, unknown>> {
  if (!hasFiles(def) || !(c.req.header("content-type") ?? "").startsWith("multipart/form-data"))
    return jsonBody(c.req);
  let form: Record<string, unknown>;
  let values: unknown;
  try {
    form = await c.req.parseBody();
    values = JSON.parse(typeof form.values === "string" ? form.values : "");
  } catch {
    throw new Problem(400, { values: [FORM_UNREADABLE] });
  }
  if (typeof values !== "object" || values === null || Array.isArray(values))
    throw new Problem(400, { values: [FORM_UNREADABLE] });
  const withFiles: Record<string, unknown> = { ...values };
  for (const [key] of fileFields(def)) {
    const part = form[filePart(key)];
    if (part instanceof File)
      withFiles[key] = { name: safeFileName(part.name), bytes: new Uint8Array(await part.arrayBuffer()) };
  }
  return { values: withFiles, ...(form.version === undefined ? {} : { version: form.version }) };
}

/** The values of a write body, decoded with the definition's schema. */
async function readValues(
  c: Context<AppEnv>,
  def: ResourceDefinition,
  creating: boolean,
  random: AppDeps["randomBytes"],
) {
  const body = await writeBody(c, def);
  const raw = Object.hasOwn(body, "values") ? body.values : undefined;
  const decoded = decodeValues(def, raw ?? {}, creating);
  const errors: FieldErrors = decoded.ok ? {} : { ...decoded.errors };
  const version = creating ? 0 : decodeRowId(Object.hasOwn(body, "version") ? body.version : undefined);
  if (version === null) addFieldError(errors, "version", REQUIRED);
  const hashed: Hashed = {};
  if (decoded.ok) {
    for (const [key, field] of Object.entries(def.fields)) {
      const value = decoded.values[key];
      if (field.widget !== "secret" || typeof value !== "string" || value === "") continue;
      const problems = passwordProblems(value, value);
      for (const problem of problems) addFieldError(errors, key, problem);
      if (problems.length === 0) hashed[key] = await hashPassword(value, random);
    }
  }
  if (Object.keys(errors).length > 0 || !decoded.ok) throw new Problem(400, errors);
  return { values: decoded.values, version: version ?? 0, hashed };
}

const addressOf = (c: Context<AppEnv>): string => c.req.param("address") ?? "";

const listQuery = (c: Context<AppEnv>): ListQuery => ({
  get: (k) => c.req.query(k),
  names: Object.keys(c.req.queries()),
});

function resourceRoutes(app: Hono<AppEnv>, deps: AppDeps, def: ResourceDefinition) {
  const base = `/${def.name}/`;
  const reader = (c: Context<AppEnv>) => requirePermission(c, deps, ...def.read);
  const writer = (c: Context<AppEnv>) => requireWriter(c, deps, def);
  const one = async (id: number) => (await recordsById(deps.db, def, [id]))[0];

  app.get(base, async (c) => {
    const { user } = await reader(c);
    return c.json(await listRecords(deps.db, def, user, c.req.url, listQuery(c)));
  });
  app.get(`${base}options/`, async (c) => {
    const { user } = await reader(c);
    return c.json(await listOptions(deps.db, def, user, listQuery(c)));
  });
  app.get(`${base}:address/`, async (c) => {
    const { user } = await reader(c);
    const found = await findRecord(deps.db, def, user, addressOf(c));
    if (!found) throw new Problem(404, { detail: "Not found." });
    return c.json(found);
  });
  if (!isWritable(def)) return;
  if (hasFiles(def)) {
    const limit = fileWriteLimit(def);
    app.post(base, (c, next: Next) => limit(c, next));
    app.put(`${base}:address/`, (c, next: Next) => limit(c, next));
  }
  app.post(base, async (c) => {
    const { user } = await writer(c);
    const { values, hashed } = await readValues(c, def, true, deps.randomBytes);
    return c.json(await one(await createRecord(deps, def, user, values, hashed)), 201);
  });
  app.put(`${base}:address/`, async (c) => {
    const { user } = await writer(c);
    const { values, version, hashed } = await readValues(c, def, false, deps.randomBytes);
    return c.json(await one(await updateRecord(deps, def, user, addressOf(c), version, values, hashed)));
  });
  app.delete(`${base}:address/`, async (c) => {
    const { user } = await writer(c);
    await deleteRecord(deps, def, user, addressOf(c));
    return c.body(null, 204);
  });
}

export function adminResourceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  mergeCitiesRoute(app, deps);
  for (const def of RESOURCES) resourceRoutes(app, deps, def);
  return app;
}
