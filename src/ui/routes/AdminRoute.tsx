/**
 * A dashboard route with no hand-written screen: the administration screen a resource definition
 * names (docs/admin.md), or the honest Page not found. Loaded with the first such page, so the
 * entry carries neither the resource definitions nor the Schema module they are made with.
 */
import { type ComponentType, lazy } from "react";
import { CITY_MERGE_PATH, RESOURCE_SCREENS } from "../../domain/resourceCatalogue";
import type { AppRoute } from "../../domain/routes";
import NotFound from "../errors/NotFound";
import { useTitle } from "./useTitle";

const adminScreens = () => import("../admin/ResourceScreens");
const ADMIN_SCREENS: ReadonlyMap<string, ComponentType> = new Map([
  ...RESOURCE_SCREENS.map(
    (screen) =>
      [screen.pattern, lazy(() => adminScreens().then((m) => ({ default: m.screenFor(screen) })))] as const,
  ),
  [CITY_MERGE_PATH, lazy(() => adminScreens().then((m) => ({ default: m.CityMergeScreen })))] as const,
]);

export default function AdminRoute({ route }: { route: AppRoute }) {
  const Screen = ADMIN_SCREENS.get(route.pattern);
  useTitle(Screen ? route.title : "Page not found");
  return Screen ? <Screen /> : <NotFound planned />;
}
