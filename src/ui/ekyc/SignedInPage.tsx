/**
 * Where a code sign-in lands: who is signed in, logout, and what the audience's own area offers so
 * far (the field auditor's outlet counts; nothing yet for retailers, so nothing is pretended).
 */
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { logout } from "../../infra/api/auth";
import { runApi } from "../../infra/http";
import { clearSession, readStored, STORAGE_KEYS } from "../../infra/storage";
import type { SignInGroup } from "./groups";
import "./ekyc.css";

export function SignedInPage({ group, children }: { group: SignInGroup; children?: ReactNode }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const username = readStored(STORAGE_KEYS.userName);
  if (!username) {
    navigate(group.loginPath, { replace: true });
    return null;
  }
  const signOut = async () => {
    setBusy(true);
    await runApi(logout()).catch(() => undefined);
    clearSession();
    navigate(group.loginPath, { replace: true });
  };
  return (
    <main className="ekyc-page">
      <div className="ekyc-card">
        <p className="ekyc-brand">Retail Scan · {group.title}</p>
        <h1 className="ekyc-title">You are signed in</h1>
        <p>
          Signed in as <strong>{username}</strong>.
        </p>
        {children}
        <button className="button button-secondary" type="button" onClick={signOut} disabled={busy}>
          Logout
        </button>
      </div>
    </main>
  );
}
