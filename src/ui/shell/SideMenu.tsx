import type { CSSProperties } from "react";
import { Link, useLocation } from "wouter";
import { currentMenuEntry, dashboardMenuFor, type MenuUser } from "../../domain/shell/menu";
import { findRoute } from "../../domain/shell/routes";
import { isBuiltPath } from "../routes/allBuilt";
import { sideMenuWidth } from "./layout";

type Props = { id: string; user: MenuUser; collapsed: boolean };

/** The first letters of a label, shown when the menu is collapsed. */
function shortLabel(label: string): string {
  return label
    .split(/\s+/)
    .filter((w) => w.length > 2 || w === label)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

/** The side menu: links to the dashboard areas the user has, 14% wide or 6% collapsed. */
export default function SideMenu({ id, user, collapsed }: Props) {
  const [location] = useLocation();
  const entries = dashboardMenuFor(user, isBuiltPath);
  const current = currentMenuEntry(entries, location, findRoute(location)?.route.area ?? null);
  return (
    <nav
      id={id}
      className="side-menu"
      aria-label="Dashboard areas"
      data-collapsed={collapsed}
      style={{ "--side-menu-width": sideMenuWidth(collapsed) } as CSSProperties}
    >
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link
              href={entry.to}
              className="side-menu-link"
              aria-current={entry === current ? "page" : undefined}
              title={collapsed ? entry.label : undefined}
            >
              <span className="side-menu-short" aria-hidden="true">
                {shortLabel(entry.label)}
              </span>
              <span className="side-menu-label">{entry.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
