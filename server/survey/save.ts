/**
 * Saving a group's answers (the update call with object_type answers, 002 §7), in the caller's
 * transaction: the outlet row is locked first, the caller's eligibility is checked against the
 * outlet's current state (001 §4.2), each answer is re-validated with the same rules as the screen
 * (001 §5.1), each group whose call checks are recorded is held to the screen's §4.9 rule as the
 * save would leave it, a save made on answers that changed since they were read is refused,
 * nothing is saved while a retailer request is pending (001 §4.4), every changed answer gets a
 * QC edit history line, and the outlet's score is worked out again.
 */
import { reviewRole } from "../../src/domain/outlets/outletReview";
import {
  ANSWER_EDIT_NOT_ALLOWED,
  type AnswersUpdateRequest,
  type AnswerValue,
  answerLabel,
  answerSkuProblem,
  answerValueOf,
  CALL_FIELDS,
  callCheckOf,
  callingVerification,
  canVerifyByCalling,
  type GroupCallCheck,
  NOT_A_CALLING_QUESTION,
  STALE_ANSWER,
  type UpdateAnswer,
  VALUE_FIELDS,
  type Validations,
} from "../../src/domain/survey/survey";
import { answerProblems } from "../../src/domain/survey/surveyValidation";
import {
  answerVerificationAfterEdit,
  VERIFIABLE_OF_TYPE,
  type Verifiable,
  valueChanged,
} from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { editsOutletNow } from "../outlets/editPermission";
import { refuseWhilePending } from "../retailerRequests/gate";
import { rescoreOutlet } from "../scoring/rescore";
import { resetVerification } from "../verification/statuses";
import { type VisibleWorkflowObject, visibleWorkflowObject } from "./read";

const NOT_FOUND = { detail: "Not found." };
export const ONE_OUTLET_AT_A_TIME = "Save the answers of one outlet at a time.";

type Stored = {
  id: number;
  question_id: number;
  name: string;
  /** The answer's SKU in a sku_group group. */
  sku_name: string | null;
  type: string;
  is_mandatory: boolean;
  validations: Validations;
  version: number;
  single_input: string | null;
  multiple_answers_input: string[];
  latitude_input: number | null;
  longitude_input: number | null;
  other_phone_number: string | null;
  other_ifsc_code: string | null;
  remarks: string | null;
  has_called_and_verified: boolean;
  is_calling_necessary: boolean;
  verified: boolean;
  verified_secondary: boolean;
};

const changesValues = (fields: object) => VALUE_FIELDS.some((f) => Object.hasOwn(fields, f));
const recordsCallCheck = (fields: object) => CALL_FIELDS.some((f) => Object.hasOwn(fields, f));
const shown = (v: AnswerValue) =>
  v.multiple_answers_input.length
    ? v.multiple_answers_input.join(", ")
    : v.latitude_input || v.longitude_input
      ? `${v.latitude_input}, ${v.longitude_input}`
      : v.single_input || "(empty)";

/** The one workflow object every answer of the request belongs to. */
async function targetOf(tx: Queryable, request: AnswersUpdateRequest): Promise<number> {
  const ids = Object.keys(request.data_to_update).map(Number);
  const owners = ids.length
    ? await tx.query<{ workflow_object_id: number }>(
        "SELECT DISTINCT workflow_object_id FROM answers WHERE id = ANY ($1::bigint[])",
        [ids],
      )
    : [];
  const all = new Set([
    ...owners.map((o) => o.workflow_object_id),
    ...(request.data_to_create ?? []).map((c) => c.workflow_object),
  ]);
  if (all.size !== 1) {
    if (all.size === 0) throw new Problem(404, NOT_FOUND);
    throw new Problem(400, { non_field_errors: [ONE_OUTLET_AT_A_TIME] });
  }
  return [...all][0]!;
}

function checkEligible(viewer: OutletViewer, wo: VisibleWorkflowObject, request: AnswersUpdateRequest) {
  const permission = viewer.user.considered_workflow_permission;
  const editor = editsOutletNow(permission, wo);
  const all = [...Object.values(request.data_to_update), ...(request.data_to_create ?? [])];
  const editsValues = all.some(changesValues) || (request.data_to_create ?? []).length > 0;
  const allowed = editor || (!editsValues && canVerifyByCalling(reviewRole(permission), wo.type_of_calling));
  if (!allowed) throw new Problem(403, { detail: ANSWER_EDIT_NOT_ALLOWED });
}

