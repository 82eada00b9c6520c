/**
 * Every endpoint of the API contract, by family. The role x endpoint matrix reads the routes it
 * must cover from here, and the server serves exactly these.
 */
import type { AnyEndpoint } from "./endpoint";
import * as outlets from "./outlets";
import * as projects from "./projects";
import * as retailerRequests from "./retailerRequests";

const families: readonly Readonly<Record<string, unknown>>[] = [retailerRequests, outlets, projects];

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "grant" in value;

export const ENDPOINTS: readonly AnyEndpoint[] = families.flatMap((family) =>
  Object.values(family).filter(isEndpoint),
);

/** How the server's route table and the matrix name an endpoint: "GET /api/retailer-requests/". */
export const routeOf = (e: Pick<AnyEndpoint, "method" | "path">): string => `${e.method} /api${e.path}`;
