import { Link, useLocation } from "wouter";

const PAGES = [
  { to: "/dashboard/field-outlet-recovery", label: "Outlet Field Recovery" },
  { to: "/dashboard/field-app-dump", label: "Field App Dump Upload" },
] as const;

/** The two field tools pages, one reached from the other (the side menu opens the first). */
export default function FieldToolsNav() {
  const [here] = useLocation();
  return (
    <nav className="field-tools-nav" aria-label="Field tools">
      {PAGES.map((p) => (
        <Link key={p.to} href={p.to} aria-current={here === p.to ? "page" : undefined}>
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
