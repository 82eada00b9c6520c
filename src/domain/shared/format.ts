/**
 * Shared display formats (spec 000 §9): "MMM d, yyyy", 12-hour time, numbers up to 2 decimals. Plain
 * functions without Schema: the retailer link's page formats with them and loads no Effect.
 */

/** The month names every date format of the product uses ("Nov 22, 2026", "22-Nov-2026"). */
export const MONTH_ABBREVIATIONS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** India Standard Time: UTC+5:30 all year (no daylight saving), the zone every shown time is in. */
export const INDIA_UTC_OFFSET_MINUTES = 330;

/** "Nov 22, 2026" for a date given as year, month (1-12) and day. */
export function formatDate(year: number, month: number, day: number): string {
  return `${MONTH_ABBREVIATIONS[month - 1] ?? "?"} ${day}, ${year}`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** "22-Nov-2026" for a date given as year, month (1-12) and day. */
export const formatDayMonthYear = (year: number, month: number, day: number): string =>
  `${pad2(day)}-${MONTH_ABBREVIATIONS[month - 1] ?? "?"}-${year}`;

/** "03:05 PM": hours 0-23 and minutes as a two-digit 12-hour clock. */
export function formatPaddedTime12(hours: number, minutes: number): string {
  return `${pad2(hours % 12 === 0 ? 12 : hours % 12)}:${pad2(minutes)} ${hours < 12 ? "AM" : "PM"}`;
}

export type WallClock = { year: number; month: number; day: number; hours: number; minutes: number };

/** The date and time in India at an instant given as ISO text, or null when it is not a time. */
export function indiaWallClock(iso: string): WallClock | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  const d = new Date(time + INDIA_UTC_OFFSET_MINUTES * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
  };
}

/** The YYYY-MM-DD calendar date at an instant, in a zone `offsetMinutes` ahead of UTC (India by default). */
export const calendarDateAt = (epochMs: number, offsetMinutes = INDIA_UTC_OFFSET_MINUTES): string =>
  new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** "3:05 PM" for hours 0-23 and minutes. */
export function formatTime12(hours: number, minutes: number): string {
  const suffix = hours < 12 ? "AM" : "PM";
  const h = hours % 12 === 0 ? 12 : hours % 12;
  return `${h}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** Numbers show at most two decimals, without trailing zeros. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return "-";
  return String(Math.round(n * 100) / 100);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** UTC midnight of a calendar date (month 1-12; days past the month's end roll over). */
function utcMidnight(year: number, month: number, day: number): Date {
  // Date.UTC reads years 0 to 99 as 1900 to 1999; setUTCFullYear takes the year as given.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

/** A YYYY-MM-DD text as its parts, or null when it is not a real calendar date. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  if (typeof text !== "string" || !ISO_DATE.test(text)) return null;
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const d = utcMidnight(year, month, day);
  return month >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** Whether a text is a real calendar date written YYYY-MM-DD (the one date check of every form). */
export const isIsoDate = (text: string): boolean => parseIsoDate(text) !== null;

/**
 * How many days a month (1-12) has; with no year chosen yet, February offers the 29th so that a
 * leap day can still be picked before the year.
 */
export function daysInMonth(month: number, year: number | null): number {
  return utcMidnight(year ?? 2000, month + 1, 0).getUTCDate();
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return null;
  return (
    (utcMidnight(b.year, b.month, b.day).getTime() - utcMidnight(a.year, a.month, a.day).getTime()) /
    86_400_000
  );
}

/** YYYY-MM-DD of a date `offset` days from the given one (the date picker's yesterday-to-today default). */
export function shiftIsoDate(date: string, offset: number): string | null {
  const d = parseIsoDate(date);
  if (!d) return null;
  return utcMidnight(d.year, d.month, d.day + offset)
    .toISOString()
    .slice(0, 10);
}

/**
 * A title-cased name as it reads inside a sentence: lower case, but an abbreviation keeps its
 * capitals ("SKU template field" → "SKU template field", "Catalogue SKU" → "catalogue SKU").
 */
export const inSentence = (name: string): string =>
  name
    .split(" ")
    .map((word) => (/^[A-Z]{2,}s?$/.test(word) ? word : word.toLowerCase()))
    .join(" ");

/**
 * The stand-in for a missing logo (a project's card, the retailer's mobile home): the first letters
 * of the name's first two words.
 */
export const cardInitials = (name: string): string =>
  name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";
