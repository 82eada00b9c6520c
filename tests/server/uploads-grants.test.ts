// @vitest-environment node
/**
 * The users upload grants roles: a user may grant only roles whose permissions are all their own
 * (admin holds every permission), only in the organisation the upload targets. A project manager
 * uploading a row with the admin role and an address they control must not get an admin account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { grantableRoles } from "../../server/uploads/lookups";
import { roleInternalOnly } from "../../src/domain/shared/permissions";
import { CODE_SIGN_IN_ROLES, roleNotGrantable } from "../../src/domain/uploads/uploadTypes";
import { startTestServer, type TestServer } from "./support";
import { count, type Headers, resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
let admin: Headers;
let pm: Headers;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  pm = await server.signIn("project.manager");
});
afterAll(async () => {
  await server.close();
});

const HEADER = ["username", "name", "email", "phone_number", "role"];
const row = (username: string, role: string) => [
  username,
  "Some One",
  `${username}@example.in`,
  "9876543210",
  role,
];

async function processed(auth: Headers, rows: string[][], name: string, organisation = "acme-beverages") {
  const res = await upload(
    server,
    auth,
    `object=users&organisation=${organisation}`,
    writeWorkbook("u", HEADER, rows),
    name,
  );
  expect(res.status).toBe(201);
  return settle(server, auth, `objects_type=users&organisation=${organisation}`, res.body.id as number);
}

describe("roles granted through the users upload", () => {
  it("puts a project manager's rows granting roles beyond their own in the unclean file, with the reason", async () => {
    const job = await processed(
      pm,
      [
        row("pm.grants.admin", "admin"),
        row("pm.grants.qc", "qc-manager"),
        row("pm.grants.pm", "project-manager"),
      ],
      "escalate.xlsx",
      "retail-scan",
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 1, total_unclean_objects: 2 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ["pm.grants.admin", `role: ${roleNotGrantable("admin")}`],
      ["pm.grants.qc", `role: ${roleNotGrantable("qc-manager")}`],
    ]);
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=users`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);
    expect(await count(server, "SELECT count(*) AS n FROM users WHERE username LIKE 'pm.grants.%'")).toBe(1);
    expect(
      await count(
        server,
        `SELECT count(*) AS n FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
         WHERE u.username = 'pm.grants.admin' OR r.name = 'admin' AND u.username LIKE 'pm.%'`,
      ),
    ).toBe(0);
  });

  it("lets admin grant every role, and checks the rule again for whoever confirms", async () => {
    const job = await processed(
      admin,
      [row("admin.grants.admin", "admin"), row("admin.grants.qc", "qc-manager")],
      "a.xlsx",
      "retail-scan",
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 2 });
    const byPm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=users`, {
      headers: pm,
    });
    expect(byPm.status).toBe(400);
    expect(byPm.body.detail).toBe(roleNotGrantable("admin"));
    expect(await count(server, "SELECT count(*) AS n FROM users WHERE username LIKE 'admin.grants.%'")).toBe(
      0,
    );
    const byAdmin = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=users`, {
      headers: admin,
    });
    expect(byAdmin.status).toBe(200);
    expect(await count(server, "SELECT count(*) AS n FROM users WHERE username LIKE 'admin.grants.%'")).toBe(
      2,
    );
  });

  it("gives a client organisation's users no internal-only role, saying why, whoever uploads", async () => {
    const job = await processed(
      admin,
      [row("acme.admin", "admin"), row("acme.pm", "project-manager")],
      "c.xlsx",
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 1, total_unclean_objects: 1 });
    const unclean = await resultSheet(server, admin, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ["acme.admin", `role: ${roleInternalOnly("admin")}`],
    ]);
  });

  it("grants nothing in an organisation the user may not act for", async () => {
    const id = async (username: string) =>
      (await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]))[0]!.id;
    const org = async (name: string) =>
      (await server.db.query<{ id: number }>("SELECT id FROM organisations WHERE name = $1", [name]))[0]!.id;
    const client = await id("client.manager");
    expect([...(await grantableRoles(server.db, client, await org("Zenith Foods")))]).toEqual([]);
    expect([...(await grantableRoles(server.db, client, await org("Acme Beverages")))]).toEqual([
      "client-manager",
    ]);
    // Admin grants every staff role in the internal organisation, and in a client's only the roles
    // a client's user may hold; the code sign-in roles are granted by no one.
    const staffRoles = (await server.db.query<{ name: string }>("SELECT name FROM roles")).filter(
      (r) => !CODE_SIGN_IN_ROLES.has(r.name),
    );
    expect((await grantableRoles(server.db, await id("admin"), await org("Retail Scan"))).size).toBe(
      staffRoles.length,
    );
    expect(
      [...(await grantableRoles(server.db, await id("admin"), await org("Zenith Foods")))].sort(),
    ).toEqual(["client-manager", "client-manager-view", "product-owner", "project-manager"]);
  });

  it("matches a role written in another case to its stored name", async () => {
    const job = await processed(admin, [row("case.role", " QC-Manager ")], "case.xlsx", "retail-scan");
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 1 });
    const clean = await resultSheet(server, admin, job.clean_objects_media_path as string);
    expect(clean.rows[0]?.at(-1)).toBe("qc-manager");
  });
});
