/**
 * What a phone opening the retailer's link runs (mobile.html, served for every /mobile-view path):
 * the link's own route table and nothing of the portal's start (no session, no route catalogue, no
 * React Query), never inside a frame, with render errors caught and live mode's panel when it is
 * on, like the application.
 */
import { type ComponentType, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import type { MobilePage } from "../../domain/mobile/mobile";
import {
  MOBILE_VIEW_PAGES,
  MOBILE_VIEW_PREFIX,
  mobileViewRoutes,
} from "../../domain/mobile/mobileViewRoutes";
import NotFound from "../errors/NotFound";
import OopsBoundary from "../errors/OopsBoundary";
import FrameGuard from "../frame/FrameGuard";
import LiveModeHost from "../live/LiveModeHost";
import { useTitle } from "../routes/useTitle";
import { MobileEarnings, MobileHome, MobileInvoices, MobileStatements } from "./MobileLinkPages";

const SCREENS: Record<MobilePage, ComponentType> = {
  home: MobileHome,
  earnings: MobileEarnings,
  invoices: MobileInvoices,
  "target-vs-achievement": MobileStatements,
};

const ROUTES = MOBILE_VIEW_PAGES.flatMap(([page, title]) =>
  mobileViewRoutes(page, title).map((route) => ({ ...route, Screen: SCREENS[page] })),
);

function Titled({ title, Screen }: { title: string; Screen: ComponentType }) {
  useTitle(title);
  return <Screen />;
}

/**
 * A link's address with no page gets Page not found; an address outside the link's pages (the
 * home link of that page) belongs to the portal, whose own page is loaded for it.
 */
function Elsewhere() {
  const [path] = useLocation();
  const ours = path.startsWith(`${MOBILE_VIEW_PREFIX}/`) || path === MOBILE_VIEW_PREFIX;
  useTitle("Page not found");
  useEffect(() => {
    if (!ours) window.location.reload();
  }, [ours]);
  return ours ? (
    <main className="page-center">
      <NotFound />
    </main>
  ) : null;
}

export default function MobileApp() {
  return (
    <FrameGuard>
      <OopsBoundary>
        <Switch>
          {ROUTES.map(({ pattern, title, Screen }) => (
            <Route key={pattern} path={pattern}>
              <Titled title={title} Screen={Screen} />
            </Route>
          ))}
          <Route key="elsewhere">
            <Elsewhere />
          </Route>
        </Switch>
        <LiveModeHost />
      </OopsBoundary>
    </FrameGuard>
  );
}
