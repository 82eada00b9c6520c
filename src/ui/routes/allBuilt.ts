/**
 * Every catalogue pattern with a screen: the hand-written ones (./built.ts) and the administration
 * screens, one per route a resource definition names (docs/admin.md). The definitions carry
 * Effect's Schema, so only lazily loaded code and the scripts import this module.
 */

import { CITY_MERGE_PATH, RESOURCE_SCREENS, RESOURCES } from "../../domain/admin/resourceCatalogue";
import { mayReadResource } from "../../domain/admin/resourceRights";
import { MACHINES_PATH } from "../../domain/shell/menu";
import { findRoute } from "../../domain/shell/routes";
import { HAND_BUILT } from "./built";

export const ADMIN_BUILT_PATTERNS: readonly string[] = [
  ...RESOURCE_SCREENS.map((s) => s.pattern),
  CITY_MERGE_PATH,
];

export const BUILT_PATTERNS: readonly string[] = [...HAND_BUILT, ...ADMIN_BUILT_PATTERNS];

const built: ReadonlySet<string> = new Set(BUILT_PATTERNS);

export function isBuilt(pattern: string): boolean {
  return built.has(pattern);
}

/**
 * Whether an address opens a built screen: its catalogue route's screen is built, or it is the
 * product's own Machines area. The one rule menus, area cards and Back links read, so a link to
 * a screen appears by itself when the screen is built.
 */
export function isBuiltPath(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  if (bare === MACHINES_PATH) return true;
  const found = findRoute(bare);
  return found !== null && isBuilt(found.route.pattern);
}

/**
 * Whether a user can open the address: its screen is built and, for an administration screen, the
 * user may read the resource it shows (its permission, and the internal organisation's own resources
 * only for its users).
 */
export function opensFor(
  path: string,
  user: { readonly permissions: readonly string[]; readonly internal: boolean },
): boolean {
  if (!isBuiltPath(path)) return false;
  const pattern = findRoute(path.split(/[?#]/)[0] ?? path)?.route.pattern;
  const screen = RESOURCE_SCREENS.find((s) => s.pattern === pattern);
  const def = screen && RESOURCES.find((d) => d.name === screen.resource);
  return !def || (def.read.some((p) => user.permissions.includes(p)) && mayReadResource(def, user));
}
