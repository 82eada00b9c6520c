/** Who is signed in to a code sign-in group, and the Logout that ends the session there. */
import { useState } from "react";
import { useLocation } from "wouter";
import { logout } from "../../infra/api/auth";
import { runApi } from "../../infra/http";
import { clearSession, readStored, STORAGE_KEYS } from "../../infra/storage";
import type { SignInGroup } from "./groups";

export function useSignedIn(group: SignInGroup) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await runApi(logout()).catch(() => undefined);
    clearSession();
    navigate(group.loginPath, { replace: true });
  };
  return { username: readStored(STORAGE_KEYS.userName), signOut, busy };
}
