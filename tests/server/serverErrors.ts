/** The 500s a test file's servers answered, gathered to fail that file (./support.ts logs here). */

/** What the test servers of this file logged about each 500: the error, then the request line. */
const serverErrors: Record<string, unknown>[] = [];

/**
 * Fails when this file's servers answered a request with a 500, and forgets what they logged. The
 * setup file (./setup.ts) runs it after each file's own afterAll hooks: files share this module
 * where a worker keeps its loaded modules from one file to the next. It imports nothing of the
 * server, so a file that replaces a server module (vi.mock) still loads the server after it.
 */
export function failOnServerErrors(): void {
  const logged = serverErrors.splice(0);
  const answered = logged.filter((e) => typeof e.status === "number");
  if (answered.length === 0) return;
  const causes = logged.filter((e) => e.status === undefined).map((e) => e.message);
  throw new Error(
    `The server answered ${answered.length} request(s) with a 500: ${answered
      .slice(0, 5)
      .map((e) => `${e.method} ${e.path}`)
      .join(", ")}. Causes: ${causes.slice(0, 5).join(" | ")}`,
  );
}

/** Keeps a log entry about a 500 (the onError line or a request line with a 5xx status other than 503). */
export function noteServerError(entry: Record<string, unknown>): void {
  const status = entry.status;
  if (typeof status === "number" ? status >= 500 && status !== 503 : entry.level === "error") {
    serverErrors.push(entry);
  }
}