export async function saveAnswers(
  tx: Queryable,
  viewer: OutletViewer,
  request: AnswersUpdateRequest,
  now: Date,
): Promise<{ data_to_update: Record<string, unknown>; data_to_create: unknown[] }> {
  const wo = await visibleWorkflowObject(tx, viewer, await targetOf(tx, request), true);
  if (!wo) throw new Problem(404, NOT_FOUND);
  checkEligible(viewer, wo, request);
  await refuseWhilePending(tx, wo.id);

  const ids = Object.keys(request.data_to_update).map(Number);
  const stored = await tx.query<Stored>(
    `SELECT a.id, a.question_id, q.name, k.name AS sku_name, q.type, q.is_mandatory, q.validations, a.version,
       a.single_input, a.multiple_answers_input, a.latitude_input, a.longitude_input, a.other_phone_number,
       a.other_ifsc_code, a.remarks, a.has_called_and_verified, q.is_calling_necessary, a.verified,
       a.verified_secondary
     FROM answers a JOIN questions q ON q.id = a.question_id LEFT JOIN skus k ON k.id = a.sku_id
     WHERE a.id = ANY ($1::bigint[]) AND a.workflow_object_id = $2 ORDER BY a.id FOR UPDATE OF a`,
    [ids, wo.id],
  );
  const unknown = ids.filter((id) => !stored.some((s) => Number(s.id) === id));
  if (unknown.length)
    throw new Problem(
      400,
      Object.fromEntries(unknown.map((id) => [`data_to_update.${id}`, ["Not an answer of this outlet."]])),
    );
  if (stored.some((s) => s.version !== request.data_to_update[String(s.id)]!.version))
    throw new Problem(409, { detail: STALE_ANSWER });

  const creates = request.data_to_create ?? [];
  const questions = creates.length
    ? await tx.query<Stored & { group_type: string; related_sku_ids: number[] }>(
        `SELECT q.id AS question_id, q.name, q.type, q.is_mandatory, q.validations, g.type AS group_type,
           g.related_sku_ids
         FROM questions q JOIN question_groups g ON g.id = q.question_group_id
         WHERE q.id = ANY ($1::int[]) AND g.sub_project_id = $2`,
        [creates.map((c) => c.question), wo.sub_project_id],
      )
    : [];
  // The SKUs created answers name, for their history lines (read only when a create names one).
  const skuIds = creates.flatMap((c) => (c.sku_product == null ? [] : [c.sku_product]));
  const skuNames = new Map(
    skuIds.length
      ? (
          await tx.query<{ id: number; name: string }>(
            "SELECT id, name FROM skus WHERE id = ANY ($1::int[])",
            [skuIds],
          )
        ).map((k) => [k.id, k.name])
      : [],
  );
  const createdLabel = (c: (typeof creates)[number], q: { name: string }) =>
    answerLabel(q.name, c.sku_product == null ? null : (skuNames.get(c.sku_product) ?? null));

  // Re-validate what is being saved with the screen's own rules; every message at once.
  const errors: Record<string, string[]> = {};
  for (const s of stored) {
    const fields = request.data_to_update[String(s.id)]!;
    if (recordsCallCheck(fields) && !s.is_calling_necessary)
      errors[`data_to_update.${s.id}`] = [NOT_A_CALLING_QUESTION];
    if (!changesValues(fields)) continue;
    const problems = answerProblems(s as never, answerValueOf({ ...s, ...fields }));
    if (problems.length) errors[answerLabel(s.name, s.sku_name)] = problems;
  }
  for (const [i, c] of creates.entries()) {
    const q = questions.find((x) => x.question_id === c.question);
    if (!q) {
      errors[`data_to_create.${i}.question`] = ["Not a question of this outlet's survey."];
      continue;
    }
    const skuProblem = answerSkuProblem(
      { type: q.group_type, related_sku_ids: q.related_sku_ids },
      c.sku_product ?? null,
    );
    if (skuProblem) errors[`data_to_create.${i}.sku_product`] = [skuProblem];
    const problems = answerProblems(q as never, answerValueOf(c));
    if (problems.length) errors[createdLabel(c, q)] = problems;
  }
  const checked = stored.filter((s) => recordsCallCheck(request.data_to_update[String(s.id)]!));
  const calling = await callingProblems(tx, wo.id, request.data_to_update, checked);
  if (calling.length) errors.non_field_errors = calling;
  if (Object.keys(errors).length) throw new Problem(400, errors);

  const updated: Record<string, unknown> = {};
  const history: string[] = [];
  // §4.3: a changed IFSC, PAN, GST or account number is not verified, on the answer and the outlet.
  const resets = new Set<Verifiable>();
  for (const s of stored) {
    const fields = request.data_to_update[String(s.id)]!;
    const next = { ...s, ...fields };
    const valueEdit = changesValues(fields);
    const flags = valueEdit
      ? answerVerificationAfterEdit(s.type, s, next)
      : { verified: s.verified, verified_secondary: s.verified_secondary };
    const verifiable = VERIFIABLE_OF_TYPE[s.type];
    if (verifiable && valueEdit && valueChanged(s.single_input, next.single_input)) resets.add(verifiable);
    const [row] = await tx.query<Record<string, unknown>>(
      `UPDATE answers SET single_input = $2, multiple_answers_input = $3::jsonb, latitude_input = $4,
         longitude_input = $5, other_phone_number = $6, other_ifsc_code = $7, remarks = $8,
         has_called_and_verified = $9, is_edited = is_edited OR $10, verified = $11, verified_secondary = $12,
         version = version + 1, modified = $13
       WHERE id = $1 RETURNING id, version, single_input, multiple_answers_input, latitude_input, longitude_input,
         other_phone_number, other_ifsc_code, remarks, has_called_and_verified, is_edited, verified`,
      [
        s.id,
        next.single_input,
        JSON.stringify(next.multiple_answers_input ?? []),
        next.latitude_input,
        next.longitude_input,
        next.other_phone_number,
        next.other_ifsc_code,
        next.remarks,
        next.has_called_and_verified,
        valueEdit,
        flags.verified,
        flags.verified_secondary,
        now,
      ],
    );
    updated[String(s.id)] = row;
    const before = shown(answerValueOf(s));
    const after = shown(answerValueOf(next));
    if (valueEdit && before !== after)
      history.push(`${answerLabel(s.name, s.sku_name)} changed from ${before} to ${after}`);
  }
  const created: unknown[] = [];
  for (const c of creates) {
    const q = questions.find((x) => x.question_id === c.question)!;
    const [row] = await tx.query<Record<string, unknown>>(
      `INSERT INTO answers (workflow_object_id, question_id, sku_id, single_input, multiple_answers_input,
         latitude_input, longitude_input, other_phone_number, other_ifsc_code, is_edited, created, modified)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, true, $10, $10)
       ON CONFLICT DO NOTHING
       RETURNING id, version, single_input, multiple_answers_input, latitude_input, longitude_input,
         other_phone_number, other_ifsc_code, is_edited`,
      [
        wo.id,
        c.question,
        c.sku_product,
        c.single_input ?? null,
        JSON.stringify(c.multiple_answers_input ?? []),
        c.latitude_input ?? null,
        c.longitude_input ?? null,
        c.other_phone_number ?? null,
        c.other_ifsc_code ?? null,
        now,
      ],
    );
    // Answered by someone else since this screen read the group: not overwritten.
    if (!row) throw new Problem(409, { detail: STALE_ANSWER });
    created.push(row);
    const verifiable = VERIFIABLE_OF_TYPE[q.type];
    if (verifiable && c.single_input) resets.add(verifiable);
    history.push(`${createdLabel(c, q)} answered: ${shown(answerValueOf(c))}`);
  }
  await resetVerification(tx, { outletId: wo.outlet_id, woId: wo.id }, [...resets]);
  for (const message of history)
    await tx.query(
      "INSERT INTO qc_edit_history (workflow_object_id, user_id, message, created) VALUES ($1, $2, $3, $4)",
      [wo.id, viewer.user.id, message, now],
    );
  // The outlet's score follows its answers before the save commits (docs/scoring.md).
  await rescoreOutlet(tx, wo.outlet_id, now);
  return { data_to_update: updated, data_to_create: created };
}

