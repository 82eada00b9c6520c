/**
 * Reading collected bills (src/domain/api/invoices.ts): a workflow object's invoices with the
 * headers its sub-project's invoices ask (its own ordered list, else its template's), their answers
 * and images by kind. The workflow object is found through the caller's organisation first, so an
 * outlet the caller may not see is simply not found.
 */

import { addressOf } from "../../src/domain/api/endpoint";
import type { InvoiceRecordId, WorkflowObjectId } from "../../src/domain/api/ids";
import { InvoiceImageId } from "../../src/domain/api/ids";
import { invoiceImage } from "../../src/domain/api/invoices";
import {
  type ImageKind,
  type Invoice,
  type InvoiceHeaderAnswer,
  type InvoiceHeaderType,
  type InvoiceImage,
  type InvoiceSummary,
  mayEditInvoices,
} from "../../src/domain/invoices/invoices";
import { offersUpdateActions } from "../../src/domain/outlets/actionsConfig";
import { reviewRole } from "../../src/domain/outlets/outletReview";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "../outlets/access";
import { cachedActionsConfig } from "../outlets/actionsConfigCache";
import type { VisibleWorkflowObject } from "../survey/read";

/** A header the sub-project's invoices ask, as the header catalogue stores it. */
type HeaderRow = {
  id: number;
  header: string;
  header_type: InvoiceHeaderType;
  is_mandatory: boolean;
  min_length: string | null;
  max_length: string | null;
  lower_limit: string | null;
  upper_limit: string | null;
  allow_decimals: boolean;
  min_images_count: string | null;
  max_images_count: string | null;
  choices: string;
  show_logic_invoice_header_id: number | null;
  show_logic_invoice_condition: "is_equal_to" | "is_not_equal_to" | null;
  show_logic_invoice_option: string;
};

/** A numeric column as text (PostgreSQL numeric), as a number; null stays null. */
export const num = (v: string | null): number | null => (v === null ? null : Number(v));

/** The headers a sub-project's invoices ask, in order: its own list, else its template's by id. */
export async function subProjectHeaders(db: Queryable, subProjectId: number): Promise<HeaderRow[]> {
  return db.query<HeaderRow>(
    `SELECT h.id, h.header, h.header_type, h.is_mandatory, h.min_length, h.max_length, h.lower_limit,
       h.upper_limit, h.allow_decimals, h.min_images_count, h.max_images_count, h.choices,
       h.show_logic_invoice_header_id, h.show_logic_invoice_condition, h.show_logic_invoice_option
     FROM invoice_headers h
     LEFT JOIN sub_project_invoice_headers own ON own.header_id = h.id AND own.sub_project_id = $1
     WHERE own.sub_project_id IS NOT NULL
        OR (NOT EXISTS (SELECT 1 FROM sub_project_invoice_headers WHERE sub_project_id = $1)
            AND h.id IN (SELECT th.header_id FROM invoice_template_headers th
                         JOIN sub_project_invoice_setups s ON s.template_id = th.template_id
                         WHERE s.sub_project_id = $1))
     ORDER BY own.position NULLS LAST, h.id`,
    [subProjectId],
  );
}

type InvoiceRow = {
  id: number;
  workflow_object_id: number;
  position: number;
  invoice_no: string;
  invoice_date: string | null;
  version: number;
  is_complete: boolean;
};
type AnswerRow = {
  invoice_id: number;
  header_id: number;
  single_input: string | null;
  is_verified: boolean;
  gst_legal_name: string | null;
  gst_registration_status: string | null;
  gst_trade_name: string | null;
  pan_holder_name: string | null;
};
type ImageRow = {
  id: number;
  invoice_id: number;
  kind: ImageKind | "header";
  header_id: number | null;
  name: string | null;
};

const imageOf = (r: ImageRow): InvoiceImage => ({
  id: InvoiceImageId.make(r.id),
  name: r.name,
  url: addressOf(invoiceImage, { id: String(r.id) }),
});

const INVOICE_COLUMNS = `i.id, i.workflow_object_id, i.position, i.invoice_no,
  to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date, i.version, i.is_complete`;

const summaryOf = (i: InvoiceRow): InvoiceSummary => ({
  id: i.id as InvoiceRecordId,
  workflow_object: i.workflow_object_id as WorkflowObjectId,
  index: i.position - 1,
  invoice_no: i.invoice_no,
  invoice_date: i.invoice_date,
  version: i.version,
  is_complete: i.is_complete,
});

