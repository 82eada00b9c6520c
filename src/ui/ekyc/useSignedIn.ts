/** Who is signed in to a code sign-in group, and the Logout that ends the session there. */
import { useState } from "react";
import { useLocation } from "wouter";
import { clearSession, readStored, STORAGE_KEYS } from "../../infra/storage";
import type { SignInGroup } from "./groups";

export function useSignedIn(group: SignInGroup) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    // The HTTP module loads with the Logout, not with the page.
    await import("../auth/authRequests").then((requests) => requests.signOut()).catch(() => undefined);
    clearSession();
    navigate(group.loginPath, { replace: true });
  };
  return { username: readStored(STORAGE_KEYS.userName), signOut, busy };
}