/**
 * §4.9 for each group of the answers whose call checks the save records, with every answer of the
 * group as the save would leave it: the same rule the screen asks before sending.
 */
async function callingProblems(
  tx: Queryable,
  woId: number,
  update: Readonly<Record<string, UpdateAnswer>>,
  checked: readonly Stored[],
): Promise<string[]> {
  if (checked.length === 0) return [];
  const answers = await tx.query<{
    id: number;
    group_id: number;
    name: string;
    is_calling_necessary: boolean;
    has_called_and_verified: boolean;
    remarks: string | null;
  }>(
    `SELECT a.id, q.question_group_id AS group_id, q.name, q.is_calling_necessary, a.has_called_and_verified,
       a.remarks
     FROM answers a JOIN questions q ON q.id = a.question_id
     WHERE a.workflow_object_id = $1
       AND q.question_group_id IN (SELECT question_group_id FROM questions WHERE id = ANY ($2::int[]))
     ORDER BY q.question_group_id, q.position, a.id`,
    [woId, checked.map((s) => s.question_id)],
  );
  const groups = new Map<number, GroupCallCheck[]>();
  for (const a of answers) {
    const check = callCheckOf({ ...a, ...update[String(a.id)] });
    const group = groups.get(a.group_id) ?? [];
    group.push({ question: a.name, is_calling_necessary: a.is_calling_necessary, check });
    groups.set(a.group_id, group);
  }
  const problems = new Set<string>();
  for (const group of groups.values()) {
    const rule = callingVerification(group);
    if (!rule.ok) problems.add(rule.message);
  }
  return [...problems];
}
