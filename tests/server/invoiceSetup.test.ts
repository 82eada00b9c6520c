// @vitest-environment node
/** A sub-project's invoice setup: who may read and save it, saving once per version, and its SKU list. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWorkbook } from "../../server/uploads/excel";
import { missingReference } from "../../src/domain/admin/resource";
import { subProjectSkus } from "../../src/domain/admin/resources/invoiceSetup";
import { SETUP_CHANGED, TEMPLATE_OR_HEADERS } from "../../src/domain/invoices/invoiceSetup";
import { ERROR_COLUMN } from "../../src/domain/uploads/uploadTypes";
import { startTestServer, type TestServer } from "./support";
import { count, resultSheet, settle, upload } from "./uploads-support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sessions = new Map<string, Promise<Record<string, string>>>();
const as = (username: string) => {
  if (!sessions.has(username)) sessions.set(username, server.signIn(username));
  return sessions.get(username)!;
};
const SETUP = "/api/projects/acme-mi/sub-projects/acme-mi-main/invoice-setup/";

/** A demo sub-project's id and its project's organisation. */
const subProject = async (slug: string) =>
  (
    await server.db.query<{ id: number; organisation_id: number }>(
      `SELECT s.id, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
       WHERE s.slug = $1`,
      [slug],
    )
  )[0];

describe("invoice setup", () => {
  it("saves the headers in the order given, once per version", async () => {
    const pm = await as("project.manager");
    const read = await server.call("GET", SETUP, { headers: pm });
    expect(read.status).toBe(200);
    const catalogue = read.body.catalogue as { id: number }[];
    expect(catalogue.length).toBeGreaterThan(2);
    const order = [catalogue[2]!.id, catalogue[0]!.id];
    const body = { version: read.body.version, template: null, headers: order };
    const [a, b] = await Promise.all([
      server.call("PUT", SETUP, { headers: pm, body }),
      server.call("PUT", SETUP, { headers: pm, body }),
    ]);
    const answers = [a, b].sort((x, y) => x.status - y.status);
    expect(answers.map((x) => x.status)).toEqual([200, 409]);
    expect(answers[1]!.body.detail).toBe(SETUP_CHANGED);
    expect(answers[0]!.body.version).toBe((read.body.version as number) + 1);
    const again = await server.call("GET", SETUP, { headers: pm });
    expect((again.body.headers as { id: number }[]).map((h) => h.id)).toEqual(order);
  });

  it("takes a template or headers, never both", async () => {
    const pm = await as("project.manager");
    const read = await server.call("GET", SETUP, { headers: pm });
    const template = (read.body.templates as { id: number }[])[0]!.id;
    const both = {
      version: read.body.version,
      template,
      headers: [(read.body.catalogue as { id: number }[])[0]!.id],
    };
    const refused = await server.call("PUT", SETUP, { headers: pm, body: both });
    expect([refused.status, refused.body.detail]).toEqual([400, TEMPLATE_OR_HEADERS]);
    const saved = await server.call("PUT", SETUP, {
      headers: pm,
      body: { version: read.body.version, template, headers: [] },
    });
    expect([saved.status, saved.body.template, saved.body.headers]).toEqual([200, template, []]);
  });

  it("is refused to a client's users and not found for a sub-project that does not exist", async () => {
    const clientAdmin = await server.call("GET", SETUP, { headers: await as("client.admin") });
    expect(clientAdmin.status).toBe(403);
    const missing = await server.call("GET", "/api/projects/acme-mi/sub-projects/nope/invoice-setup/", {
      headers: await as("project.manager"),
    });
    expect(missing.status).toBe(404);
  });
});

