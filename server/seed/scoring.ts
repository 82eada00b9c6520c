/**
 * Logic scoring of the demo (docs/demo-data.md, docs/scoring.md): Acme Retail Audit Cycle 1 scores
 * its outlets in three parameter groups from the survey's seeded questions, with a calculated
 * Availability index, and a confirmed benchmarks upload; every outlet of the cycle is scored.
 */
import type { Queryable } from "../db/db";
import { rescoreOutlets } from "../scoring/rescore";
import { writeWorkbook, XLSX_CONTENT_TYPE } from "../uploads/excel";
import { saveFile } from "../uploads/files";

export const SCORED_CYCLE = "acme-retail-audit-cycle-1";
export const DEMO_BENCHMARKS_FILE = "cycle_1_benchmarks.xlsx";

const GROUPS = [
  ["Visibility", 1],
  ["Availability", 2],
  ["Shop profile", 3],
] as const;

/** Group, name, code, source question (group: question), rule, target, points, maximum, weight. */
const PARAMETERS = [
  [
    "Visibility",
    "Shop board visible",
    "board_visible",
    "Shop Details",
    "Shop board visible?",
    "yes",
    null,
    "",
    10,
    2,
  ],
  ["Visibility", "Shop front photo", "front_photo", "Photos", "Shop front photo", "answered", null, "", 5, 1],
  ["Visibility", "Shelf photos", "shelf_photos", "Photos", "Shelf photos", "answered", null, "", 5, 1],
  ["Availability", "In stock", "in_stock", "Stock Check", "In stock", "yes", null, "", 10, 1],
  ["Availability", "Facings", "facings", "Stock Check", "Facings", "proportional", 6, "", 10, 1],
  [
    "Shop profile",
    "Shop type",
    "shop_type",
    "Shop Details",
    "Shop type",
    "choice_points",
    null,
    "Supermarket=10;Kirana=6;Pharmacy=4;Paan shop=2",
    10,
    1,
  ],
  ["Shop profile", "Daily footfall", "footfall", "Shop Details", "Daily footfall", "at_least", 200, "", 5, 1],
] as const;

const BENCHMARKS = [
  ["Visibility", "20"],
  ["Availability", "18"],
  ["Shop board visible", "16"],
  ["In stock", "8"],
  ["Availability index", "6"],
] as const;

export async function seedScoring(tx: Queryable, now: number): Promise<void> {
  const [cycle] = await tx.query<{ id: number; project_id: number; organisation_id: number }>(
    `SELECT s.id, s.project_id, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE s.slug = $1`,
    [SCORED_CYCLE],
  );
  const [manager] = await tx.query<{ id: number }>("SELECT id FROM users WHERE username = 'project.manager'");
  if (!cycle || !manager) return;
  const at = new Date(now - 24 * 60 * 60 * 1000);
  const groups = await tx.query<{ id: number; name: string }>(
    `INSERT INTO scoring_parameter_groups (sub_project_id, name, position, modified_at, modified_by)
     SELECT $1, x.name, x.position, $4, $5 FROM unnest($2::text[], $3::int[]) AS x(name, position)
     RETURNING id, name`,
    [cycle.id, GROUPS.map((g) => g[0]), GROUPS.map((g) => g[1]), at, manager.id],
  );
  const groupId = (name: string) => groups.find((g) => g.name === name)!.id;
  for (const p of PARAMETERS) {
    const [group, name, code, questionGroup, question, rule, target, points, maximum, weight] = p;
    // Placed in order within its group: the calculated Availability index comes third in its group.
    const position = PARAMETERS.filter((q) => q[0] === group).indexOf(p) + 1;
    await tx.query(
      `INSERT INTO scoring_parameters (sub_project_id, group_id, name, code, question_id, rule, target, points,
         maximum, weight, position, modified_at, modified_by)
       SELECT $1, $2, $3, $4, q.id, $7, $8, $9, $10, $11, $12, $13, $14
       FROM questions q JOIN question_groups g ON g.id = q.question_group_id
       WHERE g.sub_project_id = $1 AND g.name = $5 AND q.name = $6`,
      [
        cycle.id,
        groupId(group),
        name,
        code,
        questionGroup,
        question,
        rule,
        target,
        points,
        maximum,
        weight,
        position,
        at,
        manager.id,
      ],
    );
  }
  await tx.query(
    `INSERT INTO calculated_parameters (sub_project_id, group_id, name, code, expression, maximum, position,
       modified_at, modified_by)
     VALUES ($1, $2, 'Availability index', 'availability_index', 'in_stock * facings / 10', 10, 3, $3, $4)`,
    [cycle.id, groupId("Availability"), at, manager.id],
  );
  await seedBenchmarksUpload(tx, cycle, manager.id, at);
  const outlets = await tx.query<{ id: number }>(
    "SELECT id FROM outlets WHERE sub_project_id = $1 ORDER BY id",
    [cycle.id],
  );
  await rescoreOutlets(
    tx,
    cycle.id,
    outlets.map((o) => o.id),
    new Date(now),
  );
}

/** A confirmed benchmarks upload of the cycle, with its real file, as the upload screen would leave it. */
async function seedBenchmarksUpload(
  tx: Queryable,
  cycle: { id: number; project_id: number; organisation_id: number },
  userId: number,
  at: Date,
): Promise<void> {
  const columns = ["parameter", "benchmark"];
  const rows = BENCHMARKS.map((b) => [...b]);
  const fileId = await saveFile(tx, {
    name: DEMO_BENCHMARKS_FILE,
    contentType: XLSX_CONTENT_TYPE,
    content: writeWorkbook("benchmarks", columns, rows),
    organisationId: cycle.organisation_id,
    ownerId: userId,
    created: at,
  });
  const [job] = await tx.query<{ id: number }>(
    `INSERT INTO bulk_upload_jobs (object_type, organisation_id, project_id, sub_project_id, created_by, created,
       file_id, file_name, status, total_objects, total_clean_objects, total_unclean_objects, total_validated_objects,
       progress, activated_by, activated_at)
     VALUES ('benchmarks', $1, $2, $3, $4, $5, $6, $7, 'active', $8, $8, 0, $8, $8, $4, $5) RETURNING id`,
    [
      cycle.organisation_id,
      cycle.project_id,
      cycle.id,
      userId,
      at,
      fileId,
      DEMO_BENCHMARKS_FILE,
      rows.length,
    ],
  );
  await tx.query(
    `INSERT INTO scoring_benchmarks (sub_project_id, parameter, benchmark, job_id)
     SELECT $1, x.p, x.b, $4 FROM unnest($2::text[], $3::numeric[]) AS x(p, b)`,
    [cycle.id, BENCHMARKS.map((b) => b[0]), BENCHMARKS.map((b) => b[1]), job!.id],
  );
}
