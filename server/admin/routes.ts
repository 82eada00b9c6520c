/**
 * The administration API, generated from the resource definitions: for each resource a paged list,
 * options for searchable selects, one record, and (when writable) create, update and delete, each
 * checked on the server against the definition's permissions and the caller's organisation.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { passwordProblems } from "../../src/domain/password";
import { addFieldError, decodeRowId, type FieldErrors } from "../../src/domain/requestInput";
import { decodeValues, isWritable, type ResourceDefinition } from "../../src/domain/resource";
import { RESOURCES } from "../../src/domain/resourceCatalogue";
import { requirePermission } from "../auth/guard";
import { hashPassword } from "../auth/passwords";
import type { AppDeps, AppEnv } from "../context";
import { jsonBody, Problem, REQUIRED } from "../http/problem";
import { mergeCitiesRoute } from "./mergeCities";
import { findRecord, listOptions, listRecords, recordsById } from "./reads";
import { createRecord, deleteRecord, type Hashed, updateRecord } from "./writes";

export const ADMIN_API = "/api/admin";

/** The values of a write body `{ values: {...}, version }`, decoded with the definition's schema. */
async function readValues(
  c: Context<AppEnv>,
  def: ResourceDefinition,
  creating: boolean,
  random: AppDeps["randomBytes"],
) {
  const body = await jsonBody(c.req);
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

function resourceRoutes(app: Hono<AppEnv>, deps: AppDeps, def: ResourceDefinition) {
  const base = `/${def.name}/`;
  const reader = (c: Context<AppEnv>) => requirePermission(c, deps, ...def.read);
  const writer = (c: Context<AppEnv>) => requirePermission(c, deps, ...def.write);
  const one = async (id: number) => (await recordsById(deps.db, def, [id]))[0];

  app.get(base, async (c) => {
    const { user } = await reader(c);
    return c.json(await listRecords(deps.db, def, user, c.req.url, (k) => c.req.query(k)));
  });
  app.get(`${base}options/`, async (c) => {
    const { user } = await reader(c);
    return c.json(await listOptions(deps.db, def, user, (k) => c.req.query(k)));
  });
  app.get(`${base}:address/`, async (c) => {
    const { user } = await reader(c);
    const found = await findRecord(deps.db, def, user, addressOf(c));
    if (!found) throw new Problem(404, { detail: "Not found." });
    return c.json(found);
  });
  if (!isWritable(def)) return;
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
