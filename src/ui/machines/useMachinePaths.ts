/**
 * QA's stored paths of one machine (src/ui/machines/paths, written by `npm run coverage:machines`),
 * each file its own chunk loaded when the machine is opened, so the list page stays small.
 */
import { useEffect, useState } from "react";
import type { MachinePaths } from "../../domain/replayPath";

const PATH_FILES = import.meta.glob<MachinePaths>("./paths/*.json", { import: "default" });

/** The machine's paths; null while loading; "missing" for a machine added since they were written. */
export function useMachinePaths(id: string): MachinePaths | "missing" | null {
  const [loaded, setLoaded] = useState<{ id: string; paths: MachinePaths | "missing" } | null>(null);
  useEffect(() => {
    const load = PATH_FILES[`./paths/${id}.json`];
    if (!load) {
      setLoaded({ id, paths: "missing" });
      return;
    }
    let live = true;
    load().then(
      (paths) => live && setLoaded({ id, paths }),
      () => live && setLoaded({ id, paths: "missing" }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return loaded?.id === id ? loaded.paths : null;
}
