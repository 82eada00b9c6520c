/**
 * How many requests an app is answering and how long it has been quiet, so work in the background
 * (the job runner's vacuum on PGlite) waits for a moment without requests.
 */
import type { AppDeps } from "../context";

export type RequestActivity = {
  begin: () => void;
  end: () => void;
  /** Milliseconds since the last request ended; 0 while one is being answered. */
  quietForMs: () => number;
};

const activities = new WeakMap<AppDeps, RequestActivity>();

/** The activity of the app made from these dependencies (the app counts, the job runner reads). */
export function requestActivity(deps: AppDeps): RequestActivity {
  let activity = activities.get(deps);
  if (!activity) {
    let inFlight = 0;
    // Real elapsed time, not the app's clock: tests set that clock and never move it in between.
    let lastEnded = performance.now();
    activity = {
      begin: () => {
        inFlight++;
      },
      end: () => {
        inFlight--;
        lastEnded = performance.now();
      },
      quietForMs: () => (inFlight > 0 ? 0 : performance.now() - lastEnded),
    };
    activities.set(deps, activity);
  }
  return activity;
}

/** One turn of the event loop, so requests that arrived meanwhile are answered before background work goes on. */
export const letRequestsIn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
