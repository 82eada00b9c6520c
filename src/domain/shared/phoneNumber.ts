/**
 * A mobile number as entered and the phone check (spec 000 §5.1), apart from the other format rules
 * (./validation): the sign-in pages read a number with it and load none of those.
 */

/**
 * A mobile number as entered, without its spaces and its country code: a leading +91, or a leading
 * 91 on a 12-digit entry (ten digits after it), is the country code, not part of the number.
 */
export const withoutCountryCode = (value: string): string => {
  const compact = value.replace(/\s+/g, "");
  return /^\+?91\d{10}$/.test(compact) ? compact.slice(-10) : compact.replace(/^\+91/, "");
};

/** §5.1: a phone is exactly 10 digits once its spaces and a leading +91 are removed. */
export const isTenDigitPhone = (value: string): boolean => /^\d{10}$/.test(withoutCountryCode(value));
