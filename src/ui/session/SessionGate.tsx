import { useSelector } from "@xstate/react";
import { type ReactNode, useCallback, useEffect } from "react";
import { useLocation } from "wouter";
import type { UserDetails } from "../../domain/auth";
import { logout } from "../../infra/api/auth";
import { runApi } from "../../infra/http";
import Loading from "../shell/Loading";
import { sessionActor, sessionEnded, startApplication } from "./sessionActor";

/** Runs the application-start rules once, then renders the pages. */
export function SessionGate({ children }: { children: ReactNode }) {
  const deciding = useSelector(sessionActor, (s) => s.matches("booting") || s.matches("fetchingUser"));
  useEffect(() => {
    if (sessionActor.getSnapshot().matches("booting")) startApplication();
  }, []);
  return deciding ? <Loading /> : children;
}

export function useCurrentUser(): UserDetails | null {
  return useSelector(sessionActor, (s) => s.context.user);
}

/** Logs out on the server (best effort), forgets the session and goes to the login page. */
export function useSignOut(): () => void {
  const [, setLocation] = useLocation();
  return useCallback(() => {
    void runApi(logout())
      .catch(() => undefined)
      .finally(() => {
        sessionEnded();
        setLocation("/login", { replace: true });
      });
  }, [setLocation]);
}
