/**
 * The grants of the upload endpoints (src/domain/api/grants.ts): the roles of the upload type the
 * query names, and who a stored file is open to.
 */
import type { Context } from "hono";
import type { AnyEndpoint } from "../../src/domain/api/endpoint";
import { uploadTypeField } from "../../src/domain/api/uploads";
import { decodeRowId } from "../../src/domain/shared/requestInput";
import type { UploadType } from "../../src/domain/uploads/uploadTypes";
import { requireStaff } from "../auth/guard";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { fieldProblem, NOT_FOUND, Problem, REQUIRED } from "../http/problem";
import { uploadTypeOf } from "./actions";
import { mayReadFile, readFile, type StoredFile } from "./files";
import { type Caller, callerFor } from "./scope";

export type TypeCaller = Caller & { readonly type: UploadType };

/**
 * The upload type the query names (400 when absent or unknown, before the sign-in is checked, as
 * the type decides who may call), then a signed-in caller holding one of its roles (401, 403).
 */
export async function requireUploadTypeRole(
  c: Context<AppEnv>,
  deps: AppDeps,
  e: AnyEndpoint,
): Promise<TypeCaller> {
  const field = uploadTypeField(e.query);
  const value = c.req.query(field);
  if (!value) throw fieldProblem(field, REQUIRED);
  const type = uploadTypeOf(value);
  if (!type) throw fieldProblem(field, `Unknown upload type ${value}.`);
  return { ...(await callerFor(c, deps, type)), type };
}

export type FileReader = AuthState & { readonly file: StoredFile };

/**
 * A staff member (401, 403) and the file the path names, when it is open to them (`mayReadFile`);
 * a file they may not read looks like one that does not exist (404).
 */
export async function requireFileReader(c: Context<AppEnv>, deps: AppDeps): Promise<FileReader> {
  const auth = await requireStaff(c, deps);
  const id = decodeRowId(c.req.param("id") ?? "");
  const file = id === null ? undefined : await readFile(deps.db, id);
  if (!file || !(await mayReadFile(deps.db, auth.user, file))) throw new Problem(404, { ...NOT_FOUND });
  return { ...auth, file };
}
