/**
 * The field tools' calls (spec 002 §7): lookups, field app dumps and outlet field recovery. Every
 * call is for the users the permissions module names (requireFieldTools); writes run in one
 * transaction and wake the job runner.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as api from "../../src/domain/api/fieldTools";
import {
  DUMP_MSG,
  DUMP_PAGE_SIZE,
  MAX_DUMP_BYTES,
  RECOVERY_PAGE_SIZE,
} from "../../src/domain/fieldTools/fieldTools";
import { decodeRowId, PAGE_SIZE_FIELD } from "../../src/domain/shared/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { pageParams, paginate } from "../http/pagination";
import { fieldProblem, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { safeFileName } from "../uploads/files";
import { runnerOf } from "../uploads/runner";
import { createDump, listDumps } from "./dumps";
import { auditorsOf, projects, subProjectsOf } from "./lookups";
import {
  cancelRequest,
  confirmRequest,
  createRequest,
  listRequests,
  readCreate,
  requestReport,
} from "./recovery";

export const DUMPS_PATH = "/api/field-app-dumps/";
/** The dump upload reads its own multipart body, under its own limit. */
export const isDumpUpload = (method: string, path: string) =>
  method === "POST" && /^\/api\/field-app-dumps\/?$/.test(path);

/** The page asked for, with the list's own default size when none is given. */
const pageOf = (query: (k: string) => string | undefined, size: number) =>
  pageParams(query("page"), query(PAGE_SIZE_FIELD) ?? String(size));

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export function fieldToolRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const kick = () => runnerOf(deps)?.kick();

  serve(app, deps, api.fieldProjects, async () => projects(db));
  serve(app, deps, api.fieldSubProjects, async ({ query }) => subProjectsOf(db, query.project_id));
  serve(app, deps, api.fieldAuditors, async ({ query }) => auditorsOf(db, query.sub_project_id));

  serve(app, deps, api.fieldAppDumps, async ({ c, query }) => {
    const page = pageOf((k) => c.req.query(k), DUMP_PAGE_SIZE);
    const { results, count } = await listDumps(db, page, query.search ?? "");
    return paginate(c.req.url, results, count, page);
  });
  serve(
    app,
    deps,
    api.uploadFieldAppDump,
    async ({ caller, body: form }) => {
      const file = form.uploaded_file;
      if (!(file instanceof File) || file.size === 0)
        throw fieldProblem("uploaded_file", DUMP_MSG.fileRequired);
      if (file.size > MAX_DUMP_BYTES) throw fieldProblem("uploaded_file", DUMP_MSG.tooLarge);
      const auditorId = decodeRowId(form.field_app_user);
      if (auditorId === null) throw fieldProblem("field_app_user", DUMP_MSG.userRequired);
      const [auditor] = await db.query("SELECT 1 FROM field_auditors WHERE id = $1", [auditorId]);
      if (!auditor) throw fieldProblem("field_app_user", DUMP_MSG.userRequired);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const at = new Date(deps.clock());
      const dump = await inTransaction(deps, (tx) =>
        createDump(tx, {
          userId: caller.user.id,
          organisationId: caller.user.organisation_id,
          auditorId,
          name: safeFileName(file.name, "dump.json"),
          bytes,
          at,
        }),
      );
      kick();
      return dump;
    },
    bodyLimit({
      maxSize: MAX_DUMP_BYTES + 64 * 1024,
      onError: () => {
        throw new Problem(413, { uploaded_file: [DUMP_MSG.tooLarge] });
      },
    }),
  );

  serve(app, deps, api.recoveryRequests, async ({ c, query }) => {
    const page = pageOf((k) => c.req.query(k), RECOVERY_PAGE_SIZE);
    const { results, count } = await listRequests(db, page, query.search ?? "");
    return paginate(c.req.url, results, count, page);
  });
  serve(app, deps, api.createRecoveryRequest, async ({ caller, body }) => {
    const read = await readCreate(db, body, isoDay(deps.clock()));
    const at = new Date(deps.clock());
    return inTransaction(deps, (tx) => createRequest(tx, caller.user.id, read, at));
  });
  serve(app, deps, api.confirmRecoveryRequest, async ({ params: { id } }) => {
    const at = new Date(deps.clock());
    const answer = await inTransaction(deps, (tx) => confirmRequest(tx, id, at));
    kick();
    return answer;
  });
  serve(app, deps, api.cancelRecoveryRequest, async ({ params: { id } }) => {
    const at = new Date(deps.clock());
    return inTransaction(deps, (tx) => cancelRequest(tx, id, at));
  });
  serve(app, deps, api.recoveryReport, async ({ c, params: { id } }) => {
    const csv = await requestReport(db, id);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="outlet-recovery-${id}.csv"`,
    });
  });
  return app;
}
