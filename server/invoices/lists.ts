/**
 * The bills list (one row per outlet with collected invoices, its pending count) and the invoices
 * list (one row per invoice, newest invoice date first), each within the caller's organisation.
 * The filters offer the projects and sub-projects that have invoices the caller sees.
 * The invoices list's date range is held to the filter's 30-day rule (000 §2.4, §5).
 */
import type { InvoiceRecordId, WorkflowObjectId } from "../../src/domain/api/ids";
import type { BillFilterOptions } from "../../src/domain/invoices/invoiceLists";
import { invoiceRangeErrors } from "../../src/domain/invoices/invoiceLists";
import type { BillStatus, CollectedBillRow, InvoiceListRow } from "../../src/domain/invoices/invoices";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";

type Where = { sql: string[]; params: unknown[] };

function scope(viewer: OutletViewer): Where {
  return {
    sql: ["($1::boolean OR p.organisation_id = $2)"],
    params: [isInternal(viewer.user), viewer.user.organisation_id],
  };
}

function add(w: Where, sql: (n: number) => string, value: unknown): void {
  w.params.push(value);
  w.sql.push(sql(w.params.length));
}

const FROM = `FROM invoices i JOIN workflow_objects w ON w.id = i.workflow_object_id
  JOIN outlets o ON o.id = w.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
  JOIN projects p ON p.id = s.project_id`;

function searched(w: Where, search: string | undefined): void {
  if (search?.trim())
    add(
      w,
      (n) => `(o.rsid ILIKE $${n} OR o.name ILIKE $${n})`,
      `%${search.trim().replace(/[\\%_]/g, "\\$&")}%`,
    );
}

export async function collectedBills(
  db: Queryable,
  viewer: OutletViewer,
  query: {
    project?: readonly string[];
    sub_project?: readonly string[];
    status?: BillStatus;
    search?: string;
  },
  page: Page,
): Promise<{ rows: CollectedBillRow[]; count: number }> {
  const w = scope(viewer);
  if (query.project?.length) add(w, (n) => `p.slug = ANY ($${n}::text[])`, [...query.project]);
  if (query.sub_project?.length) add(w, (n) => `s.slug = ANY ($${n}::text[])`, [...query.sub_project]);
  searched(w, query.search);
  const having =
    query.status === "pending"
      ? "HAVING count(*) FILTER (WHERE NOT i.is_complete) > 0"
      : query.status === "complete"
        ? "HAVING count(*) FILTER (WHERE NOT i.is_complete) = 0"
        : "";
  const grouped = `SELECT w.id AS workflow_object, o.rsid, o.name AS outlet_name, o.rsid AS outlet_slug,
      p.name AS project, s.name AS sub_project, o.workflow_state, count(*)::int AS total_invoices,
      (count(*) FILTER (WHERE NOT i.is_complete))::int AS total_no_of_invoice_pending
    ${FROM} WHERE ${w.sql.join(" AND ")}
    GROUP BY w.id, o.rsid, o.name, p.name, s.name, o.workflow_state ${having}`;
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (${grouped}) g`,
    w.params,
  );
  const rows = await db.query<CollectedBillRow & { workflow_object: WorkflowObjectId }>(
    `${grouped} ORDER BY total_no_of_invoice_pending DESC, o.rsid
     LIMIT ${page.size} OFFSET ${(page.number - 1) * page.size}`,
    w.params,
  );
  return { rows, count: counted?.count ?? 0 };
}

export async function invoiceList(
  db: Queryable,
  viewer: OutletViewer,
  query: {
    sub_project?: readonly string[];
    status?: BillStatus;
    invoice_date_after?: string;
    invoice_date_before?: string;
    search?: string;
  },
  page: Page,
): Promise<{ rows: InvoiceListRow[]; count: number }> {
  const { invoice_date_after: from, invoice_date_before: to } = query;
  const bad = invoiceRangeErrors(from, to);
  if (Object.keys(bad).length) throw new Problem(400, bad);

  const w = scope(viewer);
  if (query.sub_project?.length) add(w, (n) => `s.slug = ANY ($${n}::text[])`, [...query.sub_project]);
  if (query.status) add(w, (n) => `i.is_complete = $${n}`, query.status === "complete");
  if (from) add(w, (n) => `i.invoice_date >= $${n}::date`, from);
  if (to) add(w, (n) => `i.invoice_date <= $${n}::date`, to);
  searched(w, query.search);
  const where = `WHERE ${w.sql.join(" AND ")}`;
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count ${FROM} ${where}`,
    w.params,
  );
  const rows = await db.query<InvoiceListRow & { id: InvoiceRecordId; workflow_object: WorkflowObjectId }>(
    `SELECT i.id, w.id AS workflow_object, o.rsid, o.name AS outlet_name, o.rsid AS outlet_slug,
       s.name AS sub_project, i.invoice_no, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date, i.is_complete,
       (SELECT count(*)::int FROM invoice_images m WHERE m.invoice_id = i.id) AS images
     ${FROM} ${where} ORDER BY i.invoice_date DESC NULLS LAST, i.id DESC
     LIMIT ${page.size} OFFSET ${(page.number - 1) * page.size}`,
    w.params,
  );
  return { rows, count: counted?.count ?? 0 };
}

/** The projects and sub-projects with invoices within the caller's organisation, by name. */
export async function billFilterOptions(db: Queryable, viewer: OutletViewer): Promise<BillFilterOptions> {
  const w = scope(viewer);
  const where = `WHERE ${w.sql.join(" AND ")}`;
  const [project, sub_project] = await Promise.all([
    db.query<{ slug: string; name: string }>(
      `SELECT DISTINCT p.slug, p.name ${FROM} ${where} ORDER BY p.name, p.slug`,
      w.params,
    ),
    db.query<{ slug: string; name: string }>(
      `SELECT DISTINCT s.slug, s.name ${FROM} ${where} ORDER BY s.name, s.slug`,
      w.params,
    ),
  ]);
  return { project, sub_project };
}