describe("the SKU list by sub_project__slug (002 §7)", () => {
  it("leaves out SKUs retailers added when exclude_retailers=true", async () => {
    const sub = await subProject("acme-mi-cycle-1");
    const [sku] = await server.db.query<{ id: number; name: string }>(
      "SELECT id, name FROM skus WHERE organisation_id = $1 ORDER BY id LIMIT 1",
      [sub!.organisation_id],
    );
    await server.db.query(
      `INSERT INTO sub_project_skus (sub_project_id, sku_id, name) VALUES ($1, $2, $3);`,
      [sub!.id, sku!.id, sku!.name],
    );
    await server.db.query(
      "INSERT INTO sub_project_skus (sub_project_id, name, added_by_retailer) VALUES ($1, 'Corner shop cola', true)",
      [sub!.id],
    );
    const pm = await as("project.manager");
    const list = (exclude: string) =>
      server.call(
        "GET",
        `/api/sku-list/?sub_project__slug=acme-mi-cycle-1&no-pagination&exclude_retailers=${exclude}`,
        {
          headers: pm,
        },
      );
    const catalogueOnly = await list("true");
    expect(catalogueOnly.status).toBe(200);
    expect(catalogueOnly.body.results).toEqual([
      expect.objectContaining({ sku: sku!.id, name: sku!.name, added_by_retailer: false }),
    ]);
    const all = await list("false");
    expect((all.body.results as { name: string }[]).map((r) => r.name).sort()).toEqual(
      [sku!.name, "Corner shop cola"].sort(),
    );
    const zenith = await server.call("GET", "/api/sku-list/?sub_project__slug=acme-mi-cycle-1", {
      headers: await as("zenith.manager"),
    });
    expect(zenith.status).toBe(404);
  });
});

describe("the SKU list form (invoice-sku-create)", () => {
  it("takes a SKU of the sub-project's organisation's catalogue only, on create and on update", async () => {
    const pm = await as("project.manager");
    const sub = await subProject("acme-mi-main");
    // A SKU not on the list yet (the demo lists some of Acme's).
    const skuOf = async (organisation: string) =>
      (
        await server.db.query<{ id: number }>(
          `SELECT k.id FROM skus k JOIN organisations o ON o.id = k.organisation_id WHERE o.name = $1
           AND k.id NOT IN (SELECT sku_id FROM sub_project_skus WHERE sub_project_id = $2 AND sku_id IS NOT NULL)
           ORDER BY k.id LIMIT 1`,
          [organisation, sub!.id],
        )
      )[0]!.id;
    const acme = await skuOf("Acme Beverages");
    const zenith = await skuOf("Zenith Foods");
    const values = (sku: number, name: string) => ({
      sub_project: sub!.id,
      sku,
      name,
      added_by_retailer: false,
    });
    const refusal = { sku: [missingReference(subProjectSkus.fields.sku!)] };
    expect(refusal.sku[0]).toBe("Choose a catalogue SKU that exists in this organisation.");
    const foreign = await server.call("POST", "/api/admin/sub-project-skus/", {
      headers: pm,
      body: { values: values(zenith, "Zenith's SKU by id") },
    });
    expect([foreign.status, foreign.body]).toEqual([400, refusal]);
    const own = await server.call("POST", "/api/admin/sub-project-skus/", {
      headers: pm,
      body: { values: values(acme, "Acme's own SKU") },
    });
    expect(own.status).toBe(201);
    const twice = await server.call("POST", "/api/admin/sub-project-skus/", {
      headers: pm,
      body: { values: values(acme, "The same SKU again") },
    });
    expect([twice.status, twice.body]).toEqual([
      400,
      { sku: ["A SKU with this catalogue SKU already exists."] },
    ]);
    const moved = await server.call("PUT", `/api/admin/sub-project-skus/${own.body.id}/`, {
      headers: pm,
      body: { values: values(zenith, "Acme's own SKU"), version: own.body.version },
    });
    expect([moved.status, moved.body]).toEqual([400, refusal]);
    const stored = await server.db.query<{ sku_id: number }>(
      "SELECT sku_id FROM sub_project_skus WHERE sub_project_id = $1 AND sku_id = ANY($2::int[])",
      [sub!.id, [acme, zenith]],
    );
    expect(stored).toEqual([{ sku_id: acme }]);
  });
});

