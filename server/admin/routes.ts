/**
 * The administration API, generated from the resource definitions: for each resource a paged list,
 * options for searchable selects, one record, and (when writable) create, update and delete, each
 * checked on the server against the definition's permissions and the caller's organisation.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { decodeValues, type ResourceDefinition } from "../../src/domain/admin/resource";
import { RESOURCES } from "../../src/domain/admin/resourceCatalogue";
import { RESOURCE_API } from "../../src/domain/api/adminResources";
import { passwordProblems } from "../../src/domain/auth/password";
import { filePart, MB } from "../../src/domain/shared/fileField";
import { addFieldError, decodeRowId, type FieldErrors } from "../../src/domain/shared/requestInput";
import { hashPassword } from "../auth/passwords";
import type { AppDeps, AppEnv } from "../context";
import { jsonBody, NOT_FOUND, Problem, REQUIRED } from "../http/problem";
import { serve } from "../http/serve";
import { safeFileName } from "../uploads/files";
import { mergeCitiesRoute } from "./mergeCities";
import { findRecord, type ListQuery, listOptions, listRecords, recordsById } from "./reads";
import { fileFields } from "./schemaSql";
import { createRecord, deleteRecord, type Hashed, updateRecord } from "./writes";

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
 * A write body: the JSON the contract decoded, or (for a resource with files, sent as multipart) the
 * values as JSON in `values`, the version in `version` and each chosen file in its own part.
 */
async function writeBody(
  c: Context<AppEnv>,
  def: ResourceDefinition,
  json: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  if (!hasFiles(def) || !(c.req.header("content-type") ?? "").startsWith("multipart/form-data"))
    return json ?? jsonBody(c.req);
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
  body: Record<string, unknown>,
  def: ResourceDefinition,
  creating: boolean,
  random: AppDeps["randomBytes"],
) {
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

const listQuery = (c: Context<AppEnv>): ListQuery => ({
  get: (k) => c.req.query(k),
  names: Object.keys(c.req.queries()),
});

/** A resource's endpoints (src/domain/api/adminResources.ts), served from its definition. */
function resourceRoutes(app: Hono<AppEnv>, deps: AppDeps, def: ResourceDefinition) {
  const api = RESOURCE_API[def.name]!;
  const one = async (id: number) => (await recordsById(deps.db, def, [id]))[0]!;
  const files = hasFiles(def);

  serve(app, deps, api.list, async ({ c, caller }) =>
    listRecords(deps.db, def, caller.user, c.req.url, listQuery(c)),
  );
  serve(app, deps, api.options, async ({ c, caller }) =>
    listOptions(deps.db, def, caller.user, listQuery(c)),
  );
  serve(app, deps, api.read, async ({ caller, params }) => {
    const found = await findRecord(deps.db, def, caller.user, params.address);
    if (!found) throw new Problem(404, { ...NOT_FOUND });
    return found;
  });
  if (!api.create || !api.update || !api.remove) return;
  // A resource with files reads its own body (JSON or multipart) under its own limit.
  const limit = files ? [fileWriteLimit(def)] : [];
  const bodyOf = (c: Context<AppEnv>, body: unknown) =>
    writeBody(c, def, files ? undefined : (body as Record<string, unknown>));
  serve(
    app,
    deps,
    api.create,
    async ({ c, caller, body }) => {
      const { values, hashed } = await readValues(await bodyOf(c, body), def, true, deps.randomBytes);
      return one(await createRecord(deps, def, caller.user, values, hashed));
    },
    ...limit,
  );
  serve(
    app,
    deps,
    api.update,
    async ({ c, caller, params, body }) => {
      const read = await readValues(await bodyOf(c, body), def, false, deps.randomBytes);
      const id = await updateRecord(
        deps,
        def,
        caller.user,
        params.address,
        read.version,
        read.values,
        read.hashed,
      );
      return one(id);
    },
    ...limit,
  );
  serve(app, deps, api.remove, async ({ caller, params }) => {
    await deleteRecord(deps, def, caller.user, params.address);
    return null;
  });
}

export function adminResourceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  mergeCitiesRoute(app, deps);
  for (const def of RESOURCES) resourceRoutes(app, deps, def);
  return app;
}
