/**
 * The rules of route patterns (wouter syntax: `:param`, optional `:param?` last, matched exactly)
 * and the sign-in paths, apart from the catalogue (./routes) so the HTTP module and the retailer
 * link's page can use them without loading the whole list.
 */

// The same matching wouter does: exact, case-insensitive, optional trailing slash.

const STATIC_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const PARAM_SEGMENT = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/;

type Segment =
  | { readonly kind: "static"; readonly text: string }
  | { readonly kind: "param"; readonly name: string; readonly optional: boolean };

function segmentsOf(pattern: string): Segment[] | null {
  if (pattern === "/") return [];
  if (!pattern.startsWith("/") || pattern.endsWith("/")) return null;
  const parts = pattern.slice(1).split("/");
  const out: Segment[] = [];
  for (const part of parts) {
    const param = PARAM_SEGMENT.exec(part);
    if (param) out.push({ kind: "param", name: param[1] ?? "", optional: param[2] === "?" });
    else if (STATIC_SEGMENT.test(part)) out.push({ kind: "static", text: part });
    else return null;
  }
  return out;
}

/** A pattern is valid when it is absolute, its segments are plain words or `:name`, and only the last may be optional. */
export function isValidPattern(pattern: string): boolean {
  const segments = segmentsOf(pattern);
  if (segments === null) return false;
  const names = segments.flatMap((s) => (s.kind === "param" ? [s.name] : []));
  if (new Set(names).size !== names.length) return false;
  return segments.every((s, i) => s.kind !== "param" || !s.optional || i === segments.length - 1);
}

/** The parameter names of a pattern, in order. */
export function routeParams(pattern: string): string[] {
  return (segmentsOf(pattern) ?? []).flatMap((s) => (s.kind === "param" ? [s.name] : []));
}

export type RouteMatch = Readonly<Record<string, string | undefined>>;

function pathParts(path: string): string[] {
  const bare = path.split(/[?#]/)[0] ?? "";
  if (bare === "/" || bare === "") return [];
  const parts = bare.slice(1).split("/");
  // One trailing slash is allowed ("/login/"), as wouter allows it; "//" is not the root.
  if (parts.length > 1 && parts.at(-1) === "") parts.pop();
  return parts;
}

/** Exact match of a path against a pattern: the parameters, or null. */
export function matchPattern(pattern: string, path: string): RouteMatch | null {
  const segments = segmentsOf(pattern);
  if (segments === null || !path.startsWith("/")) return null;
  const parts = pathParts(path);
  const params: Record<string, string | undefined> = {};
  let i = 0;
  for (const segment of segments) {
    const part = parts[i];
    if (segment.kind === "static") {
      if (part === undefined || part.toLowerCase() !== segment.text.toLowerCase()) return null;
      i += 1;
    } else if (part === undefined || part === "") {
      if (!segment.optional) return null;
      params[segment.name] = undefined;
    } else {
      params[segment.name] = decodeSegment(part);
      i += 1;
    }
  }
  return i === parts.length ? params : null;
}

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Fills a pattern's parameters (an optional one may be left out). */
export function pathFor(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  const segments = segmentsOf(pattern) ?? [];
  const parts = segments.flatMap((s) => {
    if (s.kind === "static") return [s.text];
    const value = params[s.name];
    return value === undefined || value === "" ? [] : [encodeURIComponent(value)];
  });
  return `/${parts.join("/")}`;
}

const rank = (s: Segment | undefined): number =>
  s === undefined ? 3 : s.kind === "static" ? 0 : s.optional ? 2 : 1;

/**
 * Orders patterns so that the first one that matches a path is the most specific: segment by
 * segment a word beats a parameter, which beats an optional parameter.
 */
export function compareSpecificity(a: string, b: string): number {
  const sa = segmentsOf(a) ?? [];
  const sb = segmentsOf(b) ?? [];
  for (let i = 0; i < Math.max(sa.length, sb.length); i += 1) {
    const diff = rank(sa[i]) - rank(sb[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

// Path rules used at application start and by the HTTP layer.

/** Pages where signing in happens: a 401 there is just a rejected request (spec 000 §8). */
export const SIGN_IN_PATTERNS = [
  "/login",
  "/mfa-password",
  "/verify-otp",
  "/retailers/login",
  "/retailers/otp",
  "/eMyTrack/login",
  "/eMyTrack/verify-otp",
] as const;

export function isSignInPath(path: string): boolean {
  return SIGN_IN_PATTERNS.some((p) => matchPattern(p, path) !== null);
}

/** The login page of the group a path belongs to (002 §2.1: retailers, eMyTrack, otherwise main). */
export function loginPathFor(path: string): "/login" | "/retailers/login" | "/eMyTrack/login" {
  const first = pathParts(path)[0]?.toLowerCase();
  if (first === "retailers") return "/retailers/login";
  if (first === "emytrack") return "/eMyTrack/login";
  return "/login";
}
