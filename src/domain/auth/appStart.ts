/** Application start rules (spec 002 §2.1): where a freshly loaded page goes before anything renders. */
import { loginPathFor } from "../shared/routePatterns";
import { isMobileViewPath } from "../shell/routes";

export type StartDecision =
  | { readonly type: "openStore" }
  | { readonly type: "mobileView" }
  | { readonly type: "fetchUser" }
  | { readonly type: "publicPage" }
  | { readonly type: "redirect"; readonly to: string };

export type StartFacts = {
  readonly path: string;
  readonly search: string;
  readonly storedUserName: string | null;
};

/** The open_store flag in the query string sends the device to the app store. */
export function hasOpenStoreFlag(search: string): boolean {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  return params.has("open_store");
}

const PUBLIC = new Set([
  "/login",
  "/forgot-password",
  "/change-password-expiry",
  "/mfa-password",
  "/verify-otp",
  "/reset-password",
  "/retailers/login",
  "/retailers/choose-mobile-number",
  "/retailers/enter-mobile-number",
  "/retailers/otp",
  "/retailers/success",
  "/eMyTrack/login",
  "/eMyTrack/verify-otp",
  // The widget catalogue holds sample data only.
  "/dev/widgets",
]);

/** The Machines area in demo mode: the product's own machine definitions, which its code already ships. */
const DEV_MACHINES = /^\/dev\/machines(?:\/[A-Za-z0-9_]+)?$/;

/** Pages that are shown without a session: the login groups, and the demo-mode developer pages. */
export const isPublicPath = (path: string): boolean => {
  const trimmed = path.replace(/\/+$/, "") || "/";
  return PUBLIC.has(trimmed) || DEV_MACHINES.test(trimmed);
};

export function startDecision({ path, search, storedUserName }: StartFacts): StartDecision {
  if (hasOpenStoreFlag(search)) return { type: "openStore" };
  if (isMobileViewPath(path)) return { type: "mobileView" };
  if (storedUserName) return { type: "fetchUser" };
  if (isPublicPath(path)) return { type: "publicPage" };
  return { type: "redirect", to: loginPathFor(path) };
}

/** A page remembered for the next sign-in in this tab, and whose session it was (null: a visitor's). */
export type RememberedReturn = { path: string | null; userName: string | null };

/**
 * The remembered page a user signing in returns to: one asked for before anyone signed in, or their
 * own from a session that ended under them; another user's page is not theirs to land on (a desk
 * shared by two staff members), so they go to the dashboard.
 */
export function returnFor(remembered: RememberedReturn, signingIn: string): string | null {
  const owner = remembered.userName?.trim().toLowerCase() ?? null;
  return owner === null || owner === signingIn.trim().toLowerCase() ? remembered.path : null;
}

/** Where a signed-out user goes after signing in: the portal page asked for, else the dashboard. */
export function pathAfterSignIn(asked: string | null): string {
  // Only this application's own portal pages: never another site ("//host") or a sign-in page.
  if (asked && /^\/dashboard(?:[/?#]|$)/.test(asked)) return asked;
  return "/dashboard";
}
