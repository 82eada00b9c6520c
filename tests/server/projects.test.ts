// @vitest-environment node
/** The projects endpoints: cards scoped to the caller's organisation, notifications read per user, the hub. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { END_BEFORE_START } from "../../src/domain/admin/resources/projects";
import {
  GIVE_NOTIFICATION_IDS,
  type ProjectCard,
  type ProjectNotification,
} from "../../src/domain/projects/projects";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One session per user for the whole file (a second sign-in on the same platform is a 451). */
const sessions = new Map<string, Promise<Record<string, string>>>();
const as = (username: string) => {
  if (!sessions.has(username)) sessions.set(username, server.signIn(username));
  return sessions.get(username)!;
};

type Page<T> = { results: T[]; count: number; next: string | null };

describe("project cards", () => {
  it("gives a client user only its own organisation's projects, and staff every project", async () => {
    const client = await as("client.manager");
    const mine = (await server.call("GET", "/api/projects/?page-size=50", { headers: client }))
      .body as unknown as Page<ProjectCard>;
    expect(mine.count).toBeGreaterThan(0);
    expect(new Set(mine.results.map((p) => p.organisation))).toEqual(new Set(["Acme Beverages"]));
    const zenith = await as("zenith.manager");
    const theirs = (await server.call("GET", "/api/projects/", { headers: zenith }))
      .body as unknown as Page<ProjectCard>;
    expect(theirs.results.map((p) => p.slug)).toEqual(["zenith-retail-audit"]);
    const staff = await as("project.manager");
    const all = (await server.call("GET", "/api/projects/?page-size=50", { headers: staff }))
      .body as unknown as Page<ProjectCard>;
    expect(all.count).toBe(mine.count + 1);
  });

  it("counts a project's active outlets and searches and filters by name, type and organisation", async () => {
    const staff = await as("project.manager");
    const [outlets] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN projects p ON p.id = s.project_id WHERE p.slug = 'acme-3p-payout' AND o.status = 'active'`,
    );
    const found = (
      await server.call("GET", "/api/projects/?search=payout&type=3p_payout", { headers: staff })
    ).body as unknown as Page<ProjectCard>;
    expect(found.results.map((p) => [p.slug, p.outlets_count])).toEqual([["acme-3p-payout", outlets!.n]]);
    const bad = await server.call("GET", "/api/projects/?type=nope&organisation=x", { headers: staff });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["organisation", "type"]);
  });

  it("refuses a caller without a session", async () => {
    expect((await server.call("GET", "/api/projects/")).status).toBe(401);
  });

  it("answers the card with the spec's field names, `pro` saying whether the caller may edit it", async () => {
    const card = async (user: string) =>
      (
        (await server.call("GET", "/api/projects/?search=Acme%203P", { headers: await as(user) }))
          .body as unknown as Page<Record<string, unknown>>
      ).results[0]!;
    const pm = await card("project.manager");
    // 002 §3: slug, logo, name, type, projectId, outlets_count, createdDate, endDate, notificationCount,
    // notificationList, pro, deckPath; and the product's own organisation and has_payouts.
    expect(Object.keys(pm).sort()).toEqual(
      [
        "slug",
        "logo",
        "name",
        "type",
        "projectId",
        "outlets_count",
        "createdDate",
        "endDate",
        "notificationCount",
        "notificationList",
        "pro",
        "deckPath",
        "organisation",
        "has_payouts",
      ].sort(),
    );
    expect(pm).toMatchObject({ slug: "acme-3p-payout", pro: true });
    expect(pm.deckPath).toMatch(/^\/api\/projects\/acme-3p-payout\/files\/deck\/\d+\/$/);
    // A client's administrator edits its own organisation's projects; a client manager and QC do not.
    expect((await card("client.admin")).pro).toBe(true);
    expect((await card("client.manager")).pro).toBe(false);
    expect((await card("qc.manager")).pro).toBe(false);
  });
});

describe("project notifications", () => {
  it("lists the notified log rows with readable titles, and marks them read for the caller alone, once", async () => {
    const pm = await as("project.manager");
    const page = (
      await server.call("GET", "/api/projects/notifications/?project=acme-3p-payout", { headers: pm })
    ).body as unknown as Page<ProjectNotification>;
    expect(page.count).toBeGreaterThan(0);
    const first = page.results[0]!;
    expect(["Payouts Plotted", "Payment Successful"]).toContain(first.title);
    expect(first.read).toBe(false);
    const cardsBefore = (await server.call("GET", "/api/projects/?search=3P", { headers: pm }))
      .body as unknown as Page<ProjectCard>;
    const before = cardsBefore.results[0]!.notificationCount;
    const marked = await server.call("POST", "/api/projects/notifications/read/", {
      headers: pm,
      body: { ids: [first.id, first.id] },
    });
    expect(marked.body).toEqual({ marked: 1 });
    const again = await server.call("POST", "/api/projects/notifications/read/", {
      headers: pm,
      body: { ids: [first.id] },
    });
    expect(again.body).toEqual({ marked: 0 });
    const cardsAfter = (await server.call("GET", "/api/projects/?search=3P", { headers: pm }))
      .body as unknown as Page<ProjectCard>;
    expect(cardsAfter.results[0]!.notificationCount).toBe(before - 1);
    // Another user still has it unread.
    const qc = await as("qc.manager");
    const theirs = (
      await server.call("GET", "/api/projects/notifications/?project=acme-3p-payout", { headers: qc })
    ).body as unknown as Page<ProjectNotification>;
    expect(theirs.results.find((n) => n.id === first.id)?.read).toBe(false);
  });

  it("does not let another organisation see or mark Acme's notifications", async () => {
    const pm = await as("project.manager");
    const page = (
      await server.call("GET", "/api/projects/notifications/?project=acme-3p-payout", { headers: pm })
    ).body as unknown as Page<ProjectNotification>;
    const zenith = await as("zenith.manager");
    const seen = (
      await server.call("GET", "/api/projects/notifications/?project=acme-3p-payout", { headers: zenith })
    ).body as unknown as Page<ProjectNotification>;
    expect(seen.count).toBe(0);
    const marked = await server.call("POST", "/api/projects/notifications/read/", {
      headers: zenith,
      body: { ids: [page.results[1]!.id] },
    });
    expect(marked.body).toEqual({ marked: 0 });
    const bad = await server.call("POST", "/api/projects/notifications/read/", {
      headers: zenith,
      body: { ids: [] },
    });
    expect(bad.body).toEqual({ ids: [GIVE_NOTIFICATION_IDS] });
  });
});

describe("sub-project hub", () => {
  it("counts the sub-project's active outlets by state and lists its cycles; another organisation finds nothing", async () => {
    const pm = await as("project.manager");
    const hub = await server.call("GET", "/api/projects/acme-3p-payout/sub-projects/acme-3p-payout-main/", {
      headers: pm,
    });
    expect(hub.status).toBe(200);
    const body = hub.body as unknown as {
      total: number;
      by_state: Record<string, number>;
      cycles: { slug: string }[];
    };
    expect(body.total).toBe(Object.values(body.by_state).reduce((a, b) => a + b, 0));
    expect(body.cycles.map((c) => c.slug)).toEqual(["acme-3p-payout-cycle-1"]);
    const zenith = await as("zenith.manager");
    const hidden = await server.call(
      "GET",
      "/api/projects/acme-3p-payout/sub-projects/acme-3p-payout-main/",
      {
        headers: zenith,
      },
    );
    expect(hidden.status).toBe(404);
  });
});

describe("project and sub-project setup", () => {
  it("creates a project and a sub-project under it, refusing an end before the start and a duplicate name", async () => {
    const pm = await as("project.manager");
    const [acme] = await server.db.query<{ id: number }>(
      "SELECT id FROM organisations WHERE name = 'Acme Beverages'",
    );
    const values = {
      name: "Acme Diwali Census",
      organisation: acme!.id,
      type: "census",
      start_date: "2026-10-01",
      logo: null,
      deck: null,
    };
    const early = await server.call("POST", "/api/admin/projects/", {
      headers: pm,
      body: { values: { ...values, end_date: "2026-09-30" } },
    });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ end_date: [END_BEFORE_START] });
    const made = await server.call("POST", "/api/admin/projects/", {
      headers: pm,
      body: { values: { ...values, end_date: "2026-12-31" } },
    });
    expect(made.status).toBe(201);
    const project = made.body as unknown as { id: number; address: string };
    expect(project.address).toBe("acme-diwali-census");
    const sub = { project: project.id, name: "Diwali Census Main", type: "census", add_data_on_fly: false };
    const subMade = await server.call("POST", "/api/admin/sub-projects/", {
      headers: pm,
      body: { values: sub },
    });
    expect(subMade.status).toBe(201);
    const twice = await server.call("POST", "/api/admin/sub-projects/", {
      headers: pm,
      body: { values: sub },
    });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body)).toEqual(["name"]);
    const listed = (
      await server.call("GET", `/api/admin/sub-projects/?project=${project.id}`, { headers: pm })
    ).body as unknown as Page<{ address: string }>;
    expect(listed.results.map((r) => r.address)).toEqual(["diwali-census-main"]);
    const client = await as("client.manager");
    expect(
      (await server.call("POST", "/api/admin/projects/", { headers: client, body: { values } })).status,
    ).toBe(403);
  });
});

describe("programs", () => {
  it("adds a program to a sub-project once, named once within it, and lists only that sub-project's", async () => {
    const pm = await as("project.manager");
    const [main] = await server.db.query<{ id: number }>(
      "SELECT id FROM sub_projects WHERE slug = 'acme-3p-payout-main'",
    );
    const values = { sub_project: main!.id, name: "Festive Cooler Drive" };
    const made = await server.call("POST", "/api/admin/programs/", { headers: pm, body: { values } });
    expect(made.status).toBe(201);
    expect((made.body as unknown as { address: string }).address).toBe("festive-cooler-drive");
    const twice = await server.call("POST", "/api/admin/programs/", {
      headers: pm,
      body: { values: { ...values, name: "festive cooler drive" } },
    });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body)).toEqual(["name"]);
    const listed = (
      await server.call("GET", `/api/admin/programs/?sub_project=${main!.id}&page-size=100`, {
        headers: pm,
      })
    ).body as unknown as Page<{ values: { sub_project: number } }>;
    expect(listed.results.every((r) => r.values.sub_project === main!.id)).toBe(true);
    expect(listed.results.length).toBeGreaterThan(1);
  });
});

describe("searching notifications", () => {
  it("finds a project's notifications by the outlet's RSID", async () => {
    const pm = await as("project.manager");
    const all = (await server.call("GET", "/api/projects/notifications/?page-size=5", { headers: pm }))
      .body as unknown as Page<ProjectNotification>;
    const rsid = all.results[0]!.outlet;
    const found = (
      await server.call("GET", `/api/projects/notifications/?search=${rsid}&page-size=100`, { headers: pm })
    ).body as unknown as Page<ProjectNotification>;
    expect(found.count).toBeGreaterThan(0);
    expect(found.results.every((n) => n.outlet === rsid)).toBe(true);
  });
});
