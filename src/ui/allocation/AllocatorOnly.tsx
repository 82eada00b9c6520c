/** The allocation pages are for each team's managers and project managers; everyone else is told so (the server refuses them too). */
import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  type AllocationTeam,
  allocationEditPath,
  allocationPath,
  TEAMS,
} from "../../domain/allocation/allocation";
import { ALLOCATION_TEAMS, mayAllocate } from "../../domain/shared/permissions";
import { useCurrentUser } from "../session/SessionGate";

export function AllocatorOnly({
  team,
  title,
  children,
}: {
  team: AllocationTeam;
  title: string;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (!user) return null;
  if (!mayAllocate(team, user.permissions, user.organisation.kind))
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">
          {TEAMS[team].label} allocation is for Retail Scan's {TEAMS[team].label} managers and project
          managers.
        </p>
      </div>
    );
  return <>{children}</>;
}

/** The teams the user allocates, each a link to the same page of that team. */
export function TeamTabs({ team, edit }: { team: AllocationTeam; edit: boolean }) {
  const user = useCurrentUser();
  const teams = ALLOCATION_TEAMS.filter(
    (t) => user !== null && mayAllocate(t, user.permissions, user.organisation.kind),
  );
  if (teams.length < 2) return null;
  return (
    <nav aria-label="Teams">
      <ul className="allocation-teams">
        {teams.map((t) => (
          <li key={t}>
            <Link
              href={edit ? allocationEditPath(t) : allocationPath(t)}
              aria-current={t === team ? "page" : undefined}
            >
              {TEAMS[t].label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
