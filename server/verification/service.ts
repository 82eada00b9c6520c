/**
 * The verification service (spec 001 §4.3, §7): every check is rate-limited per user, format-checked
 * before any provider is asked, asked of its provider with bounded retries, recorded in
 * `verification_checks` with its input masked, and, when it came from an answer's Validate button
 * and passed, lands in one transaction on the answer (verified, its other_* names) and, where the
 * outlet holds the same value, on the outlet (its status verified, its *_kyc fields). A check that
 * failed or got no answer changes no status.
 */
import { ANSWER_EDIT_NOT_ALLOWED } from "../../src/domain/survey/survey";
import {
  type CheckKind,
  type CheckStatus,
  maskedInput,
  normalisedValue,
  VERIFICATION_MSG,
  VERIFICATIONS_PER_MINUTE,
  VERIFIED,
} from "../../src/domain/verification/verification";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { editsOutletNow } from "../outlets/editPermission";
import { visibleWorkflowObject } from "../survey/read";
import {
  type KycProvider,
  PROVIDER_ATTEMPTS,
  PROVIDER_RETRY_STEP_MS,
  type ProviderAnswer,
  ProviderTimeout,
  ProviderUnavailable,
} from "./providers";
import { simulatedProvider } from "./simulator";

/** The provider in use: the one configured, else the simulator in demo mode, else none. */
export const providerOf = (deps: AppDeps): KycProvider | null =>
  deps.kycProvider ?? (deps.mode === "demo" ? simulatedProvider(deps.db, deps.sleep) : null);

export type CheckRequest = { kind: CheckKind; input: string; answer?: number | null; secondary?: boolean };

/** Where a check landed: its outlet and workflow object, and the answer it verified (none for an invoice header). */
export type Place = { outletId: number; woId: number; answerId: number | null };

type Recorded = {
  status: CheckStatus;
  result: Record<string, unknown>;
  provider: string;
  reference: string | null;
  error: string | null;
  /** Where a passed check landed; a failed one is placed by its answer (placeOfAnswer). */
  place?: Place | null;
};

/**
 * The outlet and workflow object of the answer a Validate named, so a failed check is listed under
 * its outlet too; none for an answer the caller cannot see (its outlet is not theirs to learn).
 */
async function placeOfAnswer(tx: Queryable, viewer: OutletViewer, answerId: number): Promise<Place | null> {
  const [found] = await tx.query<{ workflow_object_id: number }>(
    "SELECT workflow_object_id FROM answers WHERE id = $1",
    [answerId],
  );
  const wo = found ? await visibleWorkflowObject(tx, viewer, found.workflow_object_id) : null;
  return wo ? { outletId: wo.outlet_id, woId: wo.id, answerId } : null;
}

async function record(tx: Queryable, deps: AppDeps, viewer: OutletViewer, check: CheckRequest, r: Recorded) {
  const masked = maskedInput(check.kind, check.input);
  const place =
    r.place !== undefined ? r.place : check.answer ? await placeOfAnswer(tx, viewer, check.answer) : null;
  await tx.query(
    `INSERT INTO verification_checks (organisation_id, kind, masked_input, outlet_id, answer_id, workflow_object_id,
       status, result, provider, provider_reference, user_id, created, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13)`,
    [
      viewer.user.organisation_id,
      check.kind,
      masked,
      place?.outletId ?? null,
      place?.answerId ?? null,
      place?.woId ?? null,
      r.status,
      JSON.stringify(r.result),
      r.provider,
      r.reference,
      viewer.user.id,
      new Date(deps.clock()),
      r.error,
    ],
  );
  deps.logger({
    time: new Date(deps.clock()).toISOString(),
    level: r.status === "error" ? "warn" : "info",
    message: "verification check",
    kind: check.kind,
    input: masked,
    status: r.status,
    provider: r.provider,
    user_id: viewer.user.id,
  });
}

/** 429 once the user ran VERIFICATIONS_PER_MINUTE checks in the last minute. */
export async function refuseWhenTooMany(deps: AppDeps, viewer: OutletViewer): Promise<void> {
  const since = new Date(deps.clock() - 60_000);
  const [row] = await deps.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM verification_checks WHERE user_id = $1 AND created > $2",
    [viewer.user.id, since],
  );
  if ((row?.n ?? 0) >= VERIFICATIONS_PER_MINUTE)
    throw new Problem(429, { detail: VERIFICATION_MSG.rateLimited });
}

