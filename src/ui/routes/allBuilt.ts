/**
 * Every catalogue pattern with a screen: the hand-written ones (./built.ts) and the administration
 * screens, one per route a resource definition names (docs/admin.md). The definitions carry
 * Effect's Schema, so only lazily loaded code and the scripts import this module.
 */
import { CITY_MERGE_PATH, RESOURCE_SCREENS } from "../../domain/resourceCatalogue";
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
