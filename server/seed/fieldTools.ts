/**
 * Field tools demo data (docs/demo-data.md, docs/field-tools.md): a completed dump of field auditor 3
 * (9000000003) with three surveys of yesterday in Acme Retail Audit, already indexed, and a failed
 * dump that names another user; recovery requests in each state the table shows: one accepted,
 * ready to confirm (two of the dump's RSIDs and one the dump does not hold), one cancelled, one
 * completed, and one processing whose worker stopped (taken over a minute after start).
 */
import { readFieldAppDump } from "../../src/domain/fieldTools/fieldTools";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { saveFile } from "../uploads/files";
import { demoDump } from "./fieldAppDump";

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_DUMP_AUDITOR = "9000000003";
export const DEMO_DUMP_RSIDS = ["RS9000301", "RS9000302", "RS9000303"] as const;
export const DEMO_DUMP_SUB_PROJECT = "acme-retail-audit-main";

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** An Acme city and territory, which the demo dumps' outlets are placed in. */
export async function demoPlace(tx: Queryable): Promise<{ cityId: number; territoryId: number }> {
  const [row] = await tx.query<{ city_id: number; territory_id: number }>(
    `SELECT (SELECT min(id) FROM cities) AS city_id, min(t.id) AS territory_id
     FROM territories t JOIN zones z ON z.id = t.zone_id JOIN regions r ON r.id = z.region_id
     JOIN organisations o ON o.id = r.organisation_id WHERE o.name LIKE 'Acme%'`,
  );
  return { cityId: row!.city_id, territoryId: row!.territory_id };
}

export async function seedFieldTools(tx: Queryable, now: number): Promise<void> {
  const [ids] = await tx.query<{
    user_id: number;
    org_id: number;
    auditor: number;
    other: number;
    sub: number;
    project: number;
  }>(
    `SELECT u.id AS user_id, u.organisation_id AS org_id,
       (SELECT id FROM field_auditors WHERE mobile = $1) AS auditor,
       (SELECT id FROM field_auditors WHERE mobile = '9000000004') AS other,
       s.id AS sub, s.project_id AS project
     FROM users u, sub_projects s WHERE u.username = 'field.coordinator' AND s.slug = $2`,
    [DEMO_DUMP_AUDITOR, DEMO_DUMP_SUB_PROJECT],
  );
  if (!ids?.auditor || !ids.other) return;
  const place = {
    subProject: DEMO_DUMP_SUB_PROJECT,
    surveyDate: isoDay(now - DAY),
    ...(await demoPlace(tx)),
  };
  const created = new Date(now - 2 * 60 * 60 * 1000);
  const text = demoDump(DEMO_DUMP_AUDITOR, DEMO_DUMP_RSIDS, place);
  const read = readFieldAppDump(text, DEMO_DUMP_AUDITOR);
  if (!read.ok) throw new Error(`demo dump: ${read.error}`);
  const dumpId = await insertDump(
    tx,
    ids.user_id,
    ids.org_id,
    ids.auditor,
    "auditor-3-backup.json",
    text,
    created,
    {
      status: "completed",
      count: read.dump.surveys.length,
    },
  );
  await insertMany(
    tx,
    "field_app_dump_surveys",
    ["dump_id", "auditor_id", "rsid", "sub_project_slug", "survey_date", "record"],
    read.dump.surveys.map((s) => [
      dumpId,
      ids.auditor,
      s.rsid,
      s.sub_project,
      s.survey_date,
      JSON.stringify(s),
    ]),
  );
  // The same dump uploaded under auditor 4: its user does not match, so it failed.
  await insertDump(tx, ids.user_id, ids.org_id, ids.other, "auditor-3-backup.json", text, created, {
    status: "failed",
    count: 0,
    message: "Wrong user: the dump belongs to another field app user.",
  });

  const request = async (status: string, rsids: [string, string][], age: number, worker = false) => {
    const at = new Date(now - age);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO recovery_requests (user_id, organisation_id, project_id, sub_project_id, auditor_id, date_uploaded,
         status, claimed_at, heartbeat_at, attempts, created, modified)
       SELECT $1, p.organisation_id, $2, $3, $4, $5, $6, $7, $7, $8, $9, $9 FROM projects p WHERE p.id = $2 RETURNING id`,
      [
        ids.user_id,
        ids.project,
        ids.sub,
        ids.auditor,
        place.surveyDate,
        status,
        worker ? new Date(now) : null,
        worker ? 1 : 0,
        at,
      ],
    );
    for (const [i, [rsid, outcome]] of rsids.entries())
      await tx.query(
        "INSERT INTO recovery_request_rsids (request_id, position, rsid, outcome) VALUES ($1, $2, $3, $4)",
        [row!.id, i + 1, rsid, outcome],
      );
  };
  await request("completed", [["RS9000399", "not_found"]], 90 * 60 * 1000);
  await request("cancelled", [["RS9000303", "cancelled"]], 80 * 60 * 1000);
  await request("processing", [["RS9000398", "pending"]], 70 * 60 * 1000, true);
  await request(
    "accepted",
    [
      [DEMO_DUMP_RSIDS[0], "pending"],
      [DEMO_DUMP_RSIDS[1], "pending"],
      ["RS9000397", "pending"],
    ],
    60 * 60 * 1000,
  );
}

async function insertDump(
  tx: Queryable,
  userId: number,
  orgId: number,
  auditorId: number,
  name: string,
  text: string,
  at: Date,
  result: { status: string; count: number; message?: string },
): Promise<number> {
  const fileId = await saveFile(tx, {
    name,
    contentType: "application/json",
    content: new TextEncoder().encode(text),
    organisationId: orgId,
    ownerId: userId,
    created: at,
  });
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO field_app_dumps (created_by, field_app_user, file_id, status, message, record_count, created)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [userId, auditorId, fileId, result.status, result.message ?? null, result.count, at],
  );
  return row!.id;
}
