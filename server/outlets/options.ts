/**
 * The filter drawer's options for an outlet list (spec 000 §2.4, §3): each option in the API's
 * keys, name for the label and id for the value (rsid for the RSID filter).
 */

import { RSID_FILTER } from "../../src/domain/outlets/outletListing";
import { OUTLET_STATES_BY_TYPE, stateLabel, workflowTypeOf } from "../../src/domain/outlets/outletStates";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer, VisibleSubProject } from "./access";

/** RSID options are capped: beyond this the search box is the way to find one outlet. */
export const RSID_OPTION_LIMIT = 1000;

export async function filterOptions(
  db: Queryable,
  viewer: OutletViewer,
  subProjects: readonly VisibleSubProject[],
) {
  const ids = subProjects.map((s) => s.id);
  const orgs = [...new Set(subProjects.map((s) => s.organisation_id))];
  const states = new Set(
    subProjects.flatMap((s) => {
      const type = workflowTypeOf(s.type);
      return type ? OUTLET_STATES_BY_TYPE[type] : [];
    }),
  );
  const internal = isInternal(viewer.user);
  type Option = { id: number; name: string };
  const [regions, cities, auditors, programs, rsids, panels] = await Promise.all([
    db.query<Option>(
      `SELECT r.id, CASE WHEN $2::boolean THEN r.name || ' (' || o.name || ')' ELSE r.name END AS name
       FROM regions r JOIN organisations o ON o.id = r.organisation_id
       WHERE r.organisation_id = ANY($1::int[]) ORDER BY o.name, r.name`,
      [orgs, internal],
    ),
    db.query<Option>("SELECT id, name FROM cities ORDER BY name"),
    db.query<Option>("SELECT id, name FROM field_auditors ORDER BY name"),
    db.query<Option>(
      `SELECT pr.id, pr.name || ' (' || s.name || ')' AS name
       FROM programs pr JOIN sub_projects s ON s.id = pr.sub_project_id
       WHERE pr.sub_project_id = ANY($1::int[]) ORDER BY s.name, pr.name`,
      [ids],
    ),
    db.query<{ rsid: string; name: string }>(
      `SELECT rsid, rsid || ' ' || name AS name FROM outlets WHERE sub_project_id = ANY($1::int[])
       ORDER BY rsid LIMIT ${RSID_OPTION_LIMIT}`,
      [ids],
    ),
    // The panel outlets' chooser: a panel by its slug (docs/projects.md, Panels).
    db.query<{ id: string; name: string }>(
      `SELECT pa.slug AS id, pa.name FROM panels pa WHERE pa.sub_project_id = ANY($1::int[]) ORDER BY pa.name`,
      [ids],
    ),
  ]);
  return {
    status: [
      ...[...states].map((s) => ({ id: s, name: stateLabel(s) })),
      { id: "active", name: "Active" },
      { id: "inactive", name: "Inactive" },
    ],
    region: regions,
    city: cities,
    auditor: auditors,
    program: programs,
    [RSID_FILTER]: rsids,
    panel: panels,
  };
}
