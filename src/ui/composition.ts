/**
 * The composition root: starts the page's application actor (its session, notification bar and
 * navigation children, with the router's navigate and the browser's storage provided) and the
 * holders of the sign-in flows, and hands every failed answer the HTTP layer reports to the
 * application (infra never imports the UI).
 */

import { navigate } from "wouter/use-browser-location";
import { fromCallback } from "xstate";
import { configureHttp } from "../infra/httpHooks";
import { applicationMachine, type NavigationEvent } from "../machines/application";
import { createForgotPasswordFlow } from "./auth/forgotPasswordFlow";
import { createStaffSignInFlow } from "./auth/staffSignInFlow";
import { createEKycFlows } from "./ekyc/eKycFlows";
import { createLiveActor } from "./live/liveActors";
import { type AppServices, sessionOf } from "./services";
import { sessionMachine, startApplication } from "./session/sessionActor";

const routerNavigation = fromCallback<NavigationEvent>(({ receive }) =>
  receive((event) => navigate(event.to, { replace: event.replace })),
);

/** Called once before the first render; tests call it for a fresh page. */
export function compose(): AppServices {
  const application = createLiveActor(
    applicationMachine.provide({ actors: { session: sessionMachine, navigation: routerNavigation } }),
  ).start();
  configureHttp({
    failed: (failure) =>
      application.send({ type: "answer.failed", ...failure, here: window.location.pathname }),
  });
  // The start rules run on the page as loaded, before anything renders.
  startApplication(sessionOf(application));
  return {
    application,
    forgotPassword: createForgotPasswordFlow(),
    staffSignIn: createStaffSignInFlow(),
    eKyc: createEKycFlows(),
  };
}
