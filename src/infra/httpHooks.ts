/**
 * Where the HTTP module reports each failed answer, set by the composition root. The module maps a
 * status to a value and nothing more; what a 401, a 451 or a `detail` means to the page (spec 000
 * §8) is decided by the application actor. Kept apart from the HTTP module so the page can wire it
 * at start while the module itself, with Effect, is loaded with the first request.
 */

/** A failed answer as a value: its status, its body and `detail` text, and the path it was sent from. */
export type AnswerFailure = { status: number; body: unknown; detail: string | null; startedOn: string };

export type HttpHooks = {
  /** The path the user is on, noted when a request is sent. */
  currentPath: () => string;
  /** Told of every failed answer, after it is mapped. */
  failed: (failure: AnswerFailure) => void;
};

const defaultHooks: HttpHooks = {
  currentPath: () => globalThis.location?.pathname ?? "/",
  failed: () => {},
};

let hooks: HttpHooks = defaultHooks;

/** Called once by the composition root; infra never imports the UI. Missing hooks keep their defaults. */
export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...defaultHooks, ...next };
}

/** The hooks set last (the defaults until the composition root runs). */
export function httpHooks(): HttpHooks {
  return hooks;
}
