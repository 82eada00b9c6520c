/**
 * The catalogue patterns whose screens are built. The route table renders these; every other
 * catalogue pattern shows the honest "Page not found". Kept free of React so that
 * scripts/routes-coverage.ts can import it.
 */
export const BUILT_PATTERNS = [
  "/",
  "/login",
  "/forgot-password",
  "/reset-password",
  "/change-password-expiry",
  "/dashboard",
] as const;

export type BuiltPattern = (typeof BUILT_PATTERNS)[number];

const built: ReadonlySet<string> = new Set(BUILT_PATTERNS);

export function isBuilt(pattern: string): pattern is BuiltPattern {
  return built.has(pattern);
}
