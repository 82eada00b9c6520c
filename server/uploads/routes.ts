/**
 * The bulk upload API (spec 000 §7.2) and the file and My Downloads endpoints, mounted under /api.
 * Every call checks the caller's session, the type's roles and the organisation of the job.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_UPLOAD_BYTES, UPLOAD_MSG } from "../../src/domain/bulkUpload";
import {
  addFieldError,
  decodeRowId,
  decodeText,
  type FieldErrors,
  MAX_QUERY_TEXT_LENGTH,
} from "../../src/domain/requestInput";
import type { UploadType } from "../../src/domain/uploadTypes";
import { requireStaff } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { listExports, toApiExport } from "../exports/exportJobs";
import { pageParams, paginate } from "../http/pagination";
import { fieldProblem, Problem, REQUIRED } from "../http/problem";
import { activationInfo, cancelJob, confirmJob, uploadTypeOf } from "./actions";
import { EXCEL_CONTENT_TYPE, sniffExcel, writeWorkbook, XLSX_CONTENT_TYPE } from "./excel";
import {
  contentDisposition,
  mayReadFile,
  readFile,
  safeFileName,
  saveFile,
  servedContentType,
} from "./files";
import { findJob, listJobs, toApiJob } from "./jobs";
import { type PaymentGateway, simulatedGateway } from "./paymentGateway";
import { startJobRunner } from "./runner";
import { callerFor, mayActFor, resolveScope, subProjectChoices } from "./scope";
import { helpFor } from "./templates";

/** Multipart framing around the file is small; the file itself is checked against MAX_UPLOAD_BYTES. */
const MULTIPART_OVERHEAD = 64 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;
export const isUploadPost = (method: string, path: string) =>
  method === "POST" && /^\/api\/bulk\/upload\/?$/.test(path);

function typeParam(value: string | undefined, field: string): UploadType {
  if (!value) throw fieldProblem(field, REQUIRED);
  const type = uploadTypeOf(value);
  if (!type) throw fieldProblem(field, `Unknown upload type ${value}.`);
  return type;
}

/** Excel refuses a sheet name longer than this (icici_upi_account_payment_tracker is 33). */
const EXCEL_SHEET_NAME_MAX = 31;

/** A path id no row can have is simply not found. */
const idParam = (raw: string): number => {
  const id = decodeRowId(raw);
  if (id === null) throw new Problem(404, { detail: "Not found." });
  return id;
};

/** Every query text of an upload call (type, scope, search) is bounded and free of NUL characters. */
const boundedQueryTexts: MiddlewareHandler<AppEnv> = async (c, next) => {
  const errors: FieldErrors = {};
  for (const [key, value] of new URL(c.req.url).searchParams) {
    const read = decodeText(value, MAX_QUERY_TEXT_LENGTH);
    if (!read.ok && !Object.hasOwn(errors, key)) addFieldError(errors, key, read.error);
  }
  if (Object.keys(errors).length > 0) throw new Problem(400, errors);
  await next();
};

/** The simulated gateway pays in demo mode; production has none configured, so Pay Now is refused. */
function gatewayFor(deps: AppDeps): PaymentGateway | null {
  return deps.mode === "demo" ? simulatedGateway(deps.sleep) : null;
}

