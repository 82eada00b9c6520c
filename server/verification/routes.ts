/**
 * The verification endpoints (src/domain/api/verification.ts): each check is rate-limited, checked
 * for format, asked of its adapter (the offline IFSC list and master, the KYC provider) and
 * recorded by the service; the IFSC master is changed row by row with an audit trail.
 */
import { Hono } from "hono";
import * as api from "../../src/domain/api/verification";
import { isValidIfsc } from "../../src/domain/shared/validation";
import { ifscFormat } from "../../src/domain/survey/surveyValidation";
import {
  formatFailure,
  inputFormatOk,
  namesMatch,
  normalisedValue,
  VERIFICATION_MSG,
} from "../../src/domain/verification/verification";
import { isInternal } from "../auth/organisationScope";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { Problem } from "../http/problem";
import { serve } from "../http/serve";
import { lookUpIfsc } from "./ifsc";
import { gstDuplicates, ifscChanges, ifscMasterView, recentChecks, saveIfscMaster } from "./reads";
import { askProvider, type CheckRequest, pass, refuse, refuseWhenTooMany } from "./service";

/** The name recorded for checks answered by the product's own data, with no provider asked. */
const OFFLINE = "offline";

export function verificationRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, deps, api.checkIfsc, async ({ caller, body }) => {
    const check: CheckRequest = {
      kind: "ifsc",
      input: body.ifsc_code,
      answer: body.answer,
      secondary: body.secondary,
    };
    await refuseWhenTooMany(deps, caller);
    if (!inputFormatOk("ifsc", body.ifsc_code))
      return refuse(deps, caller, check, OFFLINE, ifscFormat("IFSC Code"));
    const found = await lookUpIfsc(deps.db, body.ifsc_code);
    if (!found.found)
      return refuse(
        deps,
        caller,
        check,
        OFFLINE,
        found.issued ? VERIFICATION_MSG.notInMaster : VERIFICATION_MSG.unknownIfsc,
      );
    const result = { ifsc_code: found.ifsc_code, bank: found.bank, branch: found.branch };
    await pass(deps, caller, check, OFFLINE, null, result);
    return { ...result, issued: found.issued, detail: VERIFICATION_MSG.questionSuccess };
  });

  serve(app, deps, api.checkPanGst, async ({ caller, body }) => {
    const pan = body.input_type === "pan";
    const check: CheckRequest = { kind: body.input_type, input: body.input, answer: body.answer };
    const failure = pan ? VERIFICATION_MSG.panFailure : VERIFICATION_MSG.gstFailure;
    await refuseWhenTooMany(deps, caller);
    const malformed = formatFailure({ check: "panGst", body });
    if (malformed) return refuse(deps, caller, check, OFFLINE, malformed);
    const input = normalisedValue(body.input);
    const { provider, answer } = await askProvider(deps, caller, check, (p) =>
      pan ? p.pan(input) : p.gst(input),
    );
    if (!answer.ok) return refuse(deps, caller, check, provider, failure, answer.reference);
    await pass(deps, caller, check, provider, answer.reference, answer.data);
    return pan
      ? { detail: VERIFICATION_MSG.panSuccess, name: answer.data.name ?? "" }
      : {
          detail: VERIFICATION_MSG.gstSuccess,
          tradeNam: answer.data.tradeNam ?? "",
          lgnm: answer.data.lgnm ?? "",
          dty: answer.data.dty ?? "",
        };
  });

  serve(app, deps, api.gstDuplicates, async ({ caller, query }) => {
    const check: CheckRequest = { kind: "gst_duplicate", input: query.gst_number };
    await refuseWhenTooMany(deps, caller);
    if (!inputFormatOk("gst_duplicate", query.gst_number))
      return refuse(deps, caller, check, OFFLINE, VERIFICATION_MSG.gstFailure);
    const found = await gstDuplicates(
      deps.db,
      caller,
      query.project_id,
      normalisedValue(query.gst_number),
      query.outlet,
    );
    if (!found) throw new Problem(404, { detail: "Not found." });
    await pass(deps, caller, check, OFFLINE, null, {
      is_gst_legal_name_found: String(found.is_gst_legal_name_found),
      is_gst_trade_name_found: String(found.is_gst_trade_name_found),
    });
    return found;
  });

  serve(app, deps, api.checkUpi, async ({ caller, body }) => {
    const check: CheckRequest = { kind: "upi", input: body.upi_id, answer: body.answer };
    await refuseWhenTooMany(deps, caller);
    if (!inputFormatOk("upi", body.upi_id))
      return refuse(deps, caller, check, OFFLINE, VERIFICATION_MSG.questionFailure);
    const { provider, answer } = await askProvider(deps, caller, check, (p) => p.upi(body.upi_id.trim()));
    if (!answer.ok)
      return refuse(deps, caller, check, provider, VERIFICATION_MSG.upiNotFound, answer.reference);
    await pass(deps, caller, check, provider, answer.reference, answer.data);
    return { is_success: true, name: answer.data.name ?? "", detail: VERIFICATION_MSG.upiSuccess };
  });

  serve(app, deps, api.checkBankAccount, async ({ caller, body }) => {
    const check: CheckRequest = { kind: "bank_account", input: body.to_account_number, answer: body.answer };
    await refuseWhenTooMany(deps, caller);
    const malformed = formatFailure({ check: "bankAccount", body });
    if (malformed) return refuse(deps, caller, check, OFFLINE, malformed);
    const { provider, answer } = await askProvider(deps, caller, check, (p) =>
      p.bankAccount({
        accountNumber: body.to_account_number.trim(),
        ifsc: normalisedValue(body.to_account_ifsc_code),
        phone: body.phone_number ?? null,
      }),
    );
    if (!answer.ok)
      return refuse(deps, caller, check, provider, VERIFICATION_MSG.accountNotFound, answer.reference);
    const name = answer.data.name ?? "";
    // The secure variant: the bank's holder must be the one expected.
    const expected = body.expected_name?.trim();
    const match = expected ? namesMatch(expected, name) : null;
    if (match === false)
      return refuse(deps, caller, check, provider, VERIFICATION_MSG.nameMismatch, answer.reference);
    await pass(deps, caller, check, provider, answer.reference, {
      ...answer.data,
      ...(expected ? { expected } : {}),
    });
    return { other_account_holder_name: name, name_match: match, detail: VERIFICATION_MSG.accountSuccess };
  });

  serve(app, deps, api.recentChecks, async ({ caller, query }) => ({
    results: await recentChecks(deps.db, isInternal(caller.user) ? null : caller.user.organisation_id, query),
  }));

  serve(app, deps, api.ifscMasterRow, async ({ params }) => {
    if (!isValidIfsc(normalisedValue(params.code))) throw new Problem(404, { detail: "Not found." });
    return ifscMasterView(deps.db, params.code);
  });

  serve(app, deps, api.saveIfscMasterRow, async ({ caller, params, body }) => {
    const code = normalisedValue(params.code);
    if (!isValidIfsc(code)) throw new Problem(400, { ifsc_code: [ifscFormat("IFSC Code")] });
    await inTransaction(deps, (tx) => saveIfscMaster(tx, caller.user.id, code, body, new Date(deps.clock())));
    return ifscMasterView(deps.db, code);
  });

  serve(app, deps, api.ifscMasterChanges, async () => ({ results: await ifscChanges(deps.db, null) }));

  return app;
}
