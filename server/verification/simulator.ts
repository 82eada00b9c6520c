/**
 * The demo KYC provider (docs/demo-data.md): deterministic answers, so the demo and the tests can
 * show success, refusal, a timeout and an unavailable provider on purpose. Names come from the
 * demo records: the outlet holding the value, else a name made from the value itself.
 */
import { normalisedValue } from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";
import {
  type KycProvider,
  PROVIDER_TIMEOUT_MS,
  type ProviderAnswer,
  ProviderTimeout,
  ProviderUnavailable,
} from "./providers";

/** Inputs with a fixed outcome, for every check: listed in docs/demo-data.md. */
export const SIMULATED = {
  /** PAN, GST's PAN part, account number or UPI id ending so: the provider does not answer. */
  timeoutPan: "TIMEO0000T",
  unavailablePan: "UNAVL0000U",
  refusedPan: "NOTFD0000N",
  timeoutAccount: "999999999999",
  unavailableAccount: "888888888888",
  refusedAccount: "000000000000",
  timeoutUpi: "timeout@demo",
  unavailableUpi: "down@demo",
  refusedUpi: "nobody@demo",
} as const;

const SURNAMES = ["Sharma", "Patel", "Iyer", "Reddy", "Das", "Khan", "Nair", "Gupta"];
const GIVEN = ["Anil", "Meera", "Ravi", "Sunita", "Farhan", "Lakshmi", "Vikram", "Pooja"];

/** A name made from the value, the same every time. */
function nameFor(value: string): string {
  let h = 0;
  for (const ch of value) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${GIVEN[h % GIVEN.length]} ${SURNAMES[(h >>> 8) % SURNAMES.length]}`;
}

export function simulatedProvider(db: Queryable, sleep: (ms: number) => Promise<void>): KycProvider {
  const ref = (kind: string, value: string) => `SIM-${kind}-${normalisedValue(value).slice(-4)}`;
  async function outcome(
    kind: string,
    value: string,
    fixed: { timeout: string; unavailable: string; refused: string },
    refusal: string,
  ) {
    const v = normalisedValue(value);
    if (v.endsWith(normalisedValue(fixed.timeout))) {
      await sleep(PROVIDER_TIMEOUT_MS);
      throw new ProviderTimeout(`${kind} provider timed out`);
    }
    if (v.endsWith(normalisedValue(fixed.unavailable)))
      throw new ProviderUnavailable(`${kind} provider unavailable`);
    if (v.endsWith(normalisedValue(fixed.refused)))
      return { ok: false, reference: ref(kind, value), reason: refusal } as ProviderAnswer;
    return null;
  }
  const pans = {
    timeout: SIMULATED.timeoutPan,
    unavailable: SIMULATED.unavailablePan,
    refused: SIMULATED.refusedPan,
  };
  return {
    name: "simulator",
    async pan(pan) {
      const fixed = await outcome("pan", pan, pans, "not on record");
      if (fixed) return fixed;
      const [o] = await db.query<{ owner_name: string }>(
        "SELECT owner_name FROM outlets WHERE pan = $1 ORDER BY id LIMIT 1",
        [normalisedValue(pan)],
      );
      return {
        ok: true,
        reference: ref("pan", pan),
        data: { name: (o?.owner_name ?? nameFor(pan)).toUpperCase() },
      };
    },
    async gst(gstin) {
      // The GSTIN's PAN part (characters 3 to 12) decides the fixed outcomes.
      const fixed = await outcome("gst", gstin.trim().slice(2, 12), pans, "not on record");
      if (fixed) return fixed;
      const [o] = await db.query<{ name: string; owner_name: string }>(
        "SELECT name, owner_name FROM outlets WHERE gst = $1 ORDER BY id LIMIT 1",
        [normalisedValue(gstin)],
      );
      const legal = (o?.owner_name ?? nameFor(gstin)).toUpperCase();
      return {
        ok: true,
        reference: ref("gst", gstin),
        data: { lgnm: legal, tradeNam: (o?.name ?? legal).toUpperCase(), dty: "Regular" },
      };
    },
    async bankAccount({ accountNumber }) {
      const fixed = await outcome(
        "bank_account",
        accountNumber,
        {
          timeout: SIMULATED.timeoutAccount,
          unavailable: SIMULATED.unavailableAccount,
          refused: SIMULATED.refusedAccount,
        },
        "account not found",
      );
      if (fixed) return fixed;
      const [w] = await db.query<{ name: string }>(
        `SELECT coalesce(w.account_holder_name, o.owner_name) AS name FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id
         WHERE w.account_number = $1 OR o.account_number = $1 ORDER BY w.id LIMIT 1`,
        [accountNumber.trim()],
      );
      return {
        ok: true,
        reference: ref("acct", accountNumber),
        data: { name: (w?.name ?? nameFor(accountNumber)).toUpperCase() },
      };
    },
    async upi(upiId) {
      const fixed = await outcome(
        "upi",
        upiId,
        {
          timeout: SIMULATED.timeoutUpi,
          unavailable: SIMULATED.unavailableUpi,
          refused: SIMULATED.refusedUpi,
        },
        "no such UPI id",
      );
      if (fixed) return fixed;
      return {
        ok: true,
        reference: ref("upi", upiId),
        data: { name: nameFor(upiId.trim().toLowerCase()).toUpperCase() },
      };
    },
  };
}