/** A failed check: recorded, then the caller gets the §8 text (400). */
export async function refuse(
  deps: AppDeps,
  viewer: OutletViewer,
  check: CheckRequest,
  provider: string,
  message: string,
  reference: string | null = null,
): Promise<never> {
  await record(deps.db, deps, viewer, check, {
    status: "failed",
    result: {},
    provider,
    reference,
    error: message,
  });
  throw new Problem(400, { detail: message });
}

/**
 * Asks the provider, again after ProviderUnavailable up to PROVIDER_ATTEMPTS calls in all; a timeout
 * is not retried (the user has waited long enough). No answer: recorded as an error, 503.
 */
export async function askProvider(
  deps: AppDeps,
  viewer: OutletViewer,
  check: CheckRequest,
  ask: (provider: KycProvider) => Promise<ProviderAnswer>,
): Promise<{ provider: string; answer: ProviderAnswer }> {
  const provider = providerOf(deps);
  if (!provider) throw new Problem(503, { detail: VERIFICATION_MSG.noProvider });
  for (let attempt = 1; ; attempt++) {
    try {
      return { provider: provider.name, answer: await ask(provider) };
    } catch (error) {
      const retry = error instanceof ProviderUnavailable && attempt < PROVIDER_ATTEMPTS;
      if (retry) {
        await deps.sleep(PROVIDER_RETRY_STEP_MS * attempt);
        continue;
      }
      if (!(error instanceof ProviderTimeout || error instanceof ProviderUnavailable)) throw error;
      const message =
        error instanceof ProviderTimeout
          ? VERIFICATION_MSG.providerTimeout
          : VERIFICATION_MSG.providerUnavailable;
      await record(deps.db, deps, viewer, check, {
        status: "error",
        result: { attempts: attempt },
        provider: provider.name,
        reference: null,
        error: message,
      });
      throw new Problem(503, { detail: message });
    }
  }
}

/** Which answers a check may verify, by question type (a UPI id is answered as text). */
const ANSWER_TYPES: Readonly<Record<CheckKind, readonly string[]>> = {
  ifsc: ["ifsc_code"],
  pan: ["pan_number"],
  gst: ["gst_number"],
  gst_duplicate: [],
  bank_account: ["account_number"],
  upi: ["text"],
};

/** The answer's other_* fields each check fills (001 §3). */
const ANSWER_NAMES: Readonly<Record<CheckKind, Readonly<Record<string, string>>>> = {
  ifsc: { other_bank_name: "bank", other_branch_name: "branch" },
  pan: { other_pan_holder_name: "name" },
  gst: {
    other_gst_trade_name: "tradeNam",
    other_gst_legal_name: "lgnm",
    other_gst_registration_status: "dty",
  },
  gst_duplicate: {},
  bank_account: { other_account_holder_name: "name" },
  upi: { other_upi_account_name: "name" },
};

/**
 * What a passed check writes on the outlet when the outlet holds the checked value: the status
 * column, and the *_kyc fields (or the GST names the header card shows) from the result.
 */
const OUTLET_LANDING: Partial<
  Record<
    CheckKind,
    { table: "outlets" | "workflow_objects"; value: string; status: string; fields: Record<string, string> }
  >
> = {
  pan: {
    table: "outlets",
    value: "pan",
    status: "pan_number_verification_status",
    fields: { pan_number_kyc: "input" },
  },
  gst: {
    table: "outlets",
    value: "gst",
    status: "gst_number_verification_status",
    fields: { gst_number_kyc: "input", gst_trade_name: "tradeNam", gst_legal_name: "lgnm" },
  },
  ifsc: {
    table: "workflow_objects",
    value: "ifsc_code",
    status: "ifsc_code_verification_status",
    fields: { bank: "bank", branch: "branch" },
  },
  bank_account: {
    table: "workflow_objects",
    value: "account_number",
    status: "account_number_verification_status",
    fields: {},
  },
};

