/**
 * Where a retailer's code sign-in lands: who is signed in, the way to their outlets, and Logout.
 */
import { Link, Redirect } from "wouter";
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
        {group.platform === "retailer" ? (
          <p>
            <Link href="/retailers/outlets-list" className="button button-primary">
              My outlets
            </Link>
          </p>
        ) : null}
        <button className="button button-secondary" type="button" onClick={signOut} disabled={busy}>
          Logout
        </button>
      </div>
    </main>
  );
}
