/**
 * The TDS and Form 16 endpoints (src/domain/api/tax.ts, docs/tax.md). The payout team is internal
 * and pays every organisation's retailers, so the figures are not narrowed by organisation.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as api from "../../src/domain/api/tax";
import { FINANCIAL_QUARTER_MONTHS, financialYearLabel } from "../../src/domain/tax/form16";
import { TAX_MSG } from "../../src/domain/tax/tax";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { createExport, exportOf } from "../exports/exportJobs";
import { paginate } from "../http/pagination";
import { fieldProblem, NOT_FOUND, Problem } from "../http/problem";
import { AnsweredWith, serve } from "../http/serve";
import { contentDisposition } from "../uploads/files";
import { runnerOf } from "../uploads/runner";
import { batchOf, latestBatches, startBatch } from "./batches";
import { issuedYear, panForm16Pdf, storeUploadedForm16 } from "./form16";
import { panList, panStores, tdsFigures, yearOrLastEnded } from "./reads";

/** An uploaded Form 16 is a PDF of at most this size. */
export const MAX_FORM16_BYTES = 5 * 1024 * 1024;
const FORM16_TOO_LARGE = "The Form 16 file may be at most 5 MB.";

/** The Form 16 upload reads its own multipart body, under its own limit. */
export const isForm16Upload = (method: string, path: string) =>
  method === "POST" && /^\/api\/tax\/form16\/[^/]+\/[^/]+\/pdf\/?$/.test(path);

const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5)) === "%PDF-";

export function taxRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const kick = () => runnerOf(deps)?.kick();

  serve(app, deps, api.tdsFigures, async ({ query }) =>
    tdsFigures(db, yearOrLastEnded(query.financial_year, deps.clock()), query.program ?? null, deps.clock()),
  );

  serve(app, deps, api.tdsReport, async ({ caller, body }) => {
    const now = new Date(deps.clock());
    const year = financialYearLabel(body.financial_year);
    const id = await createExport(db, {
      userId: caller.user.id,
      organisationId: caller.user.organisation_id,
      title: `TDS report Q${body.quarter} (${FINANCIAL_QUARTER_MONTHS[body.quarter - 1]}) ${year}`,
      kind: "tds_report",
      params: { financial_year: body.financial_year, quarter: body.quarter },
      now,
    });
    kick();
    return exportOf(db, id, now.getTime());
  });

  serve(app, deps, api.panList, async ({ c, query, page }) => {
    const { rows, count } = await panList(db, query.financial_year, query.search ?? "", page, deps.clock());
    return paginate(c.req.url, rows, count, page);
  });

  serve(app, deps, api.panStores, async ({ params, query }) => {
    const detail = await panStores(db, params.pan, query.financial_year, deps.clock());
    if (!detail) throw new Problem(404, { ...NOT_FOUND });
    return detail;
  });

  serve(app, deps, api.form16Csv, async ({ caller, body }) => {
    const now = new Date(deps.clock());
    const id = await createExport(db, {
      userId: caller.user.id,
      organisationId: caller.user.organisation_id,
      title: `Form 16 summary ${financialYearLabel(body.financial_year)}`,
      kind: "form16_csv",
      params: { financial_year: body.financial_year },
      now,
    });
    kick();
    return exportOf(db, id, now.getTime());
  });

  serve(app, deps, api.form16Batches, async () => ({ results: await latestBatches(db) }));

  serve(app, deps, api.form16Batch, async ({ params }) => {
    const batch = await batchOf(db, params.id);
    if (!batch) throw new Problem(404, { ...NOT_FOUND });
    if (batch.status === "processing") kick();
    return batch;
  });

  serve(app, deps, api.startForm16Batch, async ({ caller, body }) => {
    const { batch, started } = await startBatch(deps, caller.user.id, body.financial_year);
    kick();
    return started ? batch : new AnsweredWith(200, batch);
  });

  serve(app, deps, api.panForm16Pdf, async ({ c, params }) => {
    const file = await inTransaction(deps, (tx) => panForm16Pdf(tx, params.pan, params.year, deps.clock()));
    if (!file) throw new Problem(404, { ...NOT_FOUND });
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(file.name),
      "Cache-Control": "private, no-store",
    });
  });

  serve(
    app,
    deps,
    api.uploadPanForm16,
    async ({ caller, params, body: form }) => {
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) throw fieldProblem("file", TAX_MSG.uploadNotPdf);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!isPdf(bytes)) throw fieldProblem("file", TAX_MSG.uploadNotPdf);
      const now = deps.clock();
      await inTransaction(deps, async (tx) => {
        const year = await issuedYear(tx, params.pan, params.year, now);
        if (!year) throw new Problem(404, { ...NOT_FOUND });
        await storeUploadedForm16(tx, year, params.year, bytes, caller.user.id, now);
      });
      return {
        pan: params.pan,
        financial_year: financialYearLabel(params.year),
        source: "uploaded" as const,
      };
    },
    bodyLimit({
      maxSize: MAX_FORM16_BYTES + 64 * 1024,
      onError: () => {
        throw new Problem(413, { file: [FORM16_TOO_LARGE] });
      },
    }),
  );
  return app;
}
