/**
 * The staff sign-in machine with its calls provided, started for the page's flow
 * (./staffSignInFlow) by the first sign-in screen that asks for it.
 */
import { useLocation } from "wouter";
import { pathAfterSignIn, returnFor } from "../../domain/auth/appStart";
import type { LoginResponse, UserDetails } from "../../domain/auth/auth";
import { forgetSignInReturn, peekSignInReturn } from "../../infra/signInReturn";
import { signInMachine } from "../../machines/auth/signIn";
import type { Notify } from "../../machines/shared/notification";
import { createLiveActor } from "../live/liveActors";
import { useNotify } from "../notifications/useNotify";
import { useOptionalServices } from "../services";
import { useSessionStarted } from "../session/SessionGate";
import { type SignInActors, signInActors } from "./signInActors";
import type { StaffSignInActor } from "./staffSignInFlow";

/** Where a finished flow leads. */
export type StaffSignInEffects = {
  signedIn: (response: LoginResponse, user: UserDetails) => void;
  passwordExpired: (username: string) => void;
  goHome: () => void;
};

/** A fresh flow with the application's calls, or the given fakes (tests). */
export function startStaffSignIn(
  effects: StaffSignInEffects,
  notify: Notify,
  actors: Partial<SignInActors> = {},
): StaffSignInActor {
  return createLiveActor(
    signInMachine.provide({
      actors: { ...signInActors(notify), ...actors },
      actions: {
        sessionStarted: (_, { response, user }) => effects.signedIn(response, user),
        goToPasswordExpiry: (_, { username }) => effects.passwordExpired(username),
        goHome: () => effects.goHome(),
      },
    }),
    { input: {} },
  ).start();
}

/**
 * The page's flow (or the given one, in tests): it outlives the screen that started it, so it keeps
 * the session, and goes on to the page asked for (a deep link, or where the session ended), with
 * the router's navigate, which is the page's and not the screen's.
 */
export function useStaffSignInFlow(actor?: StaffSignInActor): StaffSignInActor {
  const services = useOptionalServices();
  const [, navigate] = useLocation();
  const sessionStarted = useSessionStarted();
  const notify = useNotify();
  if (actor) return actor;
  if (!services) throw new Error("The composition root provides the staff sign-in flow");
  return services.staffSignIn.actor(() =>
    startStaffSignIn(
      {
        signedIn: (response, user) => {
          sessionStarted(response.sessionid ?? "", user);
          const asked = returnFor(peekSignInReturn(), user.username);
          forgetSignInReturn();
          navigate(pathAfterSignIn(asked), { replace: true });
        },
        passwordExpired: (username) => navigate("/change-password-expiry", { state: { username } }),
        goHome: () => navigate("/", { replace: true }),
      },
      notify,
    ),
  );
}
