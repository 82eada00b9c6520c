/**
 * The composition root: creates the page's session, notification and forgot-password actors and
 * wires the HTTP layer's global reactions to them and to the router (infra never imports the UI).
 */
import { navigate } from "wouter/use-browser-location";
import { pathAfterSignIn } from "../domain/appStart";
import { configureHttp } from "../infra/httpHooks";
import { rememberSignInReturn } from "../infra/signInReturn";
import { createForgotPasswordFlow } from "./auth/forgotPasswordFlow";
import { createNotificationActor, notify, provideNotifications } from "./notifications/notifier";
import type { AppServices } from "./services";
import { createSessionActor, sessionEnded } from "./session/sessionActor";

/** Called once before the first render; tests call it for a fresh page. */
export function compose(): AppServices {
  const services: AppServices = {
    session: createSessionActor(),
    notifications: createNotificationActor(),
    forgotPassword: createForgotPasswordFlow(),
  };
  provideNotifications(services.notifications);
  closeFailuresOnSignIn(services);
  configureHttp({
    navigate: (path) => navigate(path),
    currentPath: () => window.location.pathname,
    notifyFailed: (text) => notify("failed", text),
    sessionEnded: () => sessionEnded(services.session),
    signInAgain: () => {
      const asked = `${window.location.pathname}${window.location.search}`;
      // Only a portal page is returned to; a late answer met elsewhere keeps what was remembered.
      if (pathAfterSignIn(asked) === asked) rememberSignInReturn(asked, true);
    },
  });
  return services;
}

/**
 * A sign-in that succeeds ends what its earlier attempts announced (a wrong code or password): a
 * FAILED notice would otherwise greet the user on the signed-in page.
 */
function closeFailuresOnSignIn({ session, notifications }: AppServices): void {
  let signedIn = false;
  session.subscribe((snapshot) => {
    const now = snapshot.context.user !== null;
    const shown = notifications.getSnapshot();
    if (now && !signedIn && shown.matches("shown") && shown.context.kind === "failed")
      notifications.send({ type: "notification.close" });
    signedIn = now;
  });
}