export function uploadsApi(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const gateway = gatewayFor(deps);
  const runner = startJobRunner(deps, gateway);
  const query = (c: { req: { query: (k: string) => string | undefined } }) => (k: string) => c.req.query(k);
  api.use("/bulk/*", boundedQueryTexts);

  api.get("/bulk/upload/help/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    await callerFor(c, deps, type);
    return c.json(helpFor(type));
  });

  api.get("/bulk/upload/sample/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    await callerFor(c, deps, type);
    const bytes = writeWorkbook(
      type.key.slice(0, EXCEL_SHEET_NAME_MAX),
      type.columns.map((col) => col.name),
      [type.columns.map((col) => col.sample)],
    );
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": contentDisposition(`${type.key}_sample.xlsx`),
    });
  });

  api.get("/bulk/upload/sub-projects/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    const caller = await callerFor(c, deps, type);
    return c.json({ results: await subProjectChoices(deps.db, caller, c.req.query("project")) });
  });

  api.get("/bulk/upload/:id/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    const caller = await callerFor(c, deps, type);
    const job = await findJob(deps.db, idParam(c.req.param("id")));
    if (!job || job.object_type !== type.key || !mayActFor(caller, job.organisation_id))
      throw new Problem(404, { detail: "Not found." });
    if (job.status === "processing" || job.status === "under_activation") runner.kick();
    return c.json(toApiJob(job));
  });

  api.get("/bulk/upload/", async (c) => {
    const type = typeParam(c.req.query("objects_type"), "objects_type");
    const caller = await callerFor(c, deps, type);
    const scope = await resolveScope(deps.db, caller, type, query(c));
    const page = pageParams(c.req.query("page"), c.req.query("page-size"));
    const { rows, count } = await listJobs(deps.db, type.key, scope, page, c.req.query("search") ?? "");
    if (rows.some((r) => r.status === "processing" || r.status === "under_activation")) runner.kick();
    return c.json(paginate(c.req.url, rows.map(toApiJob), count, page));
  });

  api.post(
    "/bulk/upload/",
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw new Problem(413, { detail: UPLOAD_MSG.tooLarge });
      },
    }),
    async (c) => {
      const type = typeParam(c.req.query("object"), "object");
      const caller = await callerFor(c, deps, type);
      const scope = await resolveScope(deps.db, caller, type, query(c));
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw fieldProblem("file", UPLOAD_MSG.noFile);
      }
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) throw fieldProblem("file", UPLOAD_MSG.noFile);
      if (file.size > MAX_UPLOAD_BYTES) throw new Problem(413, { detail: UPLOAD_MSG.tooLarge });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const format = sniffExcel(bytes);
      if (!format) throw fieldProblem("file", UPLOAD_MSG.notExcel);
      const name = safeFileName(file.name, `upload.${format}`);
      const now = new Date(deps.clock());
      const id = await deps.db.transaction(async (tx) => {
        const fileId = await saveFile(tx, {
          name,
          contentType: EXCEL_CONTENT_TYPE[format],
          content: bytes,
          organisationId: scope.organisationId,
          ownerId: caller.user.id,
          created: now,
        });
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO bulk_upload_jobs (object_type, organisation_id, project_id, sub_project_id, question_group,
             created_by, created, file_id, file_name, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'processing') RETURNING id`,
          [
            type.key,
            scope.organisationId,
            scope.projectId,
            scope.subProjectId,
            scope.questionGroup,
            caller.user.id,
            now,
            fileId,
            name,
          ],
        );
        return row!.id;
      });
      runner.kick();
      const job = await findJob(deps.db, id);
      return c.json(toApiJob(job!), 201);
    },
  );

  api.post("/bulk/upload/:id/activate/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    const caller = await callerFor(c, deps, type);
    if (type.variant === "payment" && !gateway)
      throw new Problem(503, { detail: "No payment gateway is configured on this server." });
    const result = await confirmJob(deps, caller, type, idParam(c.req.param("id")));
    runner.kick();
    return c.json(result);
  });

  api.post("/bulk/upload/:id/cancel/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    const caller = await callerFor(c, deps, type);
    return c.json(await cancelJob(deps, caller, type, idParam(c.req.param("id"))));
  });

  api.get("/bulk/upload/:id/get-icici-upi-activation-info/", async (c) => {
    const type = typeParam(c.req.query("object"), "object");
    if (type.variant !== "payment")
      throw fieldProblem("object", "Only payment uploads have activation info.");
    const caller = await callerFor(c, deps, type);
    return c.json(await activationInfo(deps, caller, type, idParam(c.req.param("id"))));
  });

  api.get("/files/:id/:name", async (c) => {
    const auth = await requireStaff(c, deps);
    const file = await readFile(deps.db, idParam(c.req.param("id")));
    if (!file || !(await mayReadFile(deps.db, auth.user, file)))
      throw new Problem(404, { detail: "Not found." });
    if (file.content === null || (file.expires_at && file.expires_at.getTime() <= deps.clock()))
      throw new Problem(404, { detail: "This file has expired. Export it again." });
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": servedContentType(file),
      "Content-Disposition": contentDisposition(file.name),
    });
  });

  api.get("/exports/", async (c) => {
    const auth = await requireStaff(c, deps);
    const page = pageParams(c.req.query("page"), c.req.query("page-size"));
    const { rows, count } = await listExports(deps.db, auth.user.id, page);
    if (rows.some((r) => r.status === "processing")) runner.kick();
    const now = deps.clock();
    return c.json(
      paginate(
        c.req.url,
        rows.map((r) => toApiExport(r, now)),
        count,
        page,
      ),
    );
  });

  return api;
}
