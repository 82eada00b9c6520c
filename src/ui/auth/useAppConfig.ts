import appConfigRead from "virtual:declared-read/auth/appConfig";
import { useEffect, useState } from "react";
import type { AppConfig } from "../../domain/auth/auth";
import { readDeclared } from "../../infra/declaredRead";

let pending: Promise<AppConfig | null> | null = null;

/**
 * The server's client configuration (single sign-on providers), read once per page. The public
 * pages read it directly rather than through React Query, which only the signed-in areas load, and
 * check it by the shape derived from its declaration rather than with the HTTP module: the login
 * page then loads Effect only when the user signs in. A failed read means no single sign-on
 * buttons, nothing more.
 */
export function useAppConfig(): AppConfig | null {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    let live = true;
    // Read after the page shows.
    pending ??= readDeclared<AppConfig>(appConfigRead).catch(() => null);
    void pending.then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
