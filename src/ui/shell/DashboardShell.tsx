import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useId, useState } from "react";
import { Link, Redirect } from "wouter";
import { mayReadMachines } from "../../domain/shared/permissions";
import { setLiveMode, useLiveMode } from "../live/liveMode";
import { queryClient } from "../queryClient";
import { useCurrentUser, useSignOut } from "../session/SessionGate";
import Loading from "./Loading";
import { isMobileViewport, PRODUCT_NAME } from "./layout";
import SideMenu from "./SideMenu";
import UserBadge from "./UserBadge";

/**
 * The frame of every dashboard page: a header with the product name and the user badge, a
 * collapsible side menu and the page itself. Only for a signed-in user.
 */
export default function DashboardShell({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const [collapsed, setCollapsed] = useState(isMobileViewport);
  const menuId = useId();
  const live = useLiveMode();

  if (!user) return <Redirect to="/login" replace />;

  return (
    <div className="shell" data-collapsed={collapsed}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="shell-header">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={!collapsed}
          aria-controls={menuId}
          onClick={() => setCollapsed((c) => !c)}
        >
          <span className="menu-toggle-icon" aria-hidden="true">
            ☰
          </span>
          <span className="visually-hidden">Side menu</span>
        </button>
        <Link href="/dashboard" className="brand">
          {PRODUCT_NAME}
        </Link>
        <UserBadge
          user={user}
          onSignOut={signOut}
          liveMode={
            mayReadMachines(user.permissions) ? { on: live, toggle: () => setLiveMode(!live) } : undefined
          }
        />
      </header>
      <div className="shell-body">
        <SideMenu id={menuId} user={user} collapsed={collapsed} />
        <main id="main-content" className="shell-main" tabIndex={-1}>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </QueryClientProvider>
        </main>
      </div>
    </div>
  );
}
