import { useSelector } from "@xstate/react";
import { type ReactNode, useCallback } from "react";
import { useLocation } from "wouter";
import type { UserDetails } from "../../domain/auth/auth";
import { forgetSignInReturn } from "../../infra/signInReturn";
import { useSession } from "../services";
import Loading from "../shell/Loading";
import { sessionEnded, sessionStarted } from "./sessionActor";

/** Renders the pages once the application-start rules (started by the composition root) decided. */
export function SessionGate({ children }: { children: ReactNode }) {
  const deciding = useSelector(useSession(), (s) => s.hasTag("deciding"));
  return deciding ? <Loading /> : children;
}

export function useCurrentUser(): UserDetails | null {
  return useSelector(useSession(), (s) => s.context.user);
}

/** After a login: keeps the session and tells the application who signed in. */
export function useSessionStarted(): (sessionId: string, user: UserDetails) => void {
  const session = useSession();
  return useCallback((sessionId, user) => sessionStarted(session, sessionId, user), [session]);
}

/** Logs out on the server (best effort), forgets the session and goes to the login page. */
export function useSignOut(): () => void {
  const [, setLocation] = useLocation();
  const session = useSession();
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
