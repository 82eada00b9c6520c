/**
 * The frame of the field auditor's own area (eMyTrack, docs/field-user.md): who is signed in,
 * Logout, and the way to the dashboard and the three lists, laid out for a phone first. Its screens
 * read through React Query, loaded in this chunk and not with the sign-in screens.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { OUTLET_ADD_PATH } from "../../domain/ekyc/fieldCapture";
import { FIELD_LIST_PATHS, FIELD_LIST_TITLES, FIELD_LISTS } from "../../domain/ekyc/fieldUser";
import { queryClient } from "../queryClient";
import { EMYTRACK_GROUP } from "./groups";
import { useSignedIn } from "./useSignedIn";
import "./ekyc.css";

const NAV = [
  { path: EMYTRACK_GROUP.signedInPath, title: "Dashboard" },
  ...FIELD_LISTS.map((list) => ({ path: FIELD_LIST_PATHS[list], title: FIELD_LIST_TITLES[list] })),
  { path: OUTLET_ADD_PATH, title: "Add outlet" },
];

export function FieldArea({ children }: { children: ReactNode }) {
  const { username, signOut, busy } = useSignedIn(EMYTRACK_GROUP);
  const [here] = useLocation();
  if (!username) return <Redirect to={EMYTRACK_GROUP.loginPath} replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="field-area">
        <header className="field-header">
          <p className="ekyc-brand">Retail Scan · {EMYTRACK_GROUP.title}</p>
          <p className="field-user">
            Signed in as <strong>{username}</strong>
          </p>
          <button className="button button-secondary" type="button" onClick={signOut} disabled={busy}>
            Logout
          </button>
        </header>
        <nav className="field-nav" aria-label="Your outlets">
          {NAV.map((item) => (
            <Link key={item.path} href={item.path} aria-current={here === item.path ? "page" : undefined}>
              {item.title}
            </Link>
          ))}
        </nav>
        <main className="field-main">{children}</main>
      </div>
    </QueryClientProvider>
  );
}
