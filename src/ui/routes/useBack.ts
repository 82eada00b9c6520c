import { useLocation } from "wouter";
import { useCurrentUser } from "../session/SessionGate";
import { opensFor } from "./allBuilt";

/**
 * Back to a list: to the list when the signed-in user can open it (its screen is built and theirs
 * to read), otherwise where the user came from, so Back switches by itself once the list is built.
 * `href` is null when Back goes to where the user came from.
 */
export function useBack(target: string): { href: string | null; go: () => void } {
  const [, navigate] = useLocation();
  const user = useCurrentUser();
  const opens = opensFor(target, {
    permissions: user?.permissions ?? [],
    internal: user?.organisation.kind === "internal",
  });
  return {
    href: opens ? target : null,
    go: () => {
      if (opens) navigate(target);
      // Opened directly, the page has nowhere to go back to in this tab: the dashboard.
      else if (window.history.length > 1) window.history.back();
      else navigate("/dashboard");
    },
  };
}
