import { useEffect, useState } from "react";
import type { AppConfig } from "../../domain/auth/auth";

let pending: Promise<AppConfig | null> | null = null;

/**
 * The server's client configuration (single sign-on providers), read once per page. The public
 * pages read it directly rather than through React Query, which only the signed-in areas load.
 * A failed read means no single sign-on buttons, nothing more.
 */
export function useAppConfig(): AppConfig | null {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    let live = true;
    // Read after the page shows: the HTTP module loads with this call.
    pending ??= import("./authRequests").then((requests) => requests.readAppConfig()).catch(() => null);
    void pending.then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
