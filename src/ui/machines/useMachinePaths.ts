/**
 * QA's stored paths of one machine, generated when the client is built
 * (scripts/machine-paths-plugin.ts), each its own chunk loaded when the machine is opened, so the
 * list page stays small.
 */

import PATH_FILES from "virtual:machine-paths";
import { useEffect, useState } from "react";
import type { MachinePaths } from "../../domain/machinesArea/replayPath";

/** The machine's paths; null while loading; "missing" for a machine added since they were written. */
export function useMachinePaths(id: string): MachinePaths | "missing" | null {
  const [loaded, setLoaded] = useState<{ id: string; paths: MachinePaths | "missing" } | null>(null);
  useEffect(() => {
    const load = PATH_FILES[id];
    if (!load) {
      setLoaded({ id, paths: "missing" });
      return;
    }
    let live = true;
    load().then(
      (module) => live && setLoaded({ id, paths: module.default }),
      () => live && setLoaded({ id, paths: "missing" }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return loaded?.id === id ? loaded.paths : null;
}
