/** Format rules of spec 000 §5, used by forms, upload validators and the demo data generator. */

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const GST = /^[0-9]{2}[0-9A-Z]{13}$/;
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

/** GST: 15 characters, two digits plus 13 alphanumerics, ending in the right check character. */
export const isValidGst = (s: string): boolean => GST.test(s) && gstCheckDigit(s.slice(0, 14)) === s[14];
