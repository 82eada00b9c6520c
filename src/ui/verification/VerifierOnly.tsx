/** The verification screens are for internal KYC reviewers; everyone else is told so (the server refuses them too). */
import type { ReactNode } from "react";
import { mayVerifyIdentity } from "../../domain/shared/permissions";
import { useCurrentUser } from "../session/SessionGate";
import "./verification.css";

export function NotForYou({ title, who }: { title: string; who: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p role="alert">{who}</p>
    </div>
  );
}

export default function VerifierOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return null;
  if (!mayVerifyIdentity(user.permissions, user.organisation.kind))
    return (
      <NotForYou
        title={title}
        who="Identity checks are for Retail Scan's QC, calling, payout team and project managers."
      />
    );
  return <>{children}</>;
}