/** The *_kyc fields on the outlet row for the workflow object's bank checks. */
const OUTLET_KYC_OF_BANK: Partial<Record<CheckKind, Record<string, string>>> = {
  ifsc: { ifsc_code_kyc: "input", bank_kyc: "bank", branch_kyc: "branch" },
  bank_account: { account_number_kyc: "input" },
};

/**
 * Records a passed check and, for an answer's Validate, lands it: the answer must be one the caller
 * may edit now (001 §4.2) and must still hold the checked value. Another record the check verifies
 * (an invoice header) is landed by `land`, in the same transaction as the check's record.
 */
export async function pass(
  deps: AppDeps,
  viewer: OutletViewer,
  check: CheckRequest,
  provider: string,
  reference: string | null,
  result: Record<string, string>,
  land?: (tx: Queryable) => Promise<Place>,
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const place = land ? await land(tx) : check.answer ? await landOnAnswer(tx, viewer, check, result) : null;
    await record(tx, deps, viewer, check, {
      status: "verified",
      result,
      provider,
      reference,
      error: null,
      place,
    });
  });
}

async function landOnAnswer(
  tx: Queryable,
  viewer: OutletViewer,
  check: CheckRequest,
  result: Record<string, string>,
): Promise<Place> {
  const [found] = await tx.query<{ workflow_object_id: number }>(
    "SELECT workflow_object_id FROM answers WHERE id = $1",
    [check.answer],
  );
  const wo = found ? await visibleWorkflowObject(tx, viewer, found.workflow_object_id, true) : null;
  if (!wo) throw new Problem(404, { detail: "Not found." });
  if (!editsOutletNow(viewer.user.considered_workflow_permission, wo))
    throw new Problem(403, { detail: ANSWER_EDIT_NOT_ALLOWED });
  const [answer] = await tx.query<{
    id: number;
    type: string;
    single_input: string | null;
    other_ifsc_code: string | null;
  }>(
    `SELECT a.id, q.type, a.single_input, a.other_ifsc_code FROM answers a JOIN questions q ON q.id = a.question_id
     WHERE a.id = $1 FOR UPDATE OF a`,
    [check.answer],
  );
  const secondary = check.kind === "ifsc" && check.secondary === true;
  const types = secondary ? ["account_number"] : ANSWER_TYPES[check.kind];
  if (!answer || !types.includes(answer.type))
    throw new Problem(400, { answer: [VERIFICATION_MSG.notThisAnswer] });
  const held = secondary ? answer.other_ifsc_code : answer.single_input;
  if (normalisedValue(held) !== normalisedValue(check.input))
    throw new Problem(409, { detail: VERIFICATION_MSG.answerChanged });

  const names = Object.entries(ANSWER_NAMES[check.kind]).filter(() => !secondary);
  await tx.query(
    // The version stays: it guards the values a Save sends, and a check changes none of them.
    `UPDATE answers SET ${secondary ? "verified_secondary" : "verified"} = true
       ${names.map(([column], i) => `, ${column} = $${i + 2}`).join("")}
     WHERE id = $1`,
    [answer.id, ...names.map(([, key]) => result[key] ?? null)],
  );

  const landing = secondary ? undefined : OUTLET_LANDING[check.kind];
  if (landing) {
    const id = landing.table === "outlets" ? wo.outlet_id : wo.id;
    const value = (key: string) => (key === "input" ? normalisedValue(check.input) : (result[key] ?? null));
    const fields = Object.entries(landing.fields);
    const [landed] = await tx.query<{ id: number }>(
      `UPDATE ${landing.table} SET ${landing.status} = '${VERIFIED}'${fields.map(([c], i) => `, ${c} = $${i + 3}`).join("")}
       WHERE id = $1 AND upper(trim(${landing.value})) = $2 RETURNING id`,
      [id, normalisedValue(check.input), ...fields.map(([, key]) => value(key))],
    );
    const kyc = Object.entries(OUTLET_KYC_OF_BANK[check.kind] ?? {});
    if (landed && kyc.length)
      await tx.query(
        `UPDATE outlets SET ${kyc.map(([c], i) => `${c} = $${i + 2}`).join(", ")} WHERE id = $1`,
        [wo.outlet_id, ...kyc.map(([, key]) => value(key))],
      );
  }
  return { outletId: wo.outlet_id, woId: wo.id, answerId: answer.id };
}
