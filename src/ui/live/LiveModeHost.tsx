import { lazy, Suspense } from "react";
import { useLiveMode } from "./liveMode";

const LivePanel = lazy(() => import("./LivePanel"));

/** Shows live mode's panel over every screen while it is on; loads nothing while it is off. */
export default function LiveModeHost() {
  const on = useLiveMode();
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <LivePanel />
    </Suspense>
  );
}
