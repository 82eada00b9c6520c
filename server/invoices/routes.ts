/**
 * The collected bills endpoints (src/domain/api/invoices.ts): a workflow object's invoices, their
 * images, the three writes (each one transaction), a GST or PAN header's lookup and the two lists. An outlet the caller does
 * not see is not found.
 */
import { Hono } from "hono";
import * as skuApi from "../../src/domain/api/invoiceSkus";
import * as api from "../../src/domain/api/invoices";
import { headerLookupFormatError, lookupKindOf } from "../../src/domain/invoices/invoiceHeaders";
import type { Invoice } from "../../src/domain/invoices/invoices";
import { VERIFICATION_MSG } from "../../src/domain/verification/verification";
import { isInternal } from "../auth/organisationScope";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { paginate } from "../http/pagination";
import { NOT_FOUND, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { pendingState } from "../retailerRequests/gate";
import { visibleWorkflowObject } from "../survey/read";
import { runnerOf } from "../uploads/runner";
import { askProvider, type CheckRequest, pass, refuse, refuseWhenTooMany } from "../verification/service";
import { billFilterOptions, collectedBills, invoiceList } from "./lists";
import { editsInvoicesNow, invoiceImageContent, invoicesOf } from "./read";
import { startSkuExport } from "./skuExport";
import { deleteSkuRow, newSkuData, saveInvoice, skuInvoice } from "./skuRows";
import {
  createInvoice,
  lookupHeaderOf,
  recordHeaderLookup,
  saveHeaderAnswers,
  saveNumberDate,
} from "./write";

/** The name recorded for a lookup refused on its format, with no provider asked. */
const OFFLINE = "offline";

export function invoiceRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.invoiceData, async ({ caller, query }) => {
    const wo = await visibleWorkflowObject(db, caller, query.workflow_object);
    if (!wo) throw new Problem(404, { ...NOT_FOUND });
    const [outlet] = await db.query<{ rsid: string; name: string }>(
      "SELECT rsid, name FROM outlets WHERE id = $1",
      [wo.outlet_id],
    );
    const blocked = (await pendingState(db, wo.id)).blocked;
    const invoices = await invoicesOf(db, wo);
    return {
      workflow_object: query.workflow_object,
      outlet: { rsid: outlet!.rsid, name: outlet!.name },
      is_edit: !blocked && editsInvoicesNow(caller, wo),
      invoices,
    };
  });

  serve(app, deps, api.invoiceImage, async ({ c, caller, params }) => {
    const image = await invoiceImageContent(db, caller, params.id, isInternal(caller.user));
    if (!image) throw new Problem(404, { ...NOT_FOUND });
    return c.body(new Uint8Array(image.content), 200, {
      "Content-Type": image.content_type,
      "Cache-Control": "private, max-age=86400, immutable",
    });
  });

  serve(app, deps, api.createInvoice, async ({ caller, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => createInvoice(tx, caller, body, now));
  });

  serve(app, deps, api.saveInvoiceNumberDate, async ({ caller, params, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => saveNumberDate(tx, caller, params.id, body, now));
  });

  serve(app, deps, api.saveInvoiceHeaderAnswers, async ({ caller, params, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => saveHeaderAnswers(tx, caller, params.id, body, now));
  });

  // §7 header lookup: who may, the header and the version first, then the §5.3 format, then the
  // verification service (its rate limit, provider, record and messages); a pass lands on the
  // invoice in the check's own transaction, a failure changes nothing.
  serve(app, deps, api.lookUpInvoiceHeader, async ({ caller, params, body }) => {
    const header = await inTransaction(deps, (tx) => lookupHeaderOf(tx, caller, params.id, body));
    const kind = lookupKindOf(header.type);
    const value = body.single_input.trim();
    const check: CheckRequest = { kind, input: value };
    await refuseWhenTooMany(deps, caller);
    const malformed = headerLookupFormatError(header.type, value);
    if (malformed) return refuse(deps, caller, check, OFFLINE, malformed);
    const { provider, answer } = await askProvider(deps, caller, check, (p) =>
      kind === "pan" ? p.pan(value) : p.gst(value),
    );
    if (!answer.ok)
      return refuse(
        deps,
        caller,
        check,
        provider,
        kind === "pan" ? VERIFICATION_MSG.panFailure : VERIFICATION_MSG.gstFailure,
        answer.reference,
      );
    let landed: Invoice | null = null;
    await pass(deps, caller, check, provider, answer.reference, answer.data, async (tx) => {
      const recorded = await recordHeaderLookup(
        tx,
        caller,
        params.id,
        body,
        answer.data,
        new Date(deps.clock()),
      );
      landed = recorded.invoice;
      return { outletId: recorded.outletId, woId: recorded.woId, answerId: null };
    });
    return {
      detail: kind === "pan" ? VERIFICATION_MSG.panSuccess : VERIFICATION_MSG.gstSuccess,
      invoice: landed!,
    };
  });

  serve(app, deps, skuApi.newSkuData, async ({ caller, query }) => {
    const data = await newSkuData(db, caller, query.workflow_object);
    if (!data) throw new Problem(404, { ...NOT_FOUND });
    return data;
  });

  serve(app, deps, skuApi.invoiceSkuData, async ({ caller, params }) => {
    const invoice = await skuInvoice(db, caller, params.id);
    if (!invoice) throw new Problem(404, { ...NOT_FOUND });
    return invoice;
  });

  serve(app, deps, skuApi.saveInvoice, async ({ caller, params, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => saveInvoice(tx, caller, params.id, body, now));
  });

  serve(app, deps, skuApi.deleteSkuRow, async ({ caller, params, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => deleteSkuRow(tx, caller, params.id, body.version, now));
  });

  serve(app, deps, skuApi.exportSkuRows, async ({ caller, body }) => {
    const started = await startSkuExport(deps, caller, body);
    runnerOf(deps)?.kick();
    return started;
  });

  serve(app, deps, api.collectedBills, async ({ c, caller, query, page }) => {
    const { rows, count } = await collectedBills(db, caller, query, page);
    return paginate(c.req.url, rows, count, page);
  });

  serve(app, deps, api.billFilterOptions, ({ caller }) => billFilterOptions(db, caller));

  serve(app, deps, api.invoiceList, async ({ c, caller, query, page }) => {
    const { rows, count } = await invoiceList(db, caller, query, page);
    return paginate(c.req.url, rows, count, page);
  });

  return app;
}
