/**
 * The administration API generated from the resource definitions: lists, writes with their checks
 * (uniqueness, references, versions, usage), the grant rule, and merging cities.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { citiesMerged, SAME_CITY } from "../../src/domain/admin/cityMerge";
import {
  duplicateValue,
  notChangeable,
  notGrantablePermission,
  versionConflict,
} from "../../src/domain/admin/resource";
import { roles, users } from "../../src/domain/admin/resources/access";
import { regions } from "../../src/domain/admin/resources/organisations";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let admin: Record<string, string>;
let pm: Record<string, string>;
let acme: { id: number; address: string };

const api = (path: string) => `/api/admin/${path}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  pm = await server.signIn("project.manager");
  const found = await server.call("GET", api("organisations/acme-beverages/"), { headers: admin });
  acme = { id: found.body.id as number, address: found.body.address as string };
});
afterAll(() => server.close());

async function permissionId(name: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>("SELECT id FROM permissions WHERE name = $1", [name]);
  return row!.id;
}

describe("lists", () => {
  it("pages, searches, filters and orders a resource's records", async () => {
    const res = await server.call("GET", api(`regions/?organisation=${acme.id}&ordering=-name&page-size=2`), {
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect((res.body.results as { values: { name: string } }[]).map((r) => r.values.name)).toEqual([
      "West",
      "South",
    ]);
    const searched = await server.call("GET", api(`zones/?organisation=${acme.id}&search=kar`), {
      headers: admin,
    });
    const zone = (
      searched.body.results as { values: Record<string, unknown>; labels: Record<string, unknown> }[]
    )[0]!;
    expect(zone.values.name).toBe("Karnataka");
    expect(zone.labels.region).toBe("South");
  });

  it("searches users by user name, name or email in any case, through their stored search text", async () => {
    const found = async (search: string) =>
      (
        (
          await server.call(
            "GET",
            api(`users/?organisation=${acme.id}&search=${encodeURIComponent(search)}`),
            {
              headers: admin,
            },
          )
        ).body.results as { values: { username: string } }[]
      ).map((r) => r.values.username);
    const [manager] = await server.db.query<{ name: string; email: string }>(
      "SELECT name, email FROM users WHERE username = 'client.manager'",
    );
    expect(await found("CLIENT.MANAGER")).toEqual(["client.manager"]);
    expect(await found(manager!.name.toUpperCase())).toContain("client.manager");
    expect(await found(manager!.email.split("@")[1]!.toUpperCase())).toContain("client.manager");
    expect(await found("client_manager")).toEqual([]);
  });

  it("names a bad filter, order or page instead of failing", async () => {
    const res = await server.call("GET", api("regions/?ordering=password&organisation=x&page=0"), {
      headers: admin,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["ordering", "organisation", "page"]);
  });
});

describe("writes", () => {
  it("creates a region, refuses its name again in any case, and updates it on its version only", async () => {
    const created = await server.call("POST", api("regions/"), {
      headers: admin,
      body: { values: { organisation: acme.id, name: "Central" } },
    });
    expect(created.status).toBe(201);
    expect(created.body.version).toBe(1);
    expect(created.body.modified_by).toBe("admin");
    const again = await server.call("POST", api("regions/"), {
      headers: admin,
      body: { values: { organisation: acme.id, name: " central " } },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ name: [duplicateValue(regions, "name")] });

    const address = created.body.address as string;
    const renamed = await server.call("PUT", api(`regions/${address}/`), {
      headers: admin,
      body: { values: { organisation: acme.id, name: "Central India" }, version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.version).toBe(2);
    const stale = await server.call("PUT", api(`regions/${address}/`), {
      headers: admin,
      body: { values: { organisation: acme.id, name: "Centre" }, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(versionConflict(regions));
    const logged = await server.db.query<{ action: string }>(
      "SELECT action FROM admin_changes WHERE resource = 'regions' AND record_id = $1 ORDER BY id",
      [Number(address)],
    );
    expect(logged.map((l) => l.action)).toEqual(["create", "update"]);
  });

  it("refuses a zone under another organisation's region", async () => {
    const [zenithRegion] = await server.db.query<{ id: number }>(
      "SELECT r.id FROM regions r JOIN organisations o ON o.id = r.organisation_id WHERE o.name = 'Zenith Foods' LIMIT 1",
    );
    const res = await server.call("POST", api("zones/"), {
      headers: admin,
      body: { values: { organisation: acme.id, name: "Elsewhere", region: zenithRegion!.id } },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["region"]);
  });

  it("does not delete a region in use and says where it is used", async () => {
    const list = await server.call("GET", api(`regions/?organisation=${acme.id}&search=West`), {
      headers: admin,
    });
    const west = (list.body.results as { address: string }[])[0]!;
    const res = await server.call("DELETE", api(`regions/${west.address}/`), { headers: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(
      /^This region is used by 3 zones and \d+ outlets, so it cannot be deleted\.$/,
    );
  });

  it("deletes a region nothing refers to, once", async () => {
    const created = await server.call("POST", api("regions/"), {
      headers: admin,
      body: { values: { organisation: acme.id, name: "Short lived" } },
    });
    const path = api(`regions/${created.body.address as string}/`);
    expect((await server.call("DELETE", path, { headers: admin })).status).toBe(204);
    expect((await server.call("DELETE", path, { headers: admin })).status).toBe(404);
  });
});

describe("nobody grants a permission they do not hold", () => {
  it("project.manager cannot create a role holding permissions it lacks", async () => {
    const held = await permissionId("project-manager-dashboard-permission");
    const lacking = await permissionId("qc-manager-workflow-permission");
    const res = await server.call("POST", api("roles/"), {
      headers: pm,
      body: { values: { name: "qc-lead", display_name: "QC Lead", permissions: [held, lacking] } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ permissions: [notGrantablePermission("qc-manager-workflow-permission")] });
    const none = await server.db.query("SELECT 1 FROM roles WHERE name = 'qc-lead'");
    expect(none).toEqual([]);
  });

  it("project.manager creates a role of permissions it holds; admin any", async () => {
    const held = await permissionId("project-manager-dashboard-permission");
    const ok = await server.call("POST", api("roles/"), {
      headers: pm,
      body: { values: { name: "pm-assistant", display_name: "PM Assistant", permissions: [held] } },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.labels).toEqual({ permissions: ["project-manager-dashboard-permission"] });
    const lacking = await permissionId("qc-manager-workflow-permission");
    const byAdmin = await server.call("POST", api("roles/"), {
      headers: admin,
      body: { values: { name: "qc-lead", display_name: "QC Lead", permissions: [lacking] } },
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.address).toBe("qc-lead");
    expect(roles.addressBy).toBe("name");
  });

  it("a user made with a role signs in with the password given", async () => {
    const [role] = await server.db.query<{ id: number }>(
      "SELECT id FROM roles WHERE name = 'client-manager'",
    );
    const res = await server.call("POST", api("users/"), {
      headers: admin,
      body: {
        values: {
          organisation: acme.id,
          username: "new.qc",
          name: "New QC",
          email: "",
          phone_number: "",
          roles: [role!.id],
          password: "Fresh@2026x",
          is_active: true,
          two_step_sign_in: false,
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.values).not.toHaveProperty("password");
    const login = await server.login("new.qc", "Fresh@2026x");
    expect(login.status).toBe(200);
  });
});

describe("nobody changes a record that can do more than they can", () => {
  it("project.manager may not change or delete the admin account or role; admin may change them", async () => {
    const record = await server.call("GET", api("users/admin/"), { headers: admin });
    const values = {
      ...(record.body.values as Record<string, unknown>),
      email: "pm@takeover.example",
      password: "",
    };
    const byPm = await server.call("PUT", api("users/admin/"), {
      headers: pm,
      body: { values, version: record.body.version },
    });
    expect(byPm.status).toBe(403);
    expect(byPm.body.detail).toBe(notChangeable(users));
    expect((await server.call("DELETE", api("users/admin/"), { headers: pm })).status).toBe(403);
    const role = await server.call("GET", api("roles/admin/"), { headers: admin });
    const renamed = await server.call("PUT", api("roles/admin/"), {
      headers: pm,
      body: {
        values: { ...(role.body.values as Record<string, unknown>), permissions: [] },
        version: role.body.version,
      },
    });
    expect(renamed.status).toBe(403);
    expect(renamed.body.detail).toBe(notChangeable(roles));
    const [stored] = await server.db.query<{ email: string }>(
      "SELECT email FROM users WHERE username = 'admin'",
    );
    expect(stored!.email).not.toBe("pm@takeover.example");

    const byAdmin = await server.call("PUT", api("users/admin/"), {
      headers: admin,
      body: { values: { ...values, email: "asha@retailscan.example" }, version: record.body.version },
    });
    expect(byAdmin.status).toBe(200);
  });
});

describe("merging cities", () => {
  it("moves the outlets of the merged city to the city kept and deletes the merged one", async () => {
    const [pune] = await server.db.query<{ id: number }>("SELECT id FROM cities WHERE name = 'Pune'");
    const [mumbai] = await server.db.query<{ id: number }>("SELECT id FROM cities WHERE name = 'Mumbai'");
    const [{ count }] = (await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM outlets WHERE city_id = $1",
      [pune!.id],
    )) as [{ count: number }];
    const same = await server.call("POST", api("cities/merge/"), {
      headers: admin,
      body: { from: pune!.id, into: pune!.id },
    });
    expect(same.body).toEqual({ into: [SAME_CITY] });
    const res = await server.call("POST", api("cities/merge/"), {
      headers: admin,
      body: { from: pune!.id, into: mumbai!.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe(citiesMerged("Pune", "Mumbai", count));
    expect(await server.db.query("SELECT 1 FROM outlets WHERE city_id = $1", [pune!.id])).toEqual([]);
    expect(await server.db.query("SELECT 1 FROM cities WHERE id = $1", [pune!.id])).toEqual([]);
  });
});
