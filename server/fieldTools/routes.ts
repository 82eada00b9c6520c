/**
 * The field tools' calls (spec 002 §7): lookups, field app dumps and outlet field recovery. Every
 * call is for the users the permissions module names (requireFieldTools); writes run in one
 * transaction and wake the job runner.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DUMP_MSG, DUMP_PAGE_SIZE, MAX_DUMP_BYTES, RECOVERY_PAGE_SIZE } from "../../src/domain/fieldTools";
import {
  decodeRowId,
  decodeText,
  MAX_QUERY_TEXT_LENGTH,
  PAGE_SIZE_FIELD,
} from "../../src/domain/requestInput";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { pageParams, paginate } from "../http/pagination";
import { fieldProblem, jsonBody, Problem } from "../http/problem";
import { safeFileName } from "../uploads/files";
import { runnerOf } from "../uploads/runner";
import { requireFieldTools } from "./access";
import { createDump, listDumps } from "./dumps";
import { auditorsOf, multiObjectLookup, projects, subProjectsOf } from "./lookups";
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

function idParam(value: string | undefined, name: string): number {
  const id = decodeRowId(value);
  if (id === null) throw fieldProblem(name, "Give the id of one record.");
  return id;
}

const requestId = (value: string | undefined): number => {
  const id = decodeRowId(value);
  if (id === null) throw new Problem(404, { detail: "Not found." });
  return id;
};

/** The page asked for, with the list's own default size when none is given. */
const pageOf = (query: (k: string) => string | undefined, size: number) =>
  pageParams(query("page"), query(PAGE_SIZE_FIELD) ?? String(size));

/** The table's search text; anything that is not a bounded text is a 400. */
function searchOf(value: string | undefined): string {
  const read = decodeText(value ?? "", MAX_QUERY_TEXT_LENGTH);
  if (!read.ok) throw fieldProblem("search", read.error);
  return read.value;
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export function fieldToolRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const kick = () => runnerOf(deps)?.kick();

  app.get("/field-tools/projects/", async (c) => {
    await requireFieldTools(c, deps);
    return c.json(await projects(db));
  });
  app.get("/field-tools/sub-projects/", async (c) => {
    await requireFieldTools(c, deps);
    return c.json(await subProjectsOf(db, idParam(c.req.query("project_id"), "project_id")));
  });
  app.get("/field-tools/auditors/", async (c) => {
    await requireFieldTools(c, deps);
    return c.json(await auditorsOf(db, idParam(c.req.query("sub_project_id"), "sub_project_id")));
  });
  app.post("/lookups/objects/", async (c) => {
    await requireFieldTools(c, deps);
    return c.json(await multiObjectLookup(db, await jsonBody(c.req)));
  });

  app.get("/field-app-dumps/", async (c) => {
    await requireFieldTools(c, deps);
    const page = pageOf((k) => c.req.query(k), DUMP_PAGE_SIZE);
    const { results, count } = await listDumps(db, page, searchOf(c.req.query("search")));
    return c.json(paginate(c.req.url, results, count, page));
  });
  app.post(
    "/field-app-dumps/",
    bodyLimit({
      maxSize: MAX_DUMP_BYTES + 64 * 1024,
      onError: () => {
        throw new Problem(413, { uploaded_file: [DUMP_MSG.tooLarge] });
      },
    }),
    async (c) => {
      const auth = await requireFieldTools(c, deps);
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw fieldProblem("uploaded_file", DUMP_MSG.fileRequired);
      }
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
          userId: auth.user.id,
          organisationId: auth.user.organisation_id,
          auditorId,
          name: safeFileName(file.name, "dump.json"),
          bytes,
          at,
        }),
      );
      kick();
      return c.json(dump, 201);
    },
  );

  app.get("/outlet-recovery/", async (c) => {
    await requireFieldTools(c, deps);
    const page = pageOf((k) => c.req.query(k), RECOVERY_PAGE_SIZE);
    const { results, count } = await listRequests(db, page, searchOf(c.req.query("search")));
    return c.json(paginate(c.req.url, results, count, page));
  });
  app.post("/outlet-recovery/", async (c) => {
    const auth = await requireFieldTools(c, deps);
    const read = await readCreate(db, await jsonBody(c.req), isoDay(deps.clock()));
    const at = new Date(deps.clock());
    return c.json(await inTransaction(deps, (tx) => createRequest(tx, auth.user.id, read, at)), 201);
  });
  app.post("/outlet-recovery/:id/confirm/", async (c) => {
    await requireFieldTools(c, deps);
    const id = requestId(c.req.param("id"));
    const at = new Date(deps.clock());
    const answer = await inTransaction(deps, (tx) => confirmRequest(tx, id, at));
    kick();
    return c.json(answer);
  });
  app.post("/outlet-recovery/:id/cancel/", async (c) => {
    await requireFieldTools(c, deps);
    const id = requestId(c.req.param("id"));
    const at = new Date(deps.clock());
    return c.json(await inTransaction(deps, (tx) => cancelRequest(tx, id, at)));
  });
  app.post("/outlet-recovery/:id/report/", async (c) => {
    await requireFieldTools(c, deps);
    const id = requestId(c.req.param("id"));
    const csv = await requestReport(db, id);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="outlet-recovery-${id}.csv"`,
    });
  });
  return app;
}
