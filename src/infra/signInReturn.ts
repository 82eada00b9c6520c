import type { RememberedReturn } from "../domain/auth/appStart";

/**
 * The page a signed-out user asked for and whose session it was, kept in this tab's session
 * storage until the next sign-in takes it, and whether the session had ended under the user (so the
 * login page can say so).
 */
const KEY = "signInReturn";

export type SignInReturn = RememberedReturn & { sessionEnded: boolean };

const NOTHING: SignInReturn = { path: null, userName: null, sessionEnded: false };

/** Remembers the page; a session already said to have ended on this page stays so. */
export function rememberSignInReturn(path: string, userName: string | null, sessionEnded: boolean): void {
  const before = peekSignInReturn();
  const ended = sessionEnded || (before.path === path && before.sessionEnded);
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify({ path, userName, sessionEnded: ended }));
  } catch {
    // Storage disabled: the user lands on the dashboard after signing in.
  }
}

/** Reads what was remembered without forgetting it (the login page may render several times). */
export function peekSignInReturn(): SignInReturn {
  try {
    const raw = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? "null") as unknown;
    if (typeof raw !== "object" || raw === null) return NOTHING;
    const { path, userName, sessionEnded } = raw as Record<string, unknown>;
    return {
      path: typeof path === "string" ? path : null,
      userName: typeof userName === "string" ? userName : null,
      sessionEnded: sessionEnded === true,
    };
  } catch {
    return NOTHING;
  }
}

export function forgetSignInReturn(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