describe("the sub-project SKU upload (sku-list/bulk-upload)", () => {
  it("checks each code against the organisation's catalogue and adds the clean rows on Confirm, once", async () => {
    const pm = await as("project.manager");
    const sub = await subProject("acme-retail-audit-main");
    const codes = await server.db.query<{ sku_code: string }>(
      "SELECT sku_code FROM skus WHERE organisation_id = $1 ORDER BY id LIMIT 2",
      [sub!.organisation_id],
    );
    const file = writeWorkbook(
      "skus",
      ["sku_code"],
      [[codes[0]!.sku_code], [codes[1]!.sku_code.toLowerCase()], ["NO-SUCH-SKU"]],
    );
    const query = `object=sub_project_skus&sub_project=${sub!.id}`;
    const res = await upload(server, pm, query, file, "skus.xlsx");
    expect(res.status).toBe(201);
    const job = await settle(
      server,
      pm,
      `objects_type=sub_project_skus&sub_project=${sub!.id}`,
      res.body.id as number,
    );
    expect(job).toMatchObject({ status: "completed", total_objects: 3, total_clean_objects: 2 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    expect(unclean.rows.map((r) => r[0])).toEqual(["NO-SUCH-SKU"]);
    const listed = () =>
      count(server, "SELECT count(*) AS n FROM sub_project_skus WHERE sub_project_id = $1", [sub!.id]);
    expect(await listed()).toBe(0);
    const confirm = `/api/bulk/upload/${job.id}/activate/?object=sub_project_skus`;
    expect((await server.call("POST", confirm, { headers: pm })).status).toBe(200);
    expect(await listed()).toBe(2);
    await server.call("POST", confirm, { headers: pm });
    expect(await listed()).toBe(2);
  });
});

describe("the SKU question upload (question-management/sku-bulk-upload)", () => {
  it("makes a sku_group group asking about the SKUs named, shown among the SKU questions", async () => {
    const pm = await as("project.manager");
    const sub = await subProject("acme-mi-main");
    const skus = await server.db.query<{ id: number; sku_code: string }>(
      "SELECT id, sku_code FROM skus WHERE organisation_id = $1 ORDER BY id LIMIT 2",
      [sub!.organisation_id],
    );
    const codes = `${skus[0]!.sku_code};${skus[1]!.sku_code}`;
    await server.db.query(
      "INSERT INTO question_groups (sub_project_id, name, slug, position) VALUES ($1, 'Counter display', 'counter-display-general', 90)",
      [sub!.id],
    );
    const file = writeWorkbook(
      "sku questions",
      ["question_group", "name", "type", "is_mandatory", "sku_codes", "choices", "reference_images"],
      [
        ["Shelf check", "Facings on the shelf", "number", "yes", codes, "", "/reference-images/shelf.svg"],
        ["Shelf check", "Price tag shown", "yes_or_no", "no", skus[0]!.sku_code, "", ""],
        ["Shelf check", "", "number", "yes", codes, "", ""],
        // An unknown code is this row's problem, in the error workbook: the others still confirm.
        ["Shelf check", "Stock at the back", "number", "no", `${skus[0]!.sku_code};NO-SUCH-SKU`, "", ""],
        // So is a general group's name (in any case): a SKU question belongs to a SKU group.
        ["counter DISPLAY", "Counter stocked", "yes_or_no", "yes", skus[0]!.sku_code, "", ""],
      ],
    );
    const query = `object=sku_questions&sub_project=${sub!.id}`;
    const res = await upload(server, pm, query, file, "sku-questions.xlsx");
    expect(res.status).toBe(201);
    const job = await settle(
      server,
      pm,
      `objects_type=sku_questions&sub_project=${sub!.id}`,
      res.body.id as number,
    );
    expect(job).toMatchObject({ status: "completed", total_objects: 5, total_clean_objects: 2 });
    const unclean = await resultSheet(server, pm, job.unclean_objects_media_path as string);
    const errorsOf = (group: string) =>
      unclean.rows.find((r) => r[0] === group)?.[unclean.header.indexOf(ERROR_COLUMN)];
    expect(errorsOf("counter DISPLAY")).toBe(
      "question_group: Counter display is already a general question group of this sub-project.",
    );
    const confirm = await server.call("POST", `/api/bulk/upload/${job.id}/activate/?object=sku_questions`, {
      headers: pm,
    });
    expect(confirm.status).toBe(200);
    const [group] = await server.db.query<{ type: string; related_sku_ids: number[] }>(
      "SELECT type, related_sku_ids FROM question_groups WHERE sub_project_id = $1 AND name = 'Shelf check'",
      [sub!.id],
    );
    expect(group).toEqual({ type: "sku_group", related_sku_ids: [skus[0]!.id, skus[1]!.id] });
    const listed = await server.call(
      "GET",
      `/api/admin/sku-questions/?sub_project=${sub!.id}&search=Shelf%20check`,
      { headers: pm },
    );
    expect(
      (listed.body.results as { values: { name: string; reference_images: number } }[])
        .map((r) => [r.values.name, r.values.reference_images])
        .sort(),
    ).toEqual([
      ["Facings on the shelf", 1],
      ["Price tag shown", 0],
    ]);
  });
});
