/**
 * A dashboard route with no hand-written screen: the administration screen a resource definition
 * names (docs/admin.md), or the honest Page not found. Loaded with the first such page, so the
 * entry carries neither the resource definitions nor the Schema module they are made with.
 */
import { type ComponentType, lazy } from "react";
import { CITY_MERGE_PATH, RESOURCE_SCREENS, RESOURCES } from "../../domain/admin/resourceCatalogue";
import { mayReadResource } from "../../domain/admin/resourceRights";
import type { AppRoute } from "../../domain/shell/routes";
import NotFound from "../errors/NotFound";
import { useCurrentUser } from "../session/SessionGate";
import { useTitle } from "./useTitle";

const adminScreens = () => import("../admin/ResourceScreens");
const ADMIN_SCREENS: ReadonlyMap<string, ComponentType> = new Map([
  ...RESOURCE_SCREENS.map(
    (screen) =>
      [screen.pattern, lazy(() => adminScreens().then((m) => ({ default: m.screenFor(screen) })))] as const,
  ),
  [CITY_MERGE_PATH, lazy(() => adminScreens().then((m) => ({ default: m.CityMergeScreen })))] as const,
]);

/** Whether the screen's resource is one the user's organisation may see (the internal one's own: its users only). */
function seenBy(pattern: string, internal: boolean): boolean {
  const name = RESOURCE_SCREENS.find((s) => s.pattern === pattern)?.resource;
  const def = RESOURCES.find((d) => d.name === name);
  return !def || mayReadResource(def, { internal });
}

export default function AdminRoute({ route }: { route: AppRoute }) {
  const user = useCurrentUser();
  const found = ADMIN_SCREENS.get(route.pattern);
  // The internal organisation's own screens do not exist for a client's user, as the server answers.
  const refused = found !== undefined && !seenBy(route.pattern, user?.organisation.kind === "internal");
  const Screen = refused ? undefined : found;
  useTitle(Screen ? route.title : "Page not found");
  if (refused) return <NotFound />;
  return Screen ? <Screen /> : <NotFound planned />;
}
