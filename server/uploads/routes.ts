/**
 * The bulk upload API (spec 000 §7.2) and the file and My Downloads endpoints, mounted under /api,
 * served from their declarations (src/domain/api/uploads.ts). The grant checks the caller's session
 * and the type's roles; each handler checks the organisation of the job or place.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as api from "../../src/domain/api/uploads";
import { MESSAGE_MSG } from "../../src/domain/messaging/messaging";
import {
  addFieldError,
  decodeText,
  type FieldErrors,
  MAX_QUERY_TEXT_LENGTH,
} from "../../src/domain/shared/requestInput";
import { MAX_UPLOAD_BYTES, UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import { KYC_ZIP_MSG } from "../../src/domain/uploads/kycImages";
import type { UploadType } from "../../src/domain/uploads/uploadTypes";
import type { AppDeps, AppEnv } from "../context";
import { listExports, toApiExport } from "../exports/exportJobs";
import { paginate } from "../http/pagination";
import { fieldProblem, NOT_FOUND, Problem } from "../http/problem";
import { serve, serveFound } from "../http/serve";
import { messageProviderOf } from "../messaging/sender";
import { activationInfo, cancelJob, confirmJob } from "./actions";
import { EXCEL_CONTENT_TYPE, sniffExcel, writeWorkbook, XLSX_CONTENT_TYPE } from "./excel";
import { contentDisposition, safeFileName, saveFile, servedContentType } from "./files";
import { findJob, listJobs, toApiJob } from "./jobs";
import { ZIP_CONTENT_TYPE } from "./kycImages";
import { type PaymentGateway, simulatedGateway } from "./paymentGateway";
import { startJobRunner } from "./runner";
import { mayActFor, resolveScope, subProjectChoices } from "./scope";
import { helpFor } from "./templates";
import { zipParts } from "./zipParts";

/** Multipart framing around the file is small; the file itself is checked against MAX_UPLOAD_BYTES. */
const MULTIPART_OVERHEAD = 64 * 1024;
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;
export const isUploadPost = (method: string, path: string) =>
  method === "POST" && /^\/api\/bulk\/upload\/?$/.test(path);

/** Excel refuses a sheet name longer than this (icici_upi_account_payment_tracker is 33). */
const EXCEL_SHEET_NAME_MAX = 31;

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

/** A decoded query read key by key, as the scope of an upload reads it. */
const readQuery =
  (query: Readonly<Record<string, unknown>>) =>
  (key: string): string | undefined => {
    const value = query[key];
    return typeof value === "string" ? value : undefined;
  };

const moving = (status: string) => status === "processing" || status === "under_activation";

export function uploadsApi(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const gateway = gatewayFor(deps);
  const runner = startJobRunner(deps, gateway);
  app.use("/bulk/*", boundedQueryTexts);

  serve(app, deps, api.uploadHelp, async ({ caller }) => helpFor(caller.type));

  serve(app, deps, api.uploadSample, async ({ c, caller: { type } }) => {
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

  serve(app, deps, api.uploadSubProjects, async ({ caller, query }) => ({
    results: await subProjectChoices(deps.db, caller, query.project),
  }));

  serve(app, deps, api.uploadJob, async ({ caller, params }) => {
    const job = await findJob(deps.db, params.id);
    if (!job || job.object_type !== caller.type.key || !mayActFor(caller, job.organisation_id))
      throw new Problem(404, { ...NOT_FOUND });
    if (moving(job.status)) runner.kick();
    return toApiJob(job);
  });

  serve(app, deps, api.uploadJobs, async ({ c, caller, query, page }) => {
    const scope = await resolveScope(deps.db, caller, caller.type, readQuery(query));
    const { rows, count } = await listJobs(deps.db, caller.type.key, scope, page, query.search ?? "");
    if (rows.some((r) => moving(r.status))) runner.kick();
    return paginate(c.req.url, rows.map(toApiJob), count, page);
  });

  serveFound(
    app,
    deps,
    api.uploadExcel,
    async ({ c, caller, query }) => {
      const scope = await resolveScope(deps.db, caller, caller.type, readQuery(query));
      // The form is read here, once the place is known, so that one which does not parse says the
      // upload's own line; serve reads the same parsed form again.
      try {
        await c.req.parseBody();
      } catch {
        throw fieldProblem("file", UPLOAD_MSG.noFile);
      }
      return scope;
    },
    async ({ caller, body, found: scope }) => {
      const { type } = caller;
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) throw fieldProblem("file", UPLOAD_MSG.noFile);
      if (file.size > MAX_UPLOAD_BYTES) throw new Problem(413, { detail: UPLOAD_MSG.tooLarge });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = uploadedFileKind(type, bytes);
      if (!kind)
        throw fieldProblem("file", type.file === "imageZip" ? KYC_ZIP_MSG.notZip : UPLOAD_MSG.notExcel);
      const name = safeFileName(file.name, `upload.${kind.extension}`);
      const now = new Date(deps.clock());
      const id = await deps.db.transaction(async (tx) => {
        const fileId = await saveFile(tx, {
          name,
          contentType: kind.contentType,
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
      return toApiJob(job!);
    },
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw new Problem(413, { detail: UPLOAD_MSG.tooLarge });
      },
    }),
  );

  serve(app, deps, api.confirmUpload, async ({ caller, params }) => {
    if (caller.type.variant === "payment" && !gateway)
      throw new Problem(503, { detail: "No payment gateway is configured on this server." });
    if (caller.type.key === "whatsapp_messaging" && !messageProviderOf(deps))
      throw new Problem(503, { detail: MESSAGE_MSG.noProvider });
    const result = await confirmJob(deps, caller, caller.type, params.id);
    runner.kick();
    return result;
  });

  serve(app, deps, api.cancelUpload, async ({ caller, params }) =>
    cancelJob(deps, caller, caller.type, params.id),
  );

  serve(app, deps, api.paymentActivationInfo, async ({ caller, params }) => {
    if (caller.type.variant !== "payment")
      throw fieldProblem("object", "Only payment uploads have activation info.");
    return activationInfo(deps, caller, caller.type, params.id);
  });

  serve(app, deps, api.storedFile, async ({ c, caller: { file } }) => {
    if (file.content === null || (file.expires_at && file.expires_at.getTime() <= deps.clock()))
      throw new Problem(404, { detail: "This file has expired. Export it again." });
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": servedContentType(file),
      "Content-Disposition": contentDisposition(file.name),
    });
  });

  serve(app, deps, api.myExports, async ({ c, caller, page }) => {
    const { rows, count } = await listExports(deps.db, caller.user.id, page);
    if (rows.some((r) => r.status === "processing")) runner.kick();
    const now = deps.clock();
    return paginate(
      c.req.url,
      rows.map((r) => toApiExport(r, now)),
      count,
      page,
    );
  });

  return app;
}

/** What an upload's bytes are, for its type: an Excel workbook, or a zip of images (the KYC images). */
function uploadedFileKind(
  type: UploadType,
  bytes: Uint8Array,
): { extension: string; contentType: string } | null {
  if (type.file === "imageZip")
    return zipParts(bytes) && !sniffExcel(bytes) ? { extension: "zip", contentType: ZIP_CONTENT_TYPE } : null;
  const format = sniffExcel(bytes);
  return format ? { extension: format, contentType: EXCEL_CONTENT_TYPE[format] } : null;
}
