/** The records upload rows may name, loaded once per file so each row is checked in memory. */
import type { RefKind, RefLookup, UploadType } from "../../src/domain/uploadTypes";
import type { Queryable } from "../db/db";
import type { UploadScope } from "./scope";

type Loader = (db: Queryable, scope: UploadScope) => Promise<string[]>;

const names = async (db: Queryable, sql: string, params: unknown[] = []) =>
  (await db.query<{ v: string }>(sql, params)).map((r) => String(r.v));

/** Outlets of the scope's organisation's projects; the internal organisation sees every outlet. */
const OUTLETS_IN_SCOPE = `
  FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
  WHERE p.organisation_id = $1 OR (SELECT kind FROM organisations WHERE id = $1) = 'internal'`;

const LOADERS: Readonly<Record<RefKind, Loader>> = {
  region: (db, s) =>
    names(db, "SELECT name AS v FROM regions WHERE organisation_id = $1", [s.organisationId]),
  zone: (db, s) =>
    names(
      db,
      "SELECT z.name AS v FROM zones z JOIN regions r ON r.id = z.region_id WHERE r.organisation_id = $1",
      [s.organisationId],
    ),
  state: (db) => names(db, "SELECT name AS v FROM states"),
  role: (db) => names(db, "SELECT name AS v FROM roles"),
  outlet: (db, s) => names(db, `SELECT o.rsid AS v ${OUTLETS_IN_SCOPE}`, [s.organisationId]),
  outletId: (db, s) => names(db, `SELECT o.id::text AS v ${OUTLETS_IN_SCOPE}`, [s.organisationId]),
  username: (db) => names(db, "SELECT lower(username) AS v FROM users"),
  plottedPayout: (db, s) =>
    names(
      db,
      `SELECT DISTINCT o.rsid AS v FROM outlet_payouts p JOIN outlets o ON o.id = p.outlet_id
       WHERE p.sub_project_id = $1 AND p.payment_status = 'plotted'`,
      [s.subProjectId],
    ),
};

/** User names compare without case; everything else exactly. */
const keyOf = (kind: RefKind, value: string) => (kind === "username" ? value.toLowerCase() : value);

/** Loads the sets the type's columns refer to and answers lookups from them. */
export async function lookupFor(db: Queryable, type: UploadType, scope: UploadScope): Promise<RefLookup> {
  const kinds = new Set(
    type.columns.flatMap((c) => (c.rule.kind === "ref" || c.rule.kind === "new" ? [c.rule.ref] : [])),
  );
  const sets = new Map<RefKind, Set<string>>();
  for (const kind of kinds) sets.set(kind, new Set(await LOADERS[kind](db, scope)));
  return (kind, value) => sets.get(kind)?.has(keyOf(kind, value)) ?? false;
}
