/** Format rules of spec 000 §5, used by forms, upload validators and the demo data generator. */

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** 001 §5.3: two digits, five letters, four digits, a letter, a non-zero letter or digit, Z, a letter or digit. */
const GST = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT = /^[0-9]{9,18}$/;
const MOBILE = /^[6-9][0-9]{9}$/;
const PIN = /^[1-9][0-9]{5}$/;
const GST_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** PAN: five capital letters, four digits, one capital letter. */
export const isValidPan = (s: string): boolean => PAN.test(s);

/** IFSC: four letters, a zero, six alphanumerics. */
export const isValidIfsc = (s: string): boolean => IFSC.test(s);

/** Bank account number: 9 to 18 digits. */
export const isValidAccountNumber = (s: string): boolean => ACCOUNT.test(s);

/** Indian mobile number without the +91 prefix. */
export const isValidIndianMobile = (s: string): boolean => MOBILE.test(s);

/** Indian postal pin code. */
export const isValidPin = (s: string): boolean => PIN.test(s);

/** The GSTIN check character for the first 14 characters (mod-36 weighted sum), or null if any is invalid. */
export function gstCheckDigit(first14: string): string | null {
  if (first14.length !== 14) return null;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GST_CHARS.indexOf(first14[i]!);
    if (value < 0) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GST_CHARS[(36 - (sum % 36)) % 36]!;
}

/** A GST state code: a state or union territory (01 to 38), or Other Territory (97). */
export const isGstStateCode = (code: string): boolean => {
  const n = /^\d{2}$/.test(code) ? Number(code) : 0;
  return (n >= 1 && n <= 38) || n === 97;
};

/** GST: the §5.3 pattern, a real state code, and the right check character. */
export const isValidGst = (s: string): boolean =>
  GST.test(s) && isGstStateCode(s.slice(0, 2)) && gstCheckDigit(s.slice(0, 14)) === s[14];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UPI = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** An email address: something, an at sign, a domain with a dot. */
export const isValidEmail = (s: string): boolean => s.length <= 254 && EMAIL.test(s);

/** A UPI virtual payment address: a handle, an at sign and the provider's name. */
export const isValidUpiId = (s: string): boolean => UPI.test(s);

/**
 * A bank transfer's UTR (the spec gives no pattern; these are the forms Indian banks issue): the
 * 12-digit reference of IMPS and UPI, or the sending bank's 4-letter code followed by letters and
 * digits, 16 characters in all for NEFT and 22 for RTGS. Letters in either case.
 */
const UTR = /^(?:\d{12}|[A-Z]{4}[A-Z0-9]{12}|[A-Z]{4}[A-Z0-9]{18})$/i;
export const isValidUtr = (s: string): boolean => UTR.test(s);
export const UTR_FORMAT =
  "Enter the bank's UTR: 12 digits (IMPS, UPI), or 16 (NEFT) or 22 (RTGS) letters and digits starting with the bank's 4-letter code.";

/** Money in rupees: positive, at most 2 decimals and 10 digits before the point. */
export const MONEY_DECIMALS = 2;
export const MONEY_INTEGER_DIGITS = 10;
export const NOT_A_NUMBER = "A valid number is required.";
export const TOO_MANY_DECIMALS = `Ensure that there are no more than ${MONEY_DECIMALS} decimal places.`;
export const TOO_MANY_DIGITS = `Ensure that there are no more than ${MONEY_INTEGER_DIGITS} digits before the decimal point.`;
export const notPositive = (label: string) => `${label} must be greater than zero.`;
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** What is wrong with a money amount written as text (the field's label names it), or null. */
export function moneyProblem(text: string, label: string): string | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return NOT_A_NUMBER;
  const [, sign, whole = "", fraction = ""] = match;
  if (sign === "-" || /^0*$/.test(whole + fraction)) return notPositive(label);
  if (fraction.length > MONEY_DECIMALS) return TOO_MANY_DECIMALS;
  if (whole.replace(/^0+/, "").length > MONEY_INTEGER_DIGITS) return TOO_MANY_DIGITS;
  return null;
}

export const inTheFuture = (label: string) => `${label} cannot be in the future.`;
export const endsBeforeStart = (endLabel: string, startLabel: string) =>
  `${endLabel} must be on or after the ${startLabel.toLowerCase()}.`;

/** Whether a YYYY-MM-DD end date is on or after its start date (both already valid dates). */
export const endsOnOrAfter = (start: string, end: string): boolean => end >= start;
