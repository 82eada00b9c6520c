/**
 * Administration as a hostile caller would try it: a client organisation's administrator reaching
 * shared records or the kind of its own organisation, passwords given to accounts that sign in by
 * code, bad record addresses, merges across states, accounts still linked to outlets, values that
 * were stored changed, and Logout All ending someone else's sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandomBytes, hashPassword } from "../../server/auth/passwords";
import { CONFLICT_COOKIE } from "../../server/auth/routes";
import { valuesOf } from "../../src/domain/admin/resource";
import { RESOURCES } from "../../src/domain/admin/resourceCatalogue";
import {
  CODE_SIGN_IN_TAKES_NO_PASSWORD,
  OWN_KIND_FIXED,
  sharedRecordsRefused,
  unknownListParameter,
} from "../../src/domain/admin/resourceRights";
import { roles, users } from "../../src/domain/admin/resources/access";
import { CITIES_OF_TWO_STATES, cities, states } from "../../src/domain/admin/resources/geography";
import { organisations } from "../../src/domain/admin/resources/organisations";
import { END_BEFORE_START } from "../../src/domain/admin/resources/projects";
import { roleInternalOnly } from "../../src/domain/shared/permissions";
import { BLANK } from "../../src/domain/shared/schemaErrors";
import { TOO_MANY_DECIMALS } from "../../src/domain/shared/validation";
import { roleNotGrantable } from "../../src/domain/uploads/uploadTypes";
import { DEMO_PASSWORD, startTestServer, type TestServer } from "./support";

let server: TestServer;
let admin: Record<string, string>;
let pm: Record<string, string>;
let clientAdmin: Record<string, string>;
let acmeId: number;

const api = (path: string) => `/api/admin/${path}`;

async function record(resource: string, address: string) {
  const res = await server.call("GET", api(`${resource}/${address}/`), { headers: admin });
  expect(res.status).toBe(200);
  return res.body as { id: number; version: number; values: Record<string, unknown> };
}

async function idOf(table: string, column: string, value: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE ${column} = $1`, [
    value,
  ]);
  return row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  pm = await server.signIn("project.manager");
  clientAdmin = await server.signIn("client.admin");
  acmeId = await idOf("organisations", "name", "Acme Beverages");
});
afterAll(() => server.close());

describe("a client organisation's administrator", () => {
  it("cannot make its organisation internal, nor create or change any organisation", async () => {
    const acme = await record("organisations", "acme-beverages");
    const internal = await server.call("PUT", api("organisations/acme-beverages/"), {
      headers: clientAdmin,
      body: { values: { name: "Acme Beverages", kind: "internal" }, version: acme.version },
    });
    expect(internal.status).toBe(403);
    expect(internal.body.detail).toBe(sharedRecordsRefused(organisations));
    const created = await server.call("POST", api("organisations/"), {
      headers: clientAdmin,
      body: { values: { name: "Acme Insiders", kind: "internal" } },
    });
    expect(created.status).toBe(403);
    const [kind] = await server.db.query<{ kind: string }>("SELECT kind FROM organisations WHERE id = $1", [
      acmeId,
    ]);
    expect(kind!.kind).toBe("client");
    const [insiders] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM organisations WHERE name = 'Acme Insiders'",
    );
    expect(insiders!.n).toBe(0);
  });

  it("cannot rename a state, add a city or merge cities for everyone", async () => {
    const karnataka = await record("states", "karnataka");
    const renamed = await server.call("PUT", api("states/karnataka/"), {
      headers: clientAdmin,
      body: { values: { ...karnataka.values, name: "Acmeland" }, version: karnataka.version },
    });
    expect(renamed.status).toBe(403);
    expect(renamed.body.detail).toBe(sharedRecordsRefused(states));
    const city = await server.call("POST", api("cities/"), {
      headers: clientAdmin,
      body: { values: { name: "Acmepur", state: karnataka.id } },
    });
    expect(city.status).toBe(403);
    expect(city.body.detail).toBe(sharedRecordsRefused(cities));
    const [a, b] = await server.db.query<{ id: number }>(
      "SELECT id FROM cities WHERE state_id = $1 ORDER BY id LIMIT 2",
      [karnataka.id],
    );
    const merged = await server.call("POST", api("cities/merge/"), {
      headers: clientAdmin,
      body: { from: a!.id, into: b!.id },
    });
    expect(merged.status).toBe(403);
    expect((await server.db.query("SELECT 1 FROM cities WHERE id = $1", [a!.id])).length).toBe(1);
  });

  it("cannot create a role or take a permission from a role everyone shares", async () => {
    const created = await server.call("POST", api("roles/"), {
      headers: clientAdmin,
      body: { values: { name: "acme-boss", display_name: "Acme Boss", permissions: [] } },
    });
    expect(created.status).toBe(403);
    expect(created.body.detail).toBe(sharedRecordsRefused(roles));
    const role = await record("roles", "project-manager");
    const stripped = await server.call("PUT", api("roles/project-manager/"), {
      headers: clientAdmin,
      body: { values: { ...role.values, permissions: [] }, version: role.version },
    });
    expect(stripped.status).toBe(403);
    expect((await record("roles", "project-manager")).values.permissions).toEqual(role.values.permissions);
  });

  it("lists only its own organisation's users", async () => {
    const res = await server.call("GET", "/api/auth/users/?page-size=1000", { headers: clientAdmin });
    expect(res.status).toBe(200);
    const names = new Set(
      (res.body.results as { organisation: { name: string } }[]).map((u) => u.organisation.name),
    );
    expect([...names]).toEqual(["Acme Beverages"]);
    const [acmeUsers] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE organisation_id = $1",
      [acmeId],
    );
    expect(res.body.count).toBe(acmeUsers!.n);
  });

  it("reads only its own organisation's sub-projects, programs and panels", async () => {
    const ownSql = {
      "sub-projects": "SELECT s.id FROM sub_projects s JOIN projects p ON p.id = s.project_id",
      programs: `SELECT g.id FROM programs g JOIN sub_projects s ON s.id = g.sub_project_id
                 JOIN projects p ON p.id = s.project_id`,
      panels: `SELECT g.id FROM panels g JOIN sub_projects s ON s.id = g.sub_project_id
               JOIN projects p ON p.id = s.project_id`,
    };
    for (const [resource, sql] of Object.entries(ownSql)) {
      const res = await server.call("GET", api(`${resource}/?page-size=1000`), { headers: clientAdmin });
      expect(res.status).toBe(200);
      const own = await server.db.query<{ id: number }>(`${sql} WHERE p.organisation_id = $1 ORDER BY 1`, [
        acmeId,
      ]);
      const listed = (res.body.results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
      expect(listed, resource).toEqual(own.map((r) => r.id));
    }
    const [zenith] = await server.db.query<{ slug: string }>(
      "SELECT slug FROM sub_projects WHERE slug LIKE 'zenith-%' ORDER BY id LIMIT 1",
    );
    const other = await server.call("GET", api(`sub-projects/${zenith!.slug}/`), { headers: clientAdmin });
    expect(other.status).toBe(404);
  });

  it("still administers its own organisation's records, and only those", async () => {
    const own = await server.call("POST", api("regions/"), {
      headers: clientAdmin,
      body: { values: { organisation: acmeId, name: "Acme North East" } },
    });
    expect(own.status).toBe(201);
    const zenithId = await idOf("organisations", "name", "Zenith Foods");
    const other = await server.call("POST", api("regions/"), {
      headers: clientAdmin,
      body: { values: { organisation: zenithId, name: "Zenith North East" } },
    });
    expect(other.status).toBe(400);
    expect(Object.keys(other.body)).toEqual(["organisation"]);
  });
});

describe("internal administrators", () => {
  it("write shared records, but nobody changes the kind of their own organisation", async () => {
    const karnataka = await record("states", "karnataka");
    const kept = await server.call("PUT", api("states/karnataka/"), {
      headers: pm,
      body: { values: karnataka.values, version: karnataka.version },
    });
    expect(kept.status).toBe(200);
    const own = await record("organisations", "retail-scan");
    const flipped = await server.call("PUT", api("organisations/retail-scan/"), {
      headers: admin,
      body: { values: { ...own.values, kind: "client" }, version: own.version },
    });
    expect(flipped.status).toBe(400);
    expect(flipped.body).toEqual({ kind: [OWN_KIND_FIXED] });
  });
});

describe("accounts that sign in with a one-time code", () => {
  it("take no password from a project manager or an admin", async () => {
    const retailer = await record("users", "retailer.9100000050");
    for (const headers of [pm, admin]) {
      const res = await server.call("PUT", api("users/retailer.9100000050/"), {
        headers,
        body: { values: { ...retailer.values, password: "Taken@2026x" }, version: retailer.version },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ password: [CODE_SIGN_IN_TAKES_NO_PASSWORD] });
    }
    const auditor = await record("users", "auditor.9000000003");
    const res = await server.call("PUT", api("users/auditor.9000000003/"), {
      headers: pm,
      body: { values: { ...auditor.values, password: "Taken@2026x" }, version: auditor.version },
    });
    expect(res.body).toEqual({ password: [CODE_SIGN_IN_TAKES_NO_PASSWORD] });
  });

  it("are refused password sign-in on every platform, even holding a password hash", async () => {
    const hash = await hashPassword(DEMO_PASSWORD, cryptoRandomBytes);
    await server.db.query("UPDATE users SET password_hash = $1 WHERE username IN ($2, $3)", [
      hash,
      "retailer.9100000051",
      "auditor.9000000004",
    ]);
    for (const username of ["retailer.9100000051", "auditor.9000000004"])
      for (const platform of ["web", "my_track"]) {
        const res = await server.login(username, DEMO_PASSWORD, platform);
        expect(res.status, `${username} on ${platform}`).toBe(400);
        expect(res.body.sessionid).toBeUndefined();
      }
  });

  it("get no password reset code", async () => {
    const before = await server.db.query("SELECT 1 FROM password_resets");
    const res = await server.call("POST", "/api/auth/forgot/send-code/", {
      body: { login_username: "retailer.9100000052" },
    });
    expect(res.status).toBe(200);
    expect((await server.db.query("SELECT 1 FROM password_resets")).length).toBe(before.length);
  });

  it("are not deleted while linked to outlets: a retailer's or a field auditor's", async () => {
    for (const username of ["retailer.9100000053", "auditor.9000000005"]) {
      const res = await server.call("DELETE", api(`users/${username}/`), { headers: admin });
      expect(res.status, username).toBe(409);
      expect(res.body.code).toBe("in_use");
      expect(String(res.body.detail)).toMatch(/outlet/);
      expect((await server.db.query("SELECT 1 FROM users WHERE username = $1", [username])).length).toBe(1);
    }
  });

  it("granting their role says why it is refused", async () => {
    const fieldAuditor = await idOf("roles", "name", "field-auditor");
    const res = await server.call("POST", api("users/"), {
      headers: admin,
      body: {
        values: {
          organisation: acmeId,
          username: "new.auditor",
          name: "New Auditor",
          email: "",
          phone_number: "",
          roles: [fieldAuditor],
          password: "Fresh@2026x",
          is_active: true,
          two_step_sign_in: false,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.roles).toEqual([roleNotGrantable("field-auditor")]);
    expect(roleNotGrantable("field-auditor")).not.toMatch(/permissions you do not have/);
  });

  it("refuses an internal-only role (Administrator, QC) to a client organisation's user", async () => {
    const create = (username: string, organisation: number, role: string) =>
      idOf("roles", "name", role).then((id) =>
        server.call("POST", api("users/"), {
          headers: admin,
          body: {
            values: {
              organisation,
              username,
              name: "New Staff",
              email: "",
              phone_number: "",
              roles: [id],
              password: "Fresh@2026x",
              is_active: true,
              two_step_sign_in: false,
            },
          },
        }),
      );
    const refused = await create("acme.admin", acmeId, "admin");
    expect(refused.status).toBe(400);
    expect(refused.body.roles).toEqual([roleInternalOnly("admin")]);
    expect((await create("acme.qc", acmeId, "qc-manager")).body.roles).toEqual([
      roleInternalOnly("qc-manager"),
    ]);
    expect((await create("acme.pm", acmeId, "project-manager")).status).toBe(201);
    const internal = await idOf("organisations", "name", "Retail Scan");
    expect((await create("scan.admin", internal, "admin")).status).toBe(201);
  });

  it("offers a client organisation's users only the roles they may hold", async () => {
    const offered = async (organisation: number) =>
      (
        (await server.call("GET", api(`roles/options/?organisation=${organisation}`), { headers: admin }))
          .body as unknown as { label: string }[]
      ).map((o) => o.label);
    const forAcme = await offered(acmeId);
    expect(forAcme).toContain("Project Manager");
    expect(forAcme).toContain("Client Manager");
    expect(forAcme).not.toContain("Administrator");
    expect(forAcme).not.toContain("QC Manager");
    expect(await offered(await idOf("organisations", "name", "Retail Scan"))).toContain("Administrator");
  });
});

describe("record addresses", () => {
  it("a NUL byte in any resource's address is not found, never a server error", async () => {
    const answered: string[] = [];
    for (const def of RESOURCES)
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await server.call(method, api(`${def.name}/%00/`), {
          headers: admin,
          ...(method === "PUT" ? { body: { values: {}, version: 1 } } : {}),
        });
        if (res.status !== 404 && res.status !== 400) answered.push(`${method} ${def.name}: ${res.status}`);
      }
    expect(answered).toEqual([]);
  });
});

describe("merging cities", () => {
  it("refuses cities of two states, moving no outlet", async () => {
    const [from] = await server.db.query<{ id: number; state_id: number; outlets: number }>(
      `SELECT c.id, c.state_id, (SELECT count(*)::int FROM outlets o WHERE o.city_id = c.id) AS outlets
       FROM cities c WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.city_id = c.id) ORDER BY c.id LIMIT 1`,
    );
    const [into] = await server.db.query<{ id: number }>(
      "SELECT id FROM cities WHERE state_id <> $1 ORDER BY id LIMIT 1",
      [from!.state_id],
    );
    const res = await server.call("POST", api("cities/merge/"), {
      headers: admin,
      body: { from: from!.id, into: into!.id },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ into: [CITIES_OF_TWO_STATES] });
    const [left] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outlets WHERE city_id = $1",
      [from!.id],
    );
    expect(left!.n).toBe(from!.outlets);
  });
});

describe("values", () => {
  it("refuses an offer ending before it starts", async () => {
    const res = await server.call("POST", api("offers/"), {
      headers: admin,
      body: {
        values: {
          organisation: acmeId,
          title: "Backwards",
          description: "",
          starts_on: "2026-12-10",
          ends_on: "2026-12-01",
          is_active: true,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ends_on: [END_BEFORE_START] });
  });

  it("refuses a name of only invisible characters", async () => {
    const res = await server.call("POST", api("regions/"), {
      headers: admin,
      body: { values: { organisation: acmeId, name: "\u200b" } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: [BLANK] });
  });

  it("refuses a price with more than two decimals instead of rounding it", async () => {
    const res = await server.call("POST", api("skus/"), {
      headers: admin,
      body: {
        values: {
          organisation: acmeId,
          sku_code: "ROUND-1",
          name: "Rounded",
          brand: "Acme",
          mrp: 12.345,
          sub_category: null,
          variant: null,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ mrp: [TOO_MANY_DECIMALS] });
  });

  it("refuses list and options parameters it does not know", async () => {
    const list = await server.call("GET", api("regions/?colour=blue&page=1"), { headers: admin });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ colour: [unknownListParameter("colour")] });
    const options = await server.call("GET", api("regions/options/?page=2"), { headers: admin });
    expect(options.status).toBe(400);
    expect(options.body).toEqual({ page: [unknownListParameter("page")] });
  });

  it("saves a user read back with no email unchanged, as its form sends it", async () => {
    await server.db.query("UPDATE users SET email = NULL WHERE username = 'qc.executive'");
    const user = await record("users", "qc.executive");
    const res = await server.call("PUT", api("users/qc.executive/"), {
      headers: admin,
      body: { values: valuesOf(users, user.values), version: user.version },
    });
    expect(res.status).toBe(200);
  });

  it("names each thing that uses a project once", async () => {
    const [project] = await server.db.query<{ slug: string; n: number }>(
      `SELECT p.slug, count(s.id)::int AS n FROM projects p JOIN sub_projects s ON s.project_id = p.id
       GROUP BY p.id ORDER BY p.id LIMIT 1`,
    );
    const res = await server.call("DELETE", api(`projects/${project!.slug}/`), { headers: admin });
    expect(res.status).toBe(409);
    expect(String(res.body.detail).match(/sub-projects/g)).toHaveLength(1);
  });
});

describe("Logout All", () => {
  it("ends the sessions of the conflict cookie's user only when the caller is that user", async () => {
    const manager = await server.signIn("client.manager");
    await server.signIn("zenith.manager");
    const conflict = await server.login("zenith.manager");
    expect(conflict.status).toBe(451);
    const cookie = /[^;]*/.exec(
      conflict.headers.getSetCookie().find((l) => l.startsWith(`${CONFLICT_COOKIE}=`)) ?? "",
    )![0];
    const res = await server.call("POST", "/api/auth/logout/all/", { headers: { ...manager, cookie } });
    expect(res.status).toBe(403);
    expect((await server.call("GET", "/api/auth/info/", { headers: manager })).status).toBe(200);
    const [zenith] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'zenith.manager'",
    );
    expect(zenith!.n).toBe(1);
  });
});
