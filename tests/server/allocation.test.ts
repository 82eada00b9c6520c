// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["qc.manager", "calling.manager", "iftu.manager", "client.manager"])
    auth[user] = await server.signIn(user);
});
afterAll(async () => {
  await server.close();
});

const get = (user: string, path: string) => server.call("GET", path, { headers: auth[user] });
const post = (user: string, path: string, body: unknown) =>
  server.call("POST", path, { headers: auth[user], body });

type Overview = {
  executives: { id: number; name: string; username: string; open: number }[];
  unassigned: number;
  counts: { executive: number | null; sub_project: string; state: string; count: number }[];
};
type Outlet = {
  id: number;
  rsid: string;
  state: string;
  assignee: { id: number; name: string } | null;
  version: number;
};
type Preview = {
  moves: (Outlet & { to: { id: number; name: string } })[];
  unchanged: number;
  left: number;
  loads: { executive: { name: string }; before: number; after: number }[];
};

const executives = async (user: string, team: string) =>
  ((await get(user, `/api/allocation/${team}/`)).body as unknown as Overview).executives;

describe("allocation of a team's open work", () => {
  it("shows each team's executives with open outlets in the team's states only", async () => {
    for (const [user, team, names] of [
      ["qc.manager", "qc", ["Ananya Desai", "Lakshmi Menon", "Rohan Iyer"]],
      ["calling.manager", "calling", ["Imran Khan", "Rahul Verma"]],
      ["iftu.manager", "iftu", ["Pooja Bhatt", "Sneha Joshi"]],
    ] as const) {
      const res = await get(user, `/api/allocation/${team}/`);
      expect(res.status).toBe(200);
      const overview = res.body as unknown as Overview;
      expect(overview.executives.map((e) => e.name)).toEqual(names);
      const working = overview.executives.filter((e) => e.name !== "Lakshmi Menon");
      for (const e of working) expect(e.open).toBeGreaterThanOrEqual(10);
      const states = new Set(overview.counts.map((c) => c.state));
      expect([...states].sort()).toEqual(
        {
          qc: ["qc_pending"],
          calling: ["calling_rejected", "qc_accepted"],
          iftu: ["calling_accepted", "payouts_plotted"],
        }[team],
      );
    }
  });

  it("refuses client users and other teams' managers", async () => {
    expect((await get("client.manager", "/api/allocation/qc/")).status).toBe(403);
    expect((await get("calling.manager", "/api/allocation/qc/")).status).toBe(403);
    expect((await get("qc.manager", "/api/allocation/nobody/")).status).toBe(404);
  });

  it("previews a selection, saves it with a log line each, and refuses the same save again (409)", async () => {
    const [rohan, ananya] = [
      ...(await executives("qc.manager", "qc")).filter((e) => e.username !== "expired.user"),
    ].sort((a, b) => (a.username === "qc.executive" ? -1 : b.username === "qc.executive" ? 1 : 0));
    const list = (await get("qc.manager", `/api/allocation/qc/outlets/?executive=${rohan!.id}`))
      .body as unknown as { total: number; outlets: Outlet[] };
    expect(list.outlets.every((o) => o.assignee?.name === "Rohan Iyer" && o.state === "qc_pending")).toBe(
      true,
    );
    const chosen = list.outlets.slice(0, 3);
    const preview = (
      await post("qc.manager", "/api/allocation/qc/preview/", {
        outlet_ids: chosen.map((o) => o.id),
        to: [ananya!.id],
        from: null,
        sub_project: null,
        region: null,
        territory: null,
        capacity: null,
      })
    ).body as unknown as Preview;
    expect(preview.moves.map((m) => [m.rsid, m.assignee?.name, m.to.name])).toEqual(
      chosen.map((o) => [o.rsid, "Rohan Iyer", "Ananya Desai"]),
    );
    expect(preview.loads).toEqual([
      { executive: { id: ananya!.id, name: "Ananya Desai" }, before: ananya!.open, after: ananya!.open + 3 },
    ]);
    const moves = preview.moves.map((m) => ({ outlet_id: m.id, to: m.to.id, version: m.version }));
    const saved = await post("qc.manager", "/api/allocation/qc/moves/", { moves });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ detail: "Moved 3 outlets.", moved: 3 });
    const review = await get("qc.manager", `/api/outlets/${chosen[0]!.rsid}/`);
    const body = review.body as unknown as {
      workflow_object: { assigned_qc_executive: { name: string } };
      logs: { message: string }[];
    };
    expect(body.workflow_object.assigned_qc_executive.name).toBe("Ananya Desai");
    expect(body.logs[0]?.message).toBe(
      "Meera Kulkarni reassigned the QC executive from Rohan Iyer to Ananya Desai.",
    );
    const again = await post("qc.manager", "/api/allocation/qc/moves/", { moves });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: "Some outlets changed since you loaded them, so nothing was saved. Reload and preview again.",
      lines: chosen.map(
        (o) => `${o.rsid}: reassigned by Meera Kulkarni since it was loaded (now with Ananya Desai).`,
      ),
    });
  });

  it("spreads a rule's outlets within a capacity, and refuses someone not on the team", async () => {
    const team = await executives("calling.manager", "calling");
    const [imran, rahul] = team;
    const preview = (
      await post("calling.manager", "/api/allocation/calling/preview/", {
        outlet_ids: [],
        to: [rahul!.id],
        from: imran!.id,
        sub_project: null,
        region: null,
        territory: null,
        capacity: rahul!.open + 4,
      })
    ).body as unknown as Preview;
    expect(preview.moves).toHaveLength(4);
    expect(preview.left).toBe(imran!.open - 4);
    const refused = await post("calling.manager", "/api/allocation/calling/preview/", {
      outlet_ids: [],
      to: [1],
      from: null,
      sub_project: null,
      region: null,
      territory: null,
      capacity: null,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ to: ["Choose executives of the Calling team."] });
  });

  it("refuses a save when an outlet left the team's work since the preview, and writes nothing", async () => {
    const team = await executives("qc.manager", "qc");
    const rohan = team.find((e) => e.username === "qc.executive")!;
    const ananya = team.find((e) => e.username === "qc.executive2")!;
    const list = (await get("qc.manager", `/api/allocation/qc/outlets/?executive=${ananya.id}`))
      .body as unknown as { outlets: Outlet[] };
    const [a, b] = list.outlets;
    const preview = (
      await post("qc.manager", "/api/allocation/qc/preview/", {
        outlet_ids: [a!.id, b!.id],
        to: [rohan.id],
        from: null,
        sub_project: null,
        region: null,
        territory: null,
        capacity: null,
      })
    ).body as unknown as Preview;
    await server.db.query("UPDATE outlets SET workflow_state = 'qc_accepted' WHERE id = $1", [b!.id]);
    const res = await post("qc.manager", "/api/allocation/qc/moves/", {
      moves: preview.moves.map((m) => ({ outlet_id: m.id, to: m.to.id, version: m.version })),
    });
    expect(res.status).toBe(409);
    expect((res.body as { lines: string[] }).lines).toEqual([
      `${b!.rsid}: now QC Accepted, no longer QC work.`,
    ]);
    const [held] = await server.db.query<{ holder: number }>(
      "SELECT assigned_qc_executive AS holder FROM workflow_objects WHERE outlet_id = $1",
      [a!.id],
    );
    expect(held?.holder).toBe(ananya.id);
  });

  it("spreads a rule's outlets no one holds over two executives, the less loaded first", async () => {
    const team = await executives("iftu.manager", "iftu");
    const sneha = team.find((e) => e.username === "iftu.executive")!;
    const pooja = team.find((e) => e.username === "iftu.executive2")!;
    const freed = await server.db.query<{ id: number }>(
      `UPDATE workflow_objects SET assigned_iftu_executive = NULL WHERE id IN (
         SELECT w.id FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id
         WHERE w.assigned_iftu_executive = $1 AND o.workflow_state = 'payouts_plotted' ORDER BY o.rsid LIMIT 4)
       RETURNING id`,
      [sneha.id],
    );
    expect(freed).toHaveLength(4);
    const before = (await executives("iftu.manager", "iftu")).map((e) => e.open);
    const preview = (
      await post("iftu.manager", "/api/allocation/iftu/preview/", {
        outlet_ids: [],
        to: [sneha.id, pooja.id],
        from: null,
        sub_project: null,
        region: null,
        territory: null,
        capacity: null,
      })
    ).body as unknown as Preview;
    expect(preview.moves).toHaveLength(4);
    expect(preview.moves.every((m) => m.assignee === null)).toBe(true);
    expect(preview.unchanged).toBe(before.reduce((n, x) => n + x, 0));
    // The less loaded executive takes outlets first: the two end at most one apart, or the less loaded takes all.
    const [s, p] = preview.loads.map((l) => l.after);
    const lighter = Math.min(...preview.loads.map((l) => l.before));
    expect(Math.abs(s! - p!) <= 1 || Math.min(s!, p!) === lighter + 4).toBe(true);
  });
});
