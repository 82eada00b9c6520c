// @vitest-environment node
/**
 * The user bulk update (000 §2.1 user-list/bulk-update): an organisation's existing users changed
 * at once through the bulk upload tool. Blank cells keep what is stored; a row naming a user of
 * another organisation, a user twice, or a user who can do more than the uploader is refused with
 * its reason; confirming applies every clean row or none, and checks the rules again for whoever
 * confirms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { REF_NAMES, roleNotGrantable, userNotChangeable } from "../../src/domain/uploads/uploadTypes";
import { startTestServer, type TestServer } from "./support";
import { type Headers, resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
let admin: Headers;
let pm: Headers;

const UPLOAD = "object=users_update&organisation=acme-beverages";
const LIST = "objects_type=users_update&organisation=acme-beverages";
const HEADER = ["username", "name", "email", "phone_number", "role", "is_active"];

/** An Acme user holding one role, made directly so each test starts from known values. */
async function acmeUser(username: string, role: string) {
  const [user] = await server.db.query<{ id: number }>(
    `INSERT INTO users (username, name, email, phone_number, organisation_id, password_hash, password_changed_at)
     SELECT $1, 'Old Name', $1 || '@old.example.in', '9000011111', id, '!', now() FROM organisations
     WHERE slug = 'acme-beverages' RETURNING id`,
    [username],
  );
  await server.db.query(
    "INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = $2",
    [user!.id, role],
  );
}

type Stored = {
  name: string;
  email: string;
  phone_number: string;
  is_active: boolean;
  version: number;
  roles: string[];
};
async function stored(username: string): Promise<Stored> {
  const [row] = await server.db.query<Stored>(
    `SELECT u.name, u.email, u.phone_number, u.is_active, u.version,
       ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles
     FROM users u WHERE u.username = $1`,
    [username],
  );
  return row!;
}

async function processed(auth: Headers, rows: string[][], name: string) {
  const res = await upload(server, auth, UPLOAD, writeWorkbook("u", HEADER, rows), name);
  expect(res.status).toBe(201);
  return settle(server, auth, LIST, res.body.id as number);
}

const confirm = (auth: Headers, id: number) =>
  server.call("POST", `/api/bulk/upload/${id}/activate/?object=users_update`, { headers: auth });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin");
  pm = await server.signIn("project.manager");
  await acmeUser("upd.one", "qc-executive");
  await acmeUser("upd.two", "qc-executive");
  await acmeUser("upd.pm", "project-manager");
  await acmeUser("upd.boss", "admin");
});
afterAll(async () => {
  await server.close();
});

describe("user bulk update", () => {
  it("updates the named users with the filled cells only, and lists every refused row with its reason", async () => {
    const before = await stored("upd.two");
    const job = await processed(
      admin,
      [
        ["upd.one", "New Name", "", "", "client-manager", "no"],
        ["UPD.TWO", "", "two@new.example.in", "9876543210", "", ""],
        ["nobody.here", "X", "", "", "", ""],
        ["zenith.manager", "X", "", "", "", ""],
        ["upd.one", "Again", "", "", "", ""],
        ["upd.two", "", "not-an-email", "", "", "maybe"],
      ],
      "update.xlsx",
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 2, total_unclean_objects: 4 });
    const unclean = await resultSheet(server, admin, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ["nobody.here", `username: No ${REF_NAMES.organisationUser} named nobody.here.`],
      ["zenith.manager", `username: No ${REF_NAMES.organisationUser} named zenith.manager.`],
      ["upd.one", "username: Repeated in this file: first in row 2."],
      [
        "upd.two",
        "email: Not a valid email address.; is_active: Must be one of: yes, no.; username: Repeated in this file: first in row 3.",
      ],
    ]);
    // Nothing changes before Confirm.
    expect(await stored("upd.two")).toEqual(before);

    expect((await confirm(admin, job.id as number)).status).toBe(200);
    expect(await stored("upd.one")).toEqual({
      name: "New Name",
      email: "upd.one@old.example.in",
      phone_number: "9000011111",
      is_active: false,
      version: before.version + 1,
      roles: ["client-manager"],
    });
    expect(await stored("upd.two")).toEqual({
      ...before,
      email: "two@new.example.in",
      phone_number: "9876543210",
      version: before.version + 1,
    });
    const logged = await server.db.query<{ action: string; changes: Record<string, unknown> }>(
      `SELECT c.action, c.changes FROM admin_changes c JOIN users u ON u.id = c.record_id
       WHERE c.resource = 'users' AND u.username = 'upd.one'`,
    );
    expect(logged).toEqual([
      {
        action: "update",
        changes: {
          username: "upd.one",
          name: "New Name",
          role: "client-manager",
          is_active: "no",
          upload: job.id,
        },
      },
    ]);
  });

  it("refuses a project manager's rows changing a user who can do more, or granting a role beyond their own", async () => {
    const job = await processed(
      pm,
      [
        ["upd.boss", "Taken Over", "mine@example.in", "", "", ""],
        ["upd.pm", "", "", "", "client-manager", ""],
        ["upd.pm", "Fine", "", "", "", ""],
      ],
      "pm.xlsx",
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 0, total_unclean_objects: 3 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => r.at(-1))).toEqual([
      `username: ${userNotChangeable("upd.boss")}`,
      `role: ${roleNotGrantable("client-manager")}`,
      "username: Repeated in this file: first in row 3.",
    ]);
  });

  it("checks the rules again for whoever confirms, and then changes nothing at all", async () => {
    const boss = await stored("upd.boss");
    const mine = await stored("upd.pm");
    const job = await processed(
      admin,
      [
        ["upd.pm", "Would Change", "", "", "", ""],
        ["upd.boss", "Taken Over", "", "", "", ""],
      ],
      "admin.xlsx",
    );
    expect(job).toMatchObject({ status: "completed", total_clean_objects: 2 });
    const byPm = await confirm(pm, job.id as number);
    expect(byPm.status).toBe(400);
    expect(byPm.body.detail).toBe(userNotChangeable("upd.boss"));
    expect(await stored("upd.boss")).toEqual(boss);
    expect(await stored("upd.pm")).toEqual(mine);
  });
});
