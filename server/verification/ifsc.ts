/**
 * The IFSC check, offline (spec 001 §7 IFSC lookup → branch, bank): a code is issued when the list
 * of every issued IFSC that Razorpay's `ifsc` package ships holds it; bank and branch come from the
 * product's IFSC master (`bank_codes`, kept by the IFSC upload and the IFSC change screen). A code
 * the master holds passes too (a branch opened after the package's list was cut is added there).
 * Only the package's data files are read: its HTTP client is never loaded.
 */
import { createRequire } from "node:module";
import { normalisedValue } from "../../src/domain/verification/verification";
import type { Queryable } from "../db/db";

const load = createRequire(import.meta.url);

/** Bank code → its branch codes (numbers for numeric codes), and the sublet codes' own list. */
type IssuedList = Readonly<Record<string, readonly (number | string)[]>>;
let issuedList: IssuedList | undefined;
let sublets: Readonly<Record<string, string>> | undefined;
let bankNames: Readonly<Record<string, string>> | undefined;

function lists() {
  issuedList ??= load("ifsc/src/IFSC.json") as IssuedList;
  sublets ??= load("ifsc/src/sublet.json") as Record<string, string>;
  bankNames ??= load("ifsc/src/banknames.json") as Record<string, string>;
  return { issuedList, sublets, bankNames };
}

/** Whether the code is in the package's list of issued IFSC codes (its own validate rule). */
export function isIssuedIfsc(code: string): boolean {
  const ifsc = normalisedValue(code);
  if (ifsc.length !== 11 || ifsc[4] !== "0") return false;
  const { issuedList, sublets } = lists();
  if (Object.hasOwn(sublets, ifsc)) return true;
  const branches = issuedList[ifsc.slice(0, 4)];
  if (!branches) return false;
  const branch = ifsc.slice(5);
  return /^\d+$/.test(branch) ? branches.includes(Number(branch)) : branches.includes(branch);
}

/** The bank's name as the package knows it, for an issued code the master does not hold. */
export const packageBankName = (code: string): string | null =>
  lists().bankNames[normalisedValue(code).slice(0, 4)] ?? null;

export type MasterRow = { ifsc_code: string; bank_code: string; bank: string; branch: string };

export async function masterRow(db: Queryable, code: string): Promise<MasterRow | null> {
  const [row] = await db.query<MasterRow>(
    "SELECT ifsc_code, bank_code, bank, branch FROM bank_codes WHERE ifsc_code = $1",
    [normalisedValue(code)],
  );
  return row ?? null;
}

export type IfscFinding =
  | { found: true; ifsc_code: string; bank: string; branch: string; issued: boolean; inMaster: boolean }
  | { found: false; issued: boolean };

/** The lookup: the master's bank and branch, or, for an issued code it lacks, says so. */
export async function lookUpIfsc(db: Queryable, code: string): Promise<IfscFinding> {
  const ifsc = normalisedValue(code);
  const issued = isIssuedIfsc(ifsc);
  const row = await masterRow(db, ifsc);
  if (row)
    return { found: true, ifsc_code: ifsc, bank: row.bank, branch: row.branch, issued, inMaster: true };
  return { found: false, issued };
}
