/**
 * The HTTP module's global reactions (spec 000 §8), set by the composition root. Kept apart from
 * the HTTP module so the page can wire them at start while the module itself, with Effect, is
 * loaded with the first request.
 */
export type HttpHooks = {
  /** Client-side navigation (the router's navigate). */
  navigate: (path: string) => void;
  /** The path the user is on, to tell the login page from the rest. */
  currentPath: () => string;
  /** A FAILED notification. */
  notifyFailed: (text: string) => void;
  /** The server no longer knows this session (401): forget it on this page. */
  sessionEnded: () => void;
  /**
   * The session ended under the user away from the login page (another tab signed out, it
   * expired): remember the page for after the next sign-in, and say so on the login page.
   */
  signInAgain: () => void;
};

const defaultHooks: HttpHooks = {
  navigate: () => {},
  currentPath: () => globalThis.location?.pathname ?? "/",
  notifyFailed: () => {},
  sessionEnded: () => {},
  signInAgain: () => {},
};

let hooks: HttpHooks = defaultHooks;

/** Called once by the composition root; infra never imports the UI. Missing hooks keep their defaults. */
export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...defaultHooks, ...next };
}

/** The reactions set last (the defaults until the composition root runs). */
export function httpHooks(): HttpHooks {
  return hooks;
}
