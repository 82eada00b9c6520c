// @vitest-environment node
/**
 * View all (docs/projects.md, "View all"): the caller's project notifications and their own upload
 * notifications in one list, newest first and paged, by kind and searched; another user's upload
 * notifications never, a client's only its own organisation's projects, and a staff member who
 * reads no outlets only their uploads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobId } from "../../src/domain/api/ids";
import { uploadScreenPath } from "../../src/domain/projects/viewAll";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Entry = {
  kind: "project" | "upload";
  id: number;
  title: string;
  subText: string;
  read: boolean | null;
  outlet: string | null;
  upload: {
    job: number;
    object_type: string;
    organisation: string;
    project: string | null;
    sub_project: string | null;
  } | null;
};
type Page = { count: number; unread: number; results: Entry[] };
const page = async (headers: Record<string, string>, query = "") => {
  const answer = await server.call("GET", `/api/notifications/?${query}`, { headers });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Page;
};
const userId = async (username: string) =>
  (await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]))[0]!.id;

/** An upload notification of the user, on the demo payout plotting upload of Acme 3P Payout's first cycle. */
async function notify(username: string, title: string, subText: string, at: string) {
  const [job] = await server.db.query<{ id: number }>(
    `SELECT j.id FROM bulk_upload_jobs j JOIN sub_projects s ON s.id = j.sub_project_id
     WHERE s.slug = 'acme-3p-payout-cycle-1' ORDER BY j.id LIMIT 1`,
  );
  await server.db.query(
    "INSERT INTO upload_notifications (user_id, title, sub_text, job_id, created) VALUES ($1, $2, $3, $4, $5)",
    [await userId(username), title, subText, job?.id ?? null, at],
  );
}

describe("view all", () => {
  it("lists the project notifications and the user's own uploads' newest first, by kind and searched", async () => {
    const pm = await server.signIn("project.manager");
    const projects = (await server.call("GET", "/api/projects/notifications/?page-size=1", { headers: pm }))
      .body as unknown as { count: number; unread: number };
    await notify(
      "project.manager",
      "Upload confirmed",
      "outlets-march.xlsx: 12 rows applied.",
      "2099-01-02T10:00:00Z",
    );
    await notify("project.manager", "Upload failed", "panels-april.xlsx: no rows.", "2099-01-01T10:00:00Z");
    await notify(
      "qc.manager",
      "Upload confirmed",
      "someone-else.xlsx: 3 rows applied.",
      "2099-01-03T10:00:00Z",
    );

    const all = await page(pm, "page-size=5");
    expect(all.count).toBe(projects.count + 2);
    expect(all.unread).toBe(projects.unread);
    // The two uploads are the newest (dated ahead); the other user's is not there.
    expect(all.results.slice(0, 2).map((e) => [e.kind, e.title])).toEqual([
      ["upload", "Upload confirmed"],
      ["upload", "Upload failed"],
    ]);
    expect(all.results[2]!.kind).toBe("project");
    expect(all.results[2]!.outlet).toMatch(/^RS/);
    const place = all.results[0]!.upload!;
    expect(place).toMatchObject({ organisation: expect.any(String), sub_project: "acme-3p-payout-cycle-1" });
    expect(uploadScreenPath({ ...place, job: JobId.make(place.job) })).toBe(
      "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-cycle-1/cycle/plot-payout",
    );

    const second = await page(pm, "page-size=2&page=2");
    expect(second.results[0]!.kind).toBe("project");

    const uploads = await page(pm, "kind=upload");
    expect(uploads.count).toBe(2);
    expect((await page(pm, "kind=project&page-size=1")).count).toBe(projects.count);
    expect((await page(pm, "kind=upload&search=panels")).results.map((e) => e.subText)).toEqual([
      "panels-april.xlsx: no rows.",
    ]);
    const rsid = all.results[2]!.outlet!;
    const found = await page(pm, `kind=project&search=${rsid}&page-size=100`);
    expect(found.results.every((e) => e.outlet === rsid)).toBe(true);

    expect((await server.call("GET", "/api/notifications/?kind=drafts", { headers: pm })).status).toBe(400);
  });

  it("shows a client only its organisation's projects, and one who reads no outlets only their uploads", async () => {
    const client = await server.signIn("client.manager");
    const own = (await server.call("GET", "/api/projects/notifications/?page-size=1", { headers: client }))
      .body as unknown as { count: number };
    expect((await page(client, "kind=project&page-size=1")).count).toBe(own.count);

    await notify("product.owner", "Upload cancelled", "cities.xlsx", "2099-01-04T10:00:00Z");
    const owner = await server.signIn("product.owner");
    const mine = await page(owner);
    expect(mine.results.map((e) => [e.kind, e.title])).toEqual([["upload", "Upload cancelled"]]);
    expect(mine.unread).toBe(0);
  });
});
