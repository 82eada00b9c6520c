/**
 * The decoders every endpoint reads its request with: pages, row ids, bounded text and platforms.
 * Each gives the value or a named field error, so hostile input (huge numbers, NUL bytes, very long
 * text, object-member keys) is a clear 400 or a 404 and never reaches the database as a crash.
 */
import { PLATFORM_MY_TRACK, PLATFORM_RETAILER, PLATFORM_WEB } from "./loginMethods";
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "./table";

/** Field name to its error lines, as a 400 body carries them (spec 000 §5: lines of field and value). */
export type FieldErrors = Record<string, string[]>;

export type Decoded<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

const ok = <T>(value: T): Decoded<T> => ({ ok: true, value });
const fail = <T>(error: string): Decoded<T> => ({ ok: false, error });

/**
 * Adds an error line under a field. The field name may come from the caller (an extra_data key such
 * as `__proto__` or `toString`), so it is stored as an own property and never read through the
 * prototype chain.
 */
export function addFieldError(errors: FieldErrors, field: string, line: string): void {
  if (Object.hasOwn(errors, field)) errors[field]!.push(line);
  else
    Object.defineProperty(errors, field, {
      value: [line],
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** Whether a plain object holds the key itself (not through Object.prototype). */
export const hasOwnKey = (object: object, key: string): boolean => Object.hasOwn(object, key);

// --- Pages (spec 000 §7.1: page-size and page; §9: page sizes up to 1000, default 15) ---

export { DEFAULT_PAGE_SIZE } from "./table";
/** The largest page the table offers. */
export const MAX_PAGE_SIZE = Math.max(...PAGE_SIZE_OPTIONS);
/** Far beyond any real list; keeps the row offset a small exact integer. */
export const MAX_PAGE = 1_000_000;
export const PAGE_FIELD = "page";
export const PAGE_SIZE_FIELD = "page-size";

export const wholeNumberBetween = (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`;

const DIGITS = /^\d{1,16}$/;

/** A whole number written in plain digits within [min, max]; an absent or empty value is the fallback. */
export function decodeBoundedInteger(
  raw: string | undefined,
  min: number,
  max: number,
  fallback: number,
): Decoded<number> {
  if (raw === undefined || raw === "") return ok(fallback);
  const text = raw.trim();
  const n = DIGITS.test(text) ? Number(text) : Number.NaN;
  return n >= min && n <= max ? ok(n) : fail(wholeNumberBetween(min, max));
}

export type Page = { readonly number: number; readonly size: number; readonly offset: number };

/** The page and page size of a list request, or the field lines of what is wrong with them. */
export function decodePage(
  page: string | undefined,
  pageSize: string | undefined,
): { ok: true; page: Page } | { ok: false; errors: FieldErrors } {
  const number = decodeBoundedInteger(page, 1, MAX_PAGE, 1);
  const size = decodeBoundedInteger(pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const errors: FieldErrors = {};
  if (!number.ok) addFieldError(errors, PAGE_FIELD, number.error);
  if (!size.ok) addFieldError(errors, PAGE_SIZE_FIELD, size.error);
  if (!number.ok || !size.ok) return { ok: false, errors };
  return {
    ok: true,
    page: { number: number.value, size: size.value, offset: (number.value - 1) * size.value },
  };
}

// --- Row ids: the integer primary keys of every table ---

/** The largest value of a PostgreSQL integer column. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id from a path, query or JSON body: a whole number from 1 to MAX_ROW_ID, given as a number
 * or as plain digits. Anything else is null: no row can have it, so the caller answers "not found"
 * (a path id) or a field line (a filter or a body field).
 */
export function decodeRowId(raw: unknown): number | null {
  const n =
    typeof raw === "number"
      ? raw
      : typeof raw === "string" && /^\s*\d{1,10}\s*$/.test(raw)
        ? Number(raw)
        : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ROW_ID ? n : null;
}

// --- Text ---

/** Spec 000 §5: text inputs have a default maximum length of 10000. */
export const MAX_TEXT_LENGTH = 10_000;
/** A user name, as the users table and the login throttle index it. */
export const MAX_USERNAME_LENGTH = 150;
/** Passwords are hashed with scrypt: a bound keeps one request cheap. */
export const MAX_PASSWORD_LENGTH = 256;
/** Verification codes, reset tokens and platform names are short tokens. */
export const MAX_TOKEN_LENGTH = 256;
/** Search boxes, slugs and names in query strings. */
export const MAX_QUERY_TEXT_LENGTH = 200;

export const NOT_A_STRING = "Not a valid string.";
export const NULL_CHARACTER = "Null characters are not allowed.";
export const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** A string without NUL characters and at most `max` characters long. */
export function decodeText(raw: unknown, max: number): Decoded<string> {
  if (typeof raw !== "string") return fail(NOT_A_STRING);
  if (raw.includes("\u0000")) return fail(NULL_CHARACTER);
  if (raw.length > max) return fail(tooLong(max));
  return ok(raw);
}

/**
 * Optional query texts (search, slugs): each one that is given must pass decodeText; every problem
 * is reported at once. Absent ones stay absent.
 */
export function decodeQueryTexts<K extends string>(
  query: (key: string) => string | undefined,
  keys: readonly K[],
  max = MAX_QUERY_TEXT_LENGTH,
): { ok: true; values: Partial<Record<K, string>> } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const raw = query(key);
    if (raw === undefined) continue;
    const read = decodeText(raw, max);
    if (read.ok) values[key] = read.value;
    else addFieldError(errors, key, read.error);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

// --- Platforms (spec 002 §7: web for staff, my_track for the field-user e-KYC app, retailer for
// the retailer sign-in) ---

/** The platforms a session can be opened on; one live session per user and platform. */
export const PLATFORMS = [PLATFORM_WEB, PLATFORM_MY_TRACK, PLATFORM_RETAILER] as const;
export type Platform = (typeof PLATFORMS)[number];

export const isPlatform = (value: unknown): value is Platform =>
  typeof value === "string" && (PLATFORMS as readonly string[]).includes(value);

/** Retailers sign in with a one-time code only (spec 000 §2.2 "OTP Send to Mobile Number"). */
export const signsInWithPassword = (platform: Platform): boolean => platform !== PLATFORM_RETAILER;
export const CODE_SIGN_IN_ONLY = "Retailers sign in with a one-time code sent to their mobile number.";

export const notAChoice = (value: string) => `"${value}" is not a valid choice.`;

// --- LIKE patterns ---

/** Text to find anywhere in a column with LIKE/ILIKE: its own %, _ and \ match only themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