/** A workflow object's invoices in tab order, without their answers and images. */
export async function invoiceSummariesOf(db: Queryable, woId: number): Promise<InvoiceSummary[]> {
  const rows = await db.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices i WHERE i.workflow_object_id = $1 ORDER BY i.position`,
    [woId],
  );
  return rows.map(summaryOf);
}

/** Invoices with their answers and images, in tab order; `only` narrows to one invoice. */
export async function invoicesOf(
  db: Queryable,
  wo: Pick<VisibleWorkflowObject, "id" | "sub_project_id">,
  only?: number,
): Promise<Invoice[]> {
  const invoices = await db.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices i
     WHERE i.workflow_object_id = $1 AND ($2::int IS NULL OR i.id = $2) ORDER BY i.position`,
    [wo.id, only ?? null],
  );
  if (invoices.length === 0) return [];
  const ids = invoices.map((i) => i.id);
  const headers = await subProjectHeaders(db, wo.sub_project_id);
  const answers = await db.query<AnswerRow>(
    `SELECT invoice_id, header_id, single_input, is_verified, gst_legal_name, gst_registration_status,
       gst_trade_name, pan_holder_name FROM invoice_header_answers WHERE invoice_id = ANY ($1::int[])`,
    [ids],
  );
  const images = await db.query<ImageRow>(
    `SELECT id, invoice_id, kind, header_id, name FROM invoice_images
     WHERE invoice_id = ANY ($1::int[]) ORDER BY id`,
    [ids],
  );
  return invoices.map((i) => {
    const own = images.filter((m) => m.invoice_id === i.id);
    const byKind = (kind: ImageKind) => own.filter((m) => m.kind === kind).map(imageOf);
    const simplifiedinvoiceheaderanswer: InvoiceHeaderAnswer[] = headers.map((h) => {
      const a = answers.find((x) => x.invoice_id === i.id && x.header_id === h.id);
      return {
        invoice_header: h.id,
        invoice_header_name: h.header,
        invoice_header_type: h.header_type,
        single_input: a?.single_input ?? null,
        images: own.filter((m) => m.kind === "header" && m.header_id === h.id).map(imageOf),
        is_mandatory: h.is_mandatory,
        validations: {
          min_length: num(h.min_length),
          max_length: num(h.max_length),
          lower_limit: num(h.lower_limit),
          upper_limit: num(h.upper_limit),
          allow_decimals: h.allow_decimals,
          greater_than: null,
          lower_than: null,
          min_images_count: num(h.min_images_count),
          max_images_count: num(h.max_images_count),
          choices: h.choices,
        },
        show_logic_config: {
          show_logic_invoice_header: h.show_logic_invoice_header_id,
          show_logic_invoice_condition: h.show_logic_invoice_condition,
          show_logic_invoice_option: h.show_logic_invoice_option,
        },
        is_verified: a?.is_verified ?? false,
        details: {
          gst_legal_name: a?.gst_legal_name ?? null,
          gst_registration_status: a?.gst_registration_status ?? null,
          gst_trade_name: a?.gst_trade_name ?? null,
          pan_holder_name: a?.pan_holder_name ?? null,
        },
      };
    });
    return {
      ...summaryOf(i),
      simplifiedinvoiceheaderanswer,
      images: { invoice: byKind("invoice"), sku: byKind("sku"), add_on_sku: byKind("add_on_sku") },
    };
  });
}

/** 001 §4.2: whether this caller may edit the invoices of this outlet now. */
export function editsInvoicesNow(
  viewer: OutletViewer,
  wo: Pick<VisibleWorkflowObject, "workflow_state" | "sub_project_type">,
): boolean {
  const permission = viewer.user.considered_workflow_permission;
  const offered = offersUpdateActions(
    { workflow_state: wo.workflow_state, subProject: wo.sub_project_type },
    cachedActionsConfig(permission),
  );
  return mayEditInvoices(reviewRole(permission), wo.workflow_state, false, offered);
}

/** One invoice image, if the caller sees its outlet. */
export async function invoiceImageContent(
  db: Queryable,
  viewer: OutletViewer,
  id: number,
  internal: boolean,
): Promise<{ content_type: string; content: Uint8Array } | null> {
  const [row] = await db.query<{ content_type: string; content: Uint8Array }>(
    `SELECT m.content_type, m.content FROM invoice_images m
     JOIN invoices i ON i.id = m.invoice_id JOIN workflow_objects w ON w.id = i.workflow_object_id
     JOIN outlets o ON o.id = w.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id
     WHERE m.id = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [id, internal, viewer.user.organisation_id],
  );
  return row ?? null;
}
