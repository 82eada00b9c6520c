// @vitest-environment node
/**
 * A project's logo and deck: saved with the project in one multipart write, checked by content and
 * size with the rule the form uses, replaced and removed without leaving files behind, and served
 * only to those who may see the project.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgePng, deckPdf } from "../../server/seed/projectFiles";
import type { ResourceRecord } from "../../src/domain/admin/resource";
import { PROJECT_DECK, PROJECT_LOGO, projectFileUrl } from "../../src/domain/admin/resources/projects";
import type { ProjectCard } from "../../src/domain/projects/projects";
import {
  filePart,
  fileRuleMessage,
  MB,
  NOT_THE_STORED_FILE,
  type StoredFileValue,
} from "../../src/domain/shared/fileField";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let acme: number;
const LOGO = badgePng(32, [10, 120, 200]);
let DECK: Uint8Array;
const LOGO_RULE = fileRuleMessage("Logo", PROJECT_LOGO);
const DECK_RULE = fileRuleMessage("Deck", PROJECT_DECK);

beforeAll(async () => {
  server = await startTestServer({ outlets: 40 });
  [{ id: acme }] = (await server.db.query<{ id: number }>(
    "SELECT id FROM organisations WHERE name = 'Acme Beverages'",
  )) as [{ id: number }];
  DECK = await deckPdf("Test deck", ["One line"], new Date("2026-11-20T10:00:00Z"));
});
afterAll(() => server.close());

const sessions = new Map<string, Promise<Record<string, string>>>();
const as = (username: string) => {
  if (!sessions.has(username)) sessions.set(username, server.signIn(username));
  return sessions.get(username)!;
};

type Files = Partial<Record<"logo" | "deck", { name: string; bytes: Uint8Array }>>;

/** A project write as the form sends it when files are chosen: values as JSON, each file in its part. */
async function writeProject(
  method: "POST" | "PUT",
  path: string,
  values: Record<string, unknown>,
  files: Files,
  version?: number,
) {
  const form = new FormData();
  form.append("values", JSON.stringify(values));
  if (version !== undefined) form.append("version", String(version));
  for (const [key, file] of Object.entries(files))
    form.append(filePart(key), new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const res = await server.app.request(path, { method, headers: await as("project.manager"), body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const project = (name: string) => ({
  name,
  organisation: acme,
  type: "retail_audit",
  start_date: "2026-04-01",
  end_date: "2027-03-31",
  logo: null,
  deck: null,
});

const storedFiles = async () =>
  (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM stored_files"))[0]!.n;

const fetchAs = async (username: string | null, path: string) => {
  const res = await server.app.request(path, { headers: username ? await as(username) : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe("project logo and deck", () => {
  let created: ResourceRecord;

  it("creates a project with its logo and deck in one write, and its card shows both", async () => {
    const res = await writeProject("POST", "/api/admin/projects/", project("Files Audit"), {
      logo: { name: "files-logo.png", bytes: LOGO },
      deck: { name: "Files deck.pdf", bytes: DECK },
    });
    expect(res.status).toBe(201);
    created = res.body as unknown as ResourceRecord;
    const logo = created.values.logo as StoredFileValue;
    const deck = created.values.deck as StoredFileValue;
    expect(logo).toMatchObject({ name: "files-logo.png", size: LOGO.byteLength, content_type: "image/png" });
    expect(deck).toMatchObject({
      name: "Files deck.pdf",
      size: DECK.byteLength,
      content_type: "application/pdf",
    });
    const cards = await server.call("GET", "/api/projects/?search=Files%20Audit", {
      headers: await as("client.manager"),
    });
    const card = (cards.body.results as ProjectCard[])[0]!;
    expect(card.logo).toBe(projectFileUrl(created.address, "logo", logo.id));
    expect(card.deckPath).toBe(projectFileUrl(created.address, "deck", deck.id));
    // The change log keeps the files' names and sizes, not their content.
    const [change] = await server.db.query<{ changes: Record<string, unknown> }>(
      "SELECT changes FROM admin_changes WHERE resource = 'projects' AND record_id = $1",
      [created.id],
    );
    expect(change!.changes.logo).toEqual({ name: "files-logo.png", size: LOGO.byteLength });
  });

  it("serves the files to those who see the project, and to nobody else", async () => {
    const logo = created.values.logo as StoredFileValue;
    const deck = created.values.deck as StoredFileValue;
    const logoUrl = projectFileUrl(created.address, "logo", logo.id);
    const deckUrl = projectFileUrl(created.address, "deck", deck.id);
    const image = await fetchAs("client.manager", logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.bytes).toEqual(LOGO);
    const pdf = await fetchAs("qc.executive", deckUrl);
    expect(pdf.status).toBe(200);
    // The card's deckPath is only an address: the deck's own name comes with the file.
    expect(pdf.headers.get("content-disposition")).toContain('attachment; filename="Files deck.pdf"');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    // Another organisation's client sees a project that is not there.
    expect((await fetchAs("zenith.manager", logoUrl)).status).toBe(404);
    expect((await fetchAs("zenith.manager", deckUrl)).status).toBe(404);
    expect((await fetchAs(null, logoUrl)).status).toBe(401);
    // A file of another field, or a file the project does not hold, is not found either.
    expect((await fetchAs("client.manager", projectFileUrl(created.address, "deck", logo.id))).status).toBe(
      404,
    );
    expect((await fetchAs("client.manager", projectFileUrl(created.address, "name", logo.id))).status).toBe(
      404,
    );
  });

  it("refuses a logo that is not an image and one too large, saving nothing", async () => {
    const before = await storedFiles();
    const [{ n: projectsBefore }] = (await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projects",
    )) as [{ n: number }];
    const wrongType = await writeProject("POST", "/api/admin/projects/", project("Wrong Logo"), {
      logo: { name: "logo.png", bytes: DECK },
      deck: { name: "deck.pdf", bytes: LOGO },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ logo: [LOGO_RULE], deck: [DECK_RULE] });
    const big = new Uint8Array(2 * MB + 1);
    big.set(LOGO.slice(0, 16));
    const tooLarge = await writeProject("POST", "/api/admin/projects/", project("Large Logo"), {
      logo: { name: "big.png", bytes: big },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({ logo: [LOGO_RULE] });
    // A valid file beside another field's problem is not stored either.
    const badName = await writeProject(
      "POST",
      "/api/admin/projects/",
      { ...project(" "), end_date: "2026-01-01" },
      { logo: { name: "logo.png", bytes: LOGO } },
    );
    expect(badName.status).toBe(400);
    expect(await storedFiles()).toBe(before);
    const [{ n: projectsAfter }] = (await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projects",
    )) as [{ n: number }];
    expect(projectsAfter).toBe(projectsBefore);
  });

  it("replaces the logo, keeps the deck sent back, then removes the logo, leaving no file behind", async () => {
    const path = `/api/admin/projects/${created.address}/`;
    const oldLogo = created.values.logo as StoredFileValue;
    const deck = created.values.deck as StoredFileValue;
    const before = await storedFiles();
    const other = badgePng(40, [200, 20, 20]);
    const replaced = await writeProject(
      "PUT",
      path,
      { ...created.values, logo: null },
      { logo: { name: "new-logo.png", bytes: other } },
      created.version,
    );
    expect(replaced.status).toBe(200);
    const record = replaced.body as unknown as ResourceRecord;
    const newLogo = record.values.logo as StoredFileValue;
    expect(newLogo.id).not.toBe(oldLogo.id);
    expect(newLogo.size).toBe(other.byteLength);
    expect(record.values.deck).toEqual(deck);
    expect(await storedFiles()).toBe(before);
    expect(
      (await fetchAs("client.manager", projectFileUrl(created.address, "logo", oldLogo.id))).status,
    ).toBe(404);
    // A plain JSON update removes the logo and keeps the deck.
    const removed = await server.call("PUT", path, {
      headers: await as("project.manager"),
      body: { values: { ...record.values, logo: null }, version: record.version },
    });
    expect(removed.status).toBe(200);
    expect((removed.body as unknown as ResourceRecord).values.logo).toBeNull();
    expect((removed.body as unknown as ResourceRecord).values.deck).toEqual(deck);
    expect(await storedFiles()).toBe(before - 1);
    created = removed.body as unknown as ResourceRecord;
  });

  it("refuses a stored file the project does not hold (another project's logo)", async () => {
    const [other] = await server.db.query<{ logo_file_id: number }>(
      "SELECT logo_file_id FROM projects WHERE slug = 'acme-retail-audit'",
    );
    const res = await server.call("PUT", `/api/admin/projects/${created.address}/`, {
      headers: await as("project.manager"),
      body: {
        values: {
          ...created.values,
          logo: { id: other!.logo_file_id, name: "x.png", size: 1, content_type: "image/png" },
        },
        version: created.version,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ logo: [NOT_THE_STORED_FILE] });
  });

  it("saves a double submit once: the second create is refused and stores no file", async () => {
    const before = await storedFiles();
    const files = { logo: { name: "twice.png", bytes: LOGO } };
    const answers = await Promise.all([
      writeProject("POST", "/api/admin/projects/", project("Twice Audit"), files),
      writeProject("POST", "/api/admin/projects/", project("Twice Audit"), files),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await storedFiles()).toBe(before + 1);
  });

  it("deletes a project's files with it", async () => {
    const before = await storedFiles();
    const res = await server.call("DELETE", `/api/admin/projects/${created.address}/`, {
      headers: await as("project.manager"),
    });
    expect(res.status).toBe(204);
    expect(await storedFiles()).toBe(before - 1);
  });

  it("gives the demo projects their logos and one a deck", async () => {
    const cards = (
      await server.call("GET", "/api/projects/?page-size=50", { headers: await as("project.manager") })
    ).body.results as ProjectCard[];
    expect(cards.filter((c) => c.logo !== null).length).toBeGreaterThanOrEqual(3);
    expect(cards.filter((c) => c.deckPath !== null).map((c) => c.slug)).toEqual(["acme-3p-payout"]);
  });
});
