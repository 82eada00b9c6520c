/**
 * Hole 4 of the access-control review: whether a caller is internal staff (who serve every client
 * organisation) is decided by one function from one source, the organisation of the user's row.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { isInternal, maySeeOrganisation } from "../../server/auth/organisationScope";
import type { UserRow } from "../../server/auth/users";

const SERVER = join(import.meta.dirname, "..", "..", "server");
const DECIDES = "auth/organisationScope.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const user = (kind: "internal" | "client", organisationId: number) =>
  ({ organisation_kind: kind, organisation_id: organisationId }) as UserRow;

describe("one notion of internal", () => {
  it("only the organisation scope module compares an organisation kind", () => {
    const deciders = sources(SERVER)
      .map((path) => relative(SERVER, path))
      .filter((path) => !path.startsWith("seed"))
      .filter((path) =>
        /kind\s*!?===?\s*"internal"|"internal"\s*!?===?/.test(readFileSync(join(SERVER, path), "utf8")),
      );
    expect(deciders).toEqual([DECIDES]);
  });

  it("internal staff see every organisation, a client user only its own", () => {
    expect(isInternal(user("internal", 1))).toBe(true);
    expect(isInternal(user("client", 2))).toBe(false);
    expect(maySeeOrganisation(user("internal", 1), 3)).toBe(true);
    expect(maySeeOrganisation(user("client", 2), 2)).toBe(true);
    expect(maySeeOrganisation(user("client", 2), 3)).toBe(false);
  });
});
