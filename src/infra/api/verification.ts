/**
 * The verification service's calls (src/domain/api/verification.ts). A check's expected refusals (a
 * 400 with the §8 failure, 409 for an answer changed meanwhile, 429 the rate limit, 503 no provider
 * or no answer from it) come back as a failed outcome with the server's words.
 */
import { Effect } from "effect";
import * as api from "../../domain/api/verification";
import type {
  ScreenCheck,
  ScreenCheckOutcome,
  VerifyInput,
  VerifyOutcome,
} from "../../domain/verification/verification";
import { call } from "../endpoint";
import type { ApiError } from "../http";

const detailOf = (body: unknown): string | null => {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === "string" ? detail : null;
};

/** A refusal the check expects, as its message; anything else stays an error. */
export function refusedWith<A>(
  effect: Effect.Effect<A, ApiError>,
): Effect.Effect<A | { refused: string }, ApiError> {
  return effect.pipe(
    Effect.catch((e: ApiError) => {
      const detail = e._tag === "ValidationError" || e._tag === "HttpError" ? detailOf(e.body) : null;
      return detail === null ? Effect.fail(e) : Effect.succeed({ refused: detail });
    }),
  );
}

const names = (entries: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => typeof e[1] === "string"));

/** One answer's Validate: the check of its kind, with the names it found for the answer. */
export function verifyAnswer(input: VerifyInput): Effect.Effect<VerifyOutcome, ApiError> {
  const answer = input.answer;
  const asked: Effect.Effect<{ message: string; names: Record<string, string> }, ApiError> = (() => {
    switch (input.kind) {
      case "ifsc":
        return call(api.checkIfsc, {
          body: { ifsc_code: input.input, answer, secondary: input.secondary },
        }).pipe(
          Effect.map((r) => ({
            message: r.detail,
            names: { other_bank_name: r.bank, other_branch_name: r.branch },
          })),
        );
      case "pan":
      case "gst":
        return call(api.checkPanGst, { body: { input_type: input.kind, input: input.input, answer } }).pipe(
          Effect.map((r) => ({
            message: r.detail,
            names: names({
              other_pan_holder_name: r.name,
              other_gst_trade_name: r.tradeNam,
              other_gst_legal_name: r.lgnm,
              other_gst_registration_status: r.dty,
            }),
          })),
        );
      case "bank_account":
        return call(api.checkBankAccount, {
          body: { to_account_number: input.input, to_account_ifsc_code: input.ifsc ?? "", answer },
        }).pipe(
          Effect.map((r) => ({
            message: r.detail,
            names: { other_account_holder_name: r.other_account_holder_name },
          })),
        );
      case "upi":
        return call(api.checkUpi, { body: { upi_id: input.input, answer } }).pipe(
          Effect.map((r) => ({ message: r.detail, names: { other_upi_account_name: r.name } })),
        );
      case "gst_duplicate":
        return Effect.die(new Error("the duplicate check verifies no answer"));
    }
  })();
  return refusedWith(asked).pipe(
    Effect.map(
      (r): VerifyOutcome => ("refused" in r ? { ok: false, message: r.refused } : { ok: true, ...r }),
    ),
  );
}

/** The check's no (400): the screen shows it in its result, not in the notice bar as well. */
const CHECK_NO: readonly number[] = [400];

/** A verification screen's check: a 400 is the check's no, another named error (429, 503) no answer. */
export function screenCheck(request: ScreenCheck): Effect.Effect<ScreenCheckOutcome, ApiError> {
  const asked: Effect.Effect<
    Record<string, string | boolean | null | undefined>,
    ApiError
  > = request.check === "panGst"
    ? call(api.checkPanGst, { body: request.body, shownInline: CHECK_NO })
    : call(api.checkBankAccount, { body: request.body, shownInline: CHECK_NO });
  return asked.pipe(
    Effect.map(
      ({ detail, ...found }): ScreenCheckOutcome => ({
        type: "verified",
        message: String(detail),
        names: names(
          Object.fromEntries(
            Object.entries(found).map(([k, v]) => [k, typeof v === "string" ? v : undefined]),
          ),
        ),
      }),
    ),
    Effect.catch((e: ApiError) => {
      const detail = e._tag === "ValidationError" || e._tag === "HttpError" ? detailOf(e.body) : null;
      if (detail === null) return Effect.fail(e);
      return Effect.succeed<ScreenCheckOutcome>({
        type: e._tag === "ValidationError" ? "notVerified" : "failed",
        message: detail,
      });
    }),
  );
}
export const recentChecks = (query: typeof api.recentChecks.query.Type) => call(api.recentChecks, { query });
export const ifscMasterRow = (code: string) => call(api.ifscMasterRow, { params: { code } });
export const saveIfscMasterRow = (code: string, body: typeof api.saveIfscMasterRow.body.Type) =>
  call(api.saveIfscMasterRow, { params: { code }, body });
export const ifscMasterChanges = () => call(api.ifscMasterChanges, {});

export const verificationKeys = {
  checks: ["verification", "checks"] as const,
  ifscMaster: ["verification", "ifsc-master"] as const,
};
