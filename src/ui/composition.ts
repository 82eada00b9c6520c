/**
 * The composition root: the HTTP layer's global reactions wired to the router, the session and the
 * notification bar (infra never imports the UI).
 */
import { navigate } from "wouter/use-browser-location";
import { configureHttp } from "../infra/http";
import { notify } from "./notifications/notifier";
import { sessionEnded } from "./session/sessionActor";

/** Called once before the first render. */
export function compose(): void {
  configureHttp({
    navigate: (path) => navigate(path),
    currentPath: () => window.location.pathname,
    notifyFailed: (text) => notify("failed", text),
    sessionEnded,
  });
}
