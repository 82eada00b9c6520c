/**
 * A sub-project's invoice assignment: read, and saved as one business event — the template, or the
 * headers in order, replacing what was there, in one transaction at the version read.
 */

import { SkuTemplateId } from "../../src/domain/api/ids";
import {
  assignmentProblem,
  type HeaderOption,
  type InvoiceAssignment,
  type InvoiceSetup,
  SETUP_CHANGED,
} from "../../src/domain/invoices/invoiceSetup";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import { type Viewer, visibleProjects } from "../projects/cards";

type Place = { projectSlug: string; slug: string };
type Found = { id: number; slug: string; name: string; organisation_id: number };

/** The sub-project when the viewer sees its project; another organisation's is not found. */
export async function findSubProject(db: Queryable, viewer: Viewer, place: Place): Promise<Found | null> {
  const params: unknown[] = [place.projectSlug, place.slug];
  const [found] = await db.query<Found>(
    `SELECT s.id, s.slug, s.name, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE p.slug = $1 AND s.slug = $2 AND ${visibleProjects(viewer, params)}`,
    params,
  );
  return found ?? null;
}

const HEADER_COLUMNS = "h.id, h.header, h.header_type, h.is_mandatory";

async function setupOf(db: Queryable, sub: Found): Promise<InvoiceSetup> {
  const [saved] = await db.query<{ template_id: number | null; version: number }>(
    "SELECT template_id, version FROM sub_project_invoice_setups WHERE sub_project_id = $1",
    [sub.id],
  );
  const headers = await db.query<HeaderOption>(
    `SELECT ${HEADER_COLUMNS} FROM sub_project_invoice_headers a JOIN invoice_headers h ON h.id = a.header_id
     WHERE a.sub_project_id = $1 ORDER BY a.position`,
    [sub.id],
  );
  const templates = await db.query<{ id: SkuTemplateId; name: string }>(
    `SELECT id, name FROM invoice_templates WHERE organisation_id = $1 AND (is_active OR id = $2) ORDER BY name`,
    [sub.organisation_id, saved?.template_id ?? null],
  );
  const catalogue = await db.query<HeaderOption>(
    `SELECT ${HEADER_COLUMNS} FROM invoice_headers h WHERE h.organisation_id = $1 ORDER BY h.header`,
    [sub.organisation_id],
  );
  return {
    sub_project: { slug: sub.slug, name: sub.name },
    version: saved?.version ?? 0,
    template: saved?.template_id ? SkuTemplateId.make(saved.template_id) : null,
    headers,
    templates,
    catalogue,
  };
}

export async function readInvoiceSetup(
  db: Queryable,
  viewer: Viewer,
  place: Place,
): Promise<InvoiceSetup | null> {
  const sub = await findSubProject(db, viewer, place);
  return sub ? setupOf(db, sub) : null;
}

export const UNKNOWN_TEMPLATE = "Choose one of this organisation's active invoice templates.";
export const UNKNOWN_HEADER = "Choose headers of this organisation's invoice header catalogue.";

/**
 * Saves the assignment. The setup row is locked (or created) first, so two saves of the same
 * version apply once and the second is told someone else saved.
 */
export async function saveInvoiceSetup(
  deps: AppDeps,
  viewer: Viewer,
  place: Place,
  assignment: InvoiceAssignment,
): Promise<InvoiceSetup | null> {
  const problem = assignmentProblem(assignment);
  if (problem) throw new Problem(400, { detail: problem });
  const sub = await findSubProject(deps.db, viewer, place);
  if (!sub) return null;
  return deps.db.transaction(async (tx) => {
    await tx.query(
      "INSERT INTO sub_project_invoice_setups (sub_project_id, version) VALUES ($1, 0) ON CONFLICT DO NOTHING",
      [sub.id],
    );
    const [row] = await tx.query<{ version: number }>(
      "SELECT version FROM sub_project_invoice_setups WHERE sub_project_id = $1 FOR UPDATE",
      [sub.id],
    );
    if (row?.version !== assignment.version)
      throw new Problem(409, { detail: SETUP_CHANGED, code: "version_conflict" });
    if (assignment.template !== null) {
      const [template] = await tx.query(
        "SELECT 1 FROM invoice_templates WHERE id = $1 AND organisation_id = $2 AND is_active",
        [assignment.template, sub.organisation_id],
      );
      if (!template) throw new Problem(400, { template: [UNKNOWN_TEMPLATE] });
    }
    const ids = [...assignment.headers];
    const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoice_headers WHERE id = ANY($1::int[]) AND organisation_id = $2",
      [ids, sub.organisation_id],
    );
    if (n !== ids.length) throw new Problem(400, { headers: [UNKNOWN_HEADER] });
    await tx.query("DELETE FROM sub_project_invoice_headers WHERE sub_project_id = $1", [sub.id]);
    if (ids.length > 0)
      await tx.query(
        `INSERT INTO sub_project_invoice_headers (sub_project_id, header_id, position)
         SELECT $1, header_id, position::int FROM unnest($2::int[]) WITH ORDINALITY AS t(header_id, position)`,
        [sub.id, ids],
      );
    await tx.query(
      `UPDATE sub_project_invoice_setups SET template_id = $2, version = version + 1, modified_at = $3, modified_by = $4
       WHERE sub_project_id = $1`,
      [sub.id, assignment.template, new Date(deps.clock()), viewer.id],
    );
    return setupOf(tx, sub);
  });
}
