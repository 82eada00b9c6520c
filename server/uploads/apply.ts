/**
 * What confirming each upload type does with its clean rows, inside the confirm's transaction:
 * either every row is applied or, on any failure, none.
 */
import { splitChoices } from "../../src/domain/shared/choices";
import { splitReferenceImages } from "../../src/domain/survey/referenceImages";
import {
  roleNotGrantable,
  type UploadTypeKey,
  userNotChangeable,
} from "../../src/domain/uploads/uploadTypes";
import { firstWorkflowState } from "../../src/machines/outlets/outletWorkflowConfig";
import { autoAssign } from "../allocation/autoAssign";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { PaymentRefused, recordPayments } from "../payouts/payment";
import { plotPayouts } from "../payouts/plotting";
import { rescoreOutlets } from "../scoring/rescore";
import { hasScoringSetup, queueRescore } from "../scoring/runs";
import type { JobRow } from "./jobs";
import { attachKycImages } from "./kycImages";
import { applyKycRows } from "./kycRows";
import { changeableUsers, grantableRoles } from "./lookups";

export type CleanRow = Readonly<Record<string, string>>;

export type ApplyContext = {
  tx: Queryable;
  job: JobRow;
  rows: readonly CleanRow[];
  userId: number;
  now: Date;
};

/** Outlet ids by RSID (or by id) for the rows of a file. */
async function outletIds(tx: Queryable, rsids: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; rsid: string }>(
    "SELECT id, rsid FROM outlets WHERE rsid = ANY($1::text[])",
    [[...new Set(rsids)]],
  );
  return new Map(rows.map((r) => [r.rsid, r.id]));
}

async function byName(tx: Queryable, sql: string, params: unknown[]): Promise<Map<string, number>> {
  return new Map((await tx.query<{ id: number; name: string }>(sql, params)).map((r) => [r.name, r.id]));
}

/** Who confirmed the upload, as the outlet logs name them. */
async function uploader(tx: Queryable, userId: number): Promise<{ userId: number; name: string }> {
  const [user] = await tx.query<{ name: string }>("SELECT name FROM users WHERE id = $1", [userId]);
  return { userId, name: user?.name ?? "" };
}

const need = <T>(map: Map<string, T>, key: string, what: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new ApplyConflict(`${what} ${key} no longer exists.`);
  return value;
};

/** A row that was clean when validated but can no longer be applied (the data changed since). */
export class ApplyConflict extends Error {}

type Applier = (ctx: ApplyContext) => Promise<void>;

/** Sub-project the job belongs to (present for every sub-project type). */
const sp = (job: JobRow) => job.sub_project_id as number;

/** A question row's reference images as a JSON list, one text per row for unnest. */
const imagesOf = (row: CleanRow): string => JSON.stringify(splitReferenceImages(row.reference_images ?? ""));

