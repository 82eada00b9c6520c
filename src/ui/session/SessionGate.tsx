import { useSelector } from "@xstate/react";
import { type ReactNode, useCallback, useEffect } from "react";
import { useLocation } from "wouter";
import type { UserDetails } from "../../domain/auth";
import { forgetSignInReturn } from "../../infra/signInReturn";
import { useServices } from "../services";
import Loading from "../shell/Loading";
import { sessionEnded, sessionStarted, startApplication } from "./sessionActor";

/** Runs the application-start rules once, then renders the pages. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { session } = useServices();
  const deciding = useSelector(session, (s) => s.hasTag("deciding"));
  useEffect(() => {
    if (session.getSnapshot().matches("booting")) startApplication(session);
  }, [session]);
  return deciding ? <Loading /> : children;
}

export function useCurrentUser(): UserDetails | null {
  return useSelector(useServices().session, (s) => s.context.user);
}

/** After a login: keeps the session and tells the application who signed in. */
export function useSessionStarted(): (sessionId: string, user: UserDetails) => void {
  const { session } = useServices();
  return useCallback((sessionId, user) => sessionStarted(session, sessionId, user), [session]);
}

/** Logs out on the server (best effort), forgets the session and goes to the login page. */
export function useSignOut(): () => void {
  const [, setLocation] = useLocation();
  const { session } = useServices();
  return useCallback(() => {
    void import("../auth/authRequests")
      .then((requests) => requests.signOut())
      .catch(() => undefined)
      .finally(() => {
        sessionEnded(session);
        forgetSignInReturn();
        setLocation("/login", { replace: true });
      });
  }, [setLocation, session]);
}
