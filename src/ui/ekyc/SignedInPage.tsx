/**
 * Where a retailer's code sign-in lands until the retailer portal exists: who is signed in and
 * Logout, nothing pretended.
 */
import { Redirect } from "wouter";
import type { SignInGroup } from "./groups";
import { useSignedIn } from "./useSignedIn";
import "./ekyc.css";

export function SignedInPage({ group }: { group: SignInGroup }) {
  const { username, signOut, busy } = useSignedIn(group);
  if (!username) return <Redirect to={group.loginPath} replace />;
  return (
    <main className="ekyc-page">
      <div className="ekyc-card">
        <p className="ekyc-brand">Retail Scan · {group.title}</p>
        <h1 className="ekyc-title">You are signed in</h1>
        <p>
          Signed in as <strong>{username}</strong>.
        </p>
        <button className="button button-secondary" type="button" onClick={signOut} disabled={busy}>
          Logout
        </button>
      </div>
    </main>
  );
}