const APPLIERS: Readonly<Record<UploadTypeKey, Applier>> = {
  regions: ({ tx, job, rows }) =>
    insertMany(
      tx,
      "regions",
      ["name", "organisation_id"],
      rows.map((r) => [r.name, job.organisation_id]),
    ),
  cities: async ({ tx, rows }) => {
    const states = await byName(tx, "SELECT id, name FROM states", []);
    await insertMany(
      tx,
      "cities",
      ["name", "state_id"],
      rows.map((r) => [r.name, need(states, r.state!, "State")]),
    );
  },
  zones: async ({ tx, job, rows }) => {
    const regions = await byName(tx, "SELECT id, name FROM regions WHERE organisation_id = $1", [
      job.organisation_id,
    ]);
    await insertMany(
      tx,
      "zones",
      ["name", "region_id"],
      rows.map((r) => [r.name, need(regions, r.region!, "Region")]),
    );
  },
  territories: async ({ tx, job, rows }) => {
    const zones = await byName(
      tx,
      "SELECT z.id, z.name FROM zones z JOIN regions r ON r.id = z.region_id WHERE r.organisation_id = $1",
      [job.organisation_id],
    );
    await insertMany(
      tx,
      "territories",
      ["name", "zone_id"],
      rows.map((r) => [r.name, need(zones, r.zone!, "Zone")]),
    );
  },
  users: async ({ tx, job, rows, now, userId }) => {
    // Whoever confirms grants the roles too: the rule is checked again for them.
    const grantable = await grantableRoles(tx, userId, job.organisation_id);
    const refused = rows.find((r) => !grantable.has(r.role!));
    if (refused) throw new ApplyConflict(roleNotGrantable(refused.role!));
    // No usable password: each new user sets one through Forgot password.
    await insertMany(
      tx,
      "users",
      [
        "username",
        "name",
        "email",
        "phone_number",
        "organisation_id",
        "password_hash",
        "password_changed_at",
      ],
      rows.map((r) => [r.username, r.name, r.email, r.phone_number, job.organisation_id, "!", now]),
    );
    await tx.query(
      `INSERT INTO user_roles (user_id, role_id)
       SELECT u.id, r.id FROM unnest($1::text[], $2::text[]) AS x(username, role)
       JOIN users u ON u.username = x.username JOIN roles r ON r.name = x.role`,
      [rows.map((r) => r.username), rows.map((r) => r.role)],
    );
  },
  users_update: async ({ tx, job, rows, now, userId }) => {
    // Whoever confirms changes the accounts and grants the roles: both rules are checked again for them.
    const changeable = await changeableUsers(tx, userId, job.organisation_id);
    const unchangeable = rows.find((r) => !changeable.has(r.username!));
    if (unchangeable) throw new ApplyConflict(userNotChangeable(unchangeable.username!));
    const grantable = await grantableRoles(tx, userId, job.organisation_id);
    const refused = rows.find((r) => r.role !== "" && !grantable.has(r.role!));
    if (refused) throw new ApplyConflict(roleNotGrantable(refused.role!));
    // Locked in id order, as every write of several users does; the version bump makes an open edit form stale.
    const updated = await tx.query<{ id: number; username: string }>(
      `WITH x AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
           AS x(username, name, email, phone_number, is_active)
       ), locked AS (
         SELECT u.id FROM users u JOIN x ON x.username = u.username
         WHERE u.organisation_id = $6 ORDER BY u.id FOR UPDATE
       )
       UPDATE users u SET
         name = CASE WHEN x.name = '' THEN u.name ELSE x.name END,
         email = CASE WHEN x.email = '' THEN u.email ELSE x.email END,
         phone_number = CASE WHEN x.phone_number = '' THEN u.phone_number ELSE x.phone_number END,
         is_active = CASE x.is_active WHEN 'yes' THEN true WHEN 'no' THEN false ELSE u.is_active END,
         version = u.version + 1, modified_at = $7, modified_by = $8
       FROM x WHERE u.username = x.username AND u.id IN (SELECT id FROM locked)
       RETURNING u.id, u.username`,
      [
        rows.map((r) => r.username),
        rows.map((r) => r.name ?? ""),
        rows.map((r) => r.email ?? ""),
        rows.map((r) => r.phone_number ?? ""),
        rows.map((r) => r.is_active ?? ""),
        job.organisation_id,
        now,
        userId,
      ],
    );
    const ids = new Map(updated.map((u) => [u.username, u.id]));
    for (const r of rows) need(ids, r.username!, "User");
    const withRole = rows.filter((r) => r.role !== "");
    await tx.query("DELETE FROM user_roles WHERE user_id = ANY($1::int[])", [
      withRole.map((r) => ids.get(r.username!)),
    ]);
    await tx.query(
      `INSERT INTO user_roles (user_id, role_id)
       SELECT x.id, r.id FROM unnest($1::int[], $2::text[]) AS x(id, role) JOIN roles r ON r.name = x.role`,
      [withRole.map((r) => ids.get(r.username!)), withRole.map((r) => r.role)],
    );
    // The administration log records each account's change as the user form's saves do.
    await tx.query(
      `INSERT INTO admin_changes (resource, record_id, action, user_id, at, changes)
       SELECT 'users', x.id, 'update', $3, $4, x.changes::jsonb FROM unnest($1::int[], $2::text[]) AS x(id, changes)`,
      [
        rows.map((r) => ids.get(r.username!)),
        rows.map((r) =>
          JSON.stringify({
            ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== "")),
            upload: job.id,
          }),
        ),
        userId,
        now,
      ],
    );
  },
  // Each outlet starts in its sub-project's first workflow state, with one outlet log row saying
  // which upload made it; its workflow object and the state counts follow by trigger.
  outlets: async ({ tx, job, rows, userId, now }) => {
    const [sub] = await tx.query<{ type: string }>("SELECT type FROM sub_projects WHERE id = $1", [sp(job)]);
    const first = sub ? firstWorkflowState(sub.type) : null;
    if (!first) throw new ApplyConflict("This sub-project's type has no outlet workflow.");
    const made = await tx.query<{ id: number }>(
      `WITH made AS (
         INSERT INTO outlets (rsid, name, owner_name, phone, address, pin, city_id, state_id, territory_id, zone_id,
           region_id, pan, gst, ifsc, account_number, sub_project_id, workflow_state, created, modified)
         SELECT x.rsid, x.name, x.owner, x.mobile, x.address, x.pin, c.id, c.state_id, t.id, z.id, z.region_id,
                '', '', '', '', $12, $13, $14, $14
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::text[], $11::text[]) AS x(rsid, name, owner, mobile, address, pin, city, state, territory, zone)
         JOIN states st ON lower(st.name) = lower(x.state)
         JOIN cities c ON c.state_id = st.id AND lower(c.name) = lower(x.city)
         JOIN regions r ON r.organisation_id = $1
         JOIN zones z ON z.region_id = r.id AND lower(z.name) = lower(x.zone)
         JOIN territories t ON t.zone_id = z.id AND lower(t.name) = lower(x.territory)
         RETURNING id, workflow_state
       )
       INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, extra_data, message, created)
       SELECT m.id, $15, 'outlet_created', m.workflow_state, m.workflow_state, 'Outlets bulk upload (upload ' || $16 || ')',
              jsonb_build_object('job_id', $16::int), 'Outlet added by a bulk upload', $14
       FROM made m RETURNING outlet_id AS id`,
      [
        job.organisation_id,
        rows.map((r) => r.rsid),
        rows.map((r) => r.outlet_name),
        rows.map((r) => r.owner_name),
        rows.map((r) => r.mobile),
        rows.map((r) => r.address),
        rows.map((r) => r.pin_code),
        rows.map((r) => r.city),
        rows.map((r) => r.state),
        rows.map((r) => r.territory),
        rows.map((r) => r.zone),
        sp(job),
        first,
        now,
        userId,
        job.id,
      ],
    );
    // A city or territory removed since the rows were checked leaves its row out of the join.
    if (made.length !== rows.length)
      throw new ApplyConflict("A city or territory named in the file no longer exists.");
    // Scored with the upload, as an answer save would, so the reports and the Score tab read a stored score.
    await rescoreOutlets(
      tx,
      sp(job),
      made.map((m) => m.id),
      now,
    );
    await autoAssign(
      tx,
      made.map((m) => m.id),
      now,
    );
  },
  // Each group is made once per sub-project (its slug from its name), then its questions follow
  // the groups' existing ones in file order.
  questions: async ({ tx, job, rows }) => {
    await tx.query(
      `INSERT INTO question_groups (sub_project_id, name, slug, position)
       SELECT $1, g.name, lower(regexp_replace(g.name, '[^A-Za-z0-9]+', '-', 'g')) || '-' || $2 || '-' || g.n,
         coalesce((SELECT max(position) FROM question_groups WHERE sub_project_id = $1), 0) + g.n
       FROM (SELECT name, min(n)::int AS n FROM unnest($3::text[]) WITH ORDINALITY AS x(name, n) GROUP BY name) g
       ON CONFLICT (sub_project_id, name) DO NOTHING`,
      [sp(job), job.id, rows.map((r) => r.question_group)],
    );
    await tx.query(
      `INSERT INTO questions (question_group_id, name, type, is_mandatory, is_calling_necessary, validations,
         reference_images, position, job_id)
       SELECT g.id, x.name, x.type, x.mandatory, x.calling,
         CASE WHEN x.choices = '' THEN '{}'::jsonb ELSE jsonb_build_object('choices', x.choices) END,
         ARRAY(SELECT jsonb_array_elements_text(x.images::jsonb)),
         coalesce((SELECT max(position) FROM questions WHERE question_group_id = g.id), 0) + x.n, $7
       FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::boolean[], $8::text[], $9::text[])
         WITH ORDINALITY AS x(grp, name, type, mandatory, calling, choices, images, n)
       JOIN question_groups g ON g.sub_project_id = $1 AND g.name = x.grp`,
      [
        sp(job),
        rows.map((r) => r.question_group),
        rows.map((r) => r.name),
        rows.map((r) => r.type),
        rows.map((r) => r.is_mandatory === "yes"),
        rows.map((r) => r.is_calling_necessary === "yes"),
        job.id,
        rows.map((r) => r.choices ?? ""),
        rows.map(imagesOf),
      ],
    );
  },
  // SKU groups (sku_group) are made once per sub-project and ask about the SKUs their rows name
  // (`;`-separated catalogue codes), a group already there gaining the SKUs it lacked. A row naming
  // a general group or an unknown code was refused when checked; one made or removed since is
  // refused here.
  sku_questions: async ({ tx, job, rows, userId, now }) => {
    const codes = [...new Set(rows.flatMap((r) => splitChoices(r.sku_codes).map((c) => c.toLowerCase())))];
    const skus = await tx.query<{ id: number; code: string }>(
      "SELECT id, lower(sku_code) AS code FROM skus WHERE organisation_id = $1 AND lower(sku_code) = ANY($2::text[])",
      [job.organisation_id, codes],
    );
    const idOf = new Map(skus.map((k) => [k.code, k.id]));
    const unknown = codes.find((c) => !idOf.has(c));
    if (unknown !== undefined)
      throw new ApplyConflict(`SKU code ${unknown} is not in the organisation's catalogue.`);
    const groups = new Map<string, number[]>();
    for (const r of rows) {
      const ids = groups.get(r.question_group!) ?? [];
      for (const c of splitChoices(r.sku_codes)) {
        const id = idOf.get(c.toLowerCase())!;
        if (!ids.includes(id)) ids.push(id);
      }
      groups.set(r.question_group!, ids);
    }
    const general = await tx.query<{ name: string }>(
      "SELECT name FROM question_groups WHERE sub_project_id = $1 AND name = ANY($2::text[]) AND type <> 'sku_group'",
      [sp(job), [...groups.keys()]],
    );
    if (general[0])
      throw new ApplyConflict(`Question group ${general[0].name} is a general group, not a SKU group.`);
    for (const [name, ids] of groups)
      await tx.query(
        `INSERT INTO question_groups (sub_project_id, name, slug, position, type, related_sku_ids)
         VALUES ($1, $2, lower(regexp_replace($2, '[^A-Za-z0-9]+', '-', 'g')) || '-' || $3,
           coalesce((SELECT max(position) FROM question_groups WHERE sub_project_id = $1), 0) + 1, 'sku_group', $4::int[])
         ON CONFLICT (sub_project_id, name) DO UPDATE SET related_sku_ids = question_groups.related_sku_ids
           || ARRAY(SELECT x FROM unnest(EXCLUDED.related_sku_ids) AS x WHERE x <> ALL (question_groups.related_sku_ids))`,
        [sp(job), name, job.id, ids],
      );
    await tx.query(
      `INSERT INTO questions (question_group_id, name, type, is_mandatory, is_calling_necessary, validations,
         reference_images, position, job_id)
       SELECT g.id, x.name, x.type, x.mandatory, false,
         CASE WHEN x.choices = '' THEN '{}'::jsonb ELSE jsonb_build_object('choices', x.choices) END,
         ARRAY(SELECT jsonb_array_elements_text(x.images::jsonb)),
         coalesce((SELECT max(position) FROM questions WHERE question_group_id = g.id), 0) + x.n, $6
       FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $7::text[], $8::text[])
         WITH ORDINALITY AS x(grp, name, type, mandatory, choices, images, n)
       JOIN question_groups g ON g.sub_project_id = $1 AND g.name = x.grp`,
      [
        sp(job),
        rows.map((r) => r.question_group),
        rows.map((r) => r.name),
        rows.map((r) => r.type),
        rows.map((r) => r.is_mandatory === "yes"),
        job.id,
        rows.map((r) => r.choices ?? ""),
        rows.map(imagesOf),
      ],
    );
    // A SKU group asking about more SKUs changes the average of its scored questions (an unanswered
    // SKU counts 0): a scored sub-project's scores are worked out again.
    if (await hasScoringSetup(tx, sp(job))) await queueRescore(tx, sp(job), userId, now);
  },
  // A row names its panel (docs/projects.md): a name the sub-project has no panel of yet adds one, so
  // the upload alone still sets panels up; the link is to the panel record, matched without case.
  panels: async ({ tx, job, rows, userId, now }) => {
    const ids = await outletIds(
      tx,
      rows.map((r) => r.rsid!),
    );
    const names = rows.map((r) => r.panel_name!);
    await tx.query(
      `INSERT INTO panels (sub_project_id, name, modified_at, modified_by)
       SELECT DISTINCT ON (lower(n)) $1, n, $3::timestamptz, $4 FROM unnest($2::text[]) AS n
       WHERE NOT EXISTS (SELECT 1 FROM panels p WHERE p.sub_project_id = $1 AND lower(p.name) = lower(n))
       ORDER BY lower(n), n`,
      [sp(job), names, now, userId],
    );
    await tx.query(
      `INSERT INTO panel_outlets (panel_id, outlet_id, job_id)
       SELECT p.id, x.outlet, $4 FROM unnest($2::text[], $3::int[]) AS x(panel, outlet)
       JOIN panels p ON p.sub_project_id = $1 AND lower(p.name) = lower(x.panel)
       ON CONFLICT DO NOTHING`,
      [sp(job), names, rows.map((r) => need(ids, r.rsid!, "Outlet")), job.id],
    );
  },
  // Each outlet whose auditor changes gets one outlet log row; its review record follows the outlet.
  field_assign: async ({ tx, job, rows, userId, now }) => {
    await tx.query(
      `WITH wanted AS (
         SELECT o.id, o.auditor_id AS before, a.id AS after, a.name, o.workflow_state
         FROM unnest($2::text[], $3::text[]) AS x(rsid, mobile)
         JOIN outlets o ON o.rsid = x.rsid AND o.sub_project_id = $1
         JOIN field_auditors a ON a.mobile = x.mobile
         WHERE o.auditor_id IS DISTINCT FROM a.id
         ORDER BY o.id FOR UPDATE OF o
       ), moved AS (
         UPDATE outlets o SET auditor_id = w.after, modified = $5 FROM wanted w WHERE o.id = w.id RETURNING o.id
       ), reviewed AS (
         UPDATE workflow_objects wo SET assigned_field_auditor = w.after FROM wanted w WHERE wo.outlet_id = w.id
       )
       INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, extra_data, message, created)
       SELECT w.id, $4, 'field_auditor_assigned', w.workflow_state, w.workflow_state, 'Bulk field assign (upload ' || $6 || ')',
              jsonb_build_object('job_id', $6::int, 'from_auditor', w.before, 'to_auditor', w.after),
              'Field auditor ' || w.name || ' assigned', $5
       FROM wanted w`,
      [sp(job), rows.map((r) => r.rsid), rows.map((r) => r.field_auditor_mobile), userId, now, job.id],
    );
  },
  // A SKU already on the list (by catalogue row or by name) stays as it is.
  sub_project_skus: async ({ tx, job, rows }) => {
    const added = await tx.query<{ code: string }>(
      `SELECT k.sku_code AS code FROM unnest($2::text[]) AS x(code)
       JOIN skus k ON k.organisation_id = $1 AND lower(k.sku_code) = lower(x.code)`,
      [job.organisation_id, rows.map((r) => r.sku_code)],
    );
    if (added.length !== rows.length)
      throw new ApplyConflict("A SKU named in the file is no longer in the catalogue.");
    await tx.query(
      `INSERT INTO sub_project_skus (sub_project_id, sku_id, name, job_id)
       SELECT $1, k.id, k.brand || ' ' || k.name, $4
       FROM unnest($3::text[]) WITH ORDINALITY AS x(code, n)
       JOIN skus k ON k.organisation_id = $2 AND lower(k.sku_code) = lower(x.code)
       ORDER BY x.n
       ON CONFLICT DO NOTHING`,
      [sp(job), job.organisation_id, rows.map((r) => r.sku_code), job.id],
    );
  },
  skus: ({ tx, job, rows }) =>
    tx
      .query(
        `INSERT INTO skus (organisation_id, sku_code, name, brand, mrp, job_id)
         SELECT $1, x.code, x.name, x.brand, x.mrp, $6
         FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[]) AS x(code, name, brand, mrp)
         ON CONFLICT (organisation_id, sku_code)
         DO UPDATE SET name = EXCLUDED.name, brand = EXCLUDED.brand, mrp = EXCLUDED.mrp, job_id = EXCLUDED.job_id`,
        [
          job.organisation_id,
          rows.map((r) => r.sku_code),
          rows.map((r) => r.name),
          rows.map((r) => r.brand),
          rows.map((r) => r.mrp),
          job.id,
        ],
      )
      .then(() => {}),
  benchmarks: async ({ tx, job, rows, userId, now }) => {
    await tx.query(
      `INSERT INTO scoring_benchmarks (sub_project_id, parameter, benchmark, job_id)
       SELECT $1, x.p, x.b, $4 FROM unnest($2::text[], $3::numeric[]) AS x(p, b)
       ON CONFLICT (sub_project_id, parameter) DO UPDATE SET benchmark = EXCLUDED.benchmark, job_id = EXCLUDED.job_id`,
      [sp(job), rows.map((r) => r.parameter), rows.map((r) => r.benchmark), job.id],
    );
    // Each stored score shows its parameters' benchmarks: the sub-project's scores are worked out again.
    await queueRescore(tx, sp(job), userId, now);
  },
  cycle_init: async ({ tx, job, rows }) => {
    const ids = await outletIds(
      tx,
      rows.map((r) => r.rsid!),
    );
    await tx.query(
      `INSERT INTO cycle_outlets (sub_project_id, outlet_id, target_amount, start_date, end_date, job_id)
       SELECT $1, x.o, x.t, x.s, x.e, $6 FROM unnest($2::int[], $3::numeric[], $4::date[], $5::date[]) AS x(o, t, s, e)
       ON CONFLICT (sub_project_id, outlet_id) DO UPDATE SET target_amount = EXCLUDED.target_amount,
         start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, job_id = EXCLUDED.job_id`,
      [
        sp(job),
        rows.map((r) => need(ids, r.rsid!, "Outlet")),
        rows.map((r) => r.target_amount),
        rows.map((r) => r.start_date),
        rows.map((r) => r.end_date),
        job.id,
      ],
    );
  },
  payout_plotting: async ({ tx, job, rows, userId, now }) => {
    const ids = await outletIds(
      tx,
      rows.map((r) => r.rsid!),
    );
    await insertMany(
      tx,
      "outlet_payouts",
      [
        "outlet_id",
        "sub_project_id",
        "program",
        "amount",
        "client_payout_month",
        "rs_payout_month",
        "plotted_job_id",
      ],
      rows.map((r) => [
        need(ids, r.rsid!, "Outlet"),
        sp(job),
        r.program,
        r.amount,
        r.client_payout_month,
        r.rs_payout_month,
        job.id,
      ]),
    );
    // The plotted outlets move to payouts_plotted in this same transaction (docs/payouts.md).
    await plotPayouts(
      tx,
      rows.map((r) => ({
        outletId: need(ids, r.rsid!, "Outlet"),
        amount: r.amount!,
        client_payout_month: r.client_payout_month!,
        rs_payout_month: r.rs_payout_month!,
      })),
      await uploader(tx, userId),
      now,
    );
  },
  whatsapp_messaging: ({ tx, job, rows }) =>
    insertMany(
      tx,
      "whatsapp_messages",
      ["organisation_id", "phone_number", "template_name", "message", "job_id"],
      rows.map((r) => [job.organisation_id, r.phone_number, r.template_name, r.message, job.id]),
    ),
  kyc_contact: async ({ tx, job, rows }) => {
    const ids = await outletIds(
      tx,
      rows.map((r) => r.rsid!),
    );
    await tx.query(
      `INSERT INTO kyc_contacts (sub_project_id, outlet_id, contact_name, phone_number, email, job_id)
       SELECT $1, x.o, x.n, x.p, nullif(x.e, ''), $6 FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS x(o, n, p, e)
       ON CONFLICT (sub_project_id, outlet_id) DO UPDATE SET contact_name = EXCLUDED.contact_name,
         phone_number = EXCLUDED.phone_number, email = EXCLUDED.email, job_id = EXCLUDED.job_id`,
      [
        sp(job),
        rows.map((r) => need(ids, r.rsid!, "Outlet")),
        rows.map((r) => r.contact_name),
        rows.map((r) => r.phone_number),
        rows.map((r) => r.email ?? ""),
        job.id,
      ],
    );
  },
  payout_data_ingested: async ({ tx, job, rows }) => {
    const ids = await outletIds(
      tx,
      rows.map((r) => r.rsid!),
    );
    await insertMany(
      tx,
      "payout_data",
      [
        "outlet_id",
        "sub_project_id",
        "outlet_name",
        "amount",
        "payout_month",
        "account_holder_name",
        "account_number",
        "ifsc_code",
        "pan_number",
        "phone_number",
        "remarks",
        "job_id",
      ],
      rows.map((r) => [
        need(ids, r.rsid!, "Outlet"),
        sp(job),
        r.outlet_name,
        r.amount,
        r.payout_month,
        r.account_holder_name,
        r.account_number,
        r.ifsc_code,
        r.pan_number,
        r.phone_number,
        r.remarks || null,
        job.id,
      ]),
    );
  },
  // Each row is a payment recorded by the one payment function (docs/payouts.md).
  payout_payment_status: async ({ tx, job, rows, userId, now }) => {
    const ids = await outletIds(
      tx,
      rows.map((r) => r.rsid!),
    );
    try {
      await recordPayments(
        tx,
        rows.map((r) => ({
          outletId: need(ids, r.rsid!, "Outlet"),
          status: r.payment_status!,
          utr_number: r.utr_number || null,
          payment_date: r.payment_date!,
          payment_remarks: r.payment_remarks || null,
        })),
        { ...(await uploader(tx, userId)), jobId: job.id },
        "payment_status_upload",
        now,
      );
    } catch (e) {
      if (e instanceof PaymentRefused) throw new ApplyConflict(e.message);
      throw e;
    }
  },
  bulk_kyc: ({ tx, job, rows, now }) => applyKycRows(tx, sp(job), job.id, rows, now),
  kyc_images: ({ tx, job, rows, now }) => attachKycImages(tx, job, rows, now),
  bank_code: ({ tx, job, rows }) =>
    tx
      .query(
        `INSERT INTO bank_codes (ifsc_code, bank_code, bank, branch, job_id)
         SELECT x.i, x.c, x.b, x.br, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS x(i, c, b, br)
         ON CONFLICT (ifsc_code) DO UPDATE SET bank_code = EXCLUDED.bank_code, bank = EXCLUDED.bank,
           branch = EXCLUDED.branch, job_id = EXCLUDED.job_id`,
        [
          rows.map((r) => r.ifsc_code),
          rows.map((r) => r.bank_code),
          rows.map((r) => r.bank),
          rows.map((r) => r.branch),
          job.id,
        ],
      )
      .then(() => {}),
  // Paid by the payment run (payments.ts), not by confirming.
  icici_upi_account_payment_tracker: async () => {},
  // Starts an export job (the confirm's caller records its id on the upload).
  unicorn_interface: async () => {},
};

export const applyRows = (type: UploadTypeKey, ctx: ApplyContext): Promise<void> => APPLIERS[type](ctx);
