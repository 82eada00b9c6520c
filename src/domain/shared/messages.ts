/** Exact user-facing texts from the spec (000 §8, §9; 002 §2, §8). Word for word. */
export const MSG = {
  requestTimedOut: "Request timed out!",
  loginPrompt: "Please login to your account",
  /** A 401 away from the login page: the session ended elsewhere (another tab, a logout, expiry). */
  sessionEnded: "Your session has ended. Please sign in again.",
  logoutAllSession: "Logout All Session",
  oopsTitle: "Oops, our bad!",
  oopsBody: "There was a problem with your request",
  goBackHome: "Go back home",
  noDataAvailable: "No Data Available",
  noOptionsFound: "No options found",
  noActionsAvailable: "No Actions Available",
  somethingWentWrong: "Something went wrong.",
} as const;

/** Words the login splash rotates through (spec 000 §1). */
export const SPLASH_WORDS = [
  "Solutions",
  "Retail Audit",
  "Direct Payout",
  "Retail Census",
  "Mystery Audit",
] as const;
/** Typewriter period default (spec 000 §9). */
export const TYPEWRITER_PERIOD_MS = 2000;
/** Notification auto-hide (spec 000 §9). */
export const NOTIFICATION_HIDE_MS = 5000;
/** Request timeout (spec 000 §7.1). */
export const REQUEST_TIMEOUT_MS = 90_000;
/** Error code shown on the Oops screen when none is given, and the generic status used. */
export const OOPS_DEFAULT_CODE = "4XX";
export const OOPS_GENERIC_STATUS = 500;
