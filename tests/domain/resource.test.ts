/** The resource layer's pure rules: decoding values with a definition's schema, list queries, messages. */
import { describe, expect, it } from "vitest";
import {
  blankValues,
  cellText,
  choiceText,
  decodeValues,
  inUse,
  mayGrantPermissions,
  slugify,
  valuesOf,
} from "../../src/domain/admin/resource";
import { relatedLinks, screenPath, screenPlace } from "../../src/domain/admin/resourceCatalogue";
import { decodeListQuery, listParams } from "../../src/domain/admin/resourceQuery";
import { users } from "../../src/domain/admin/resources/access";
import { invoiceHeaders, invoiceTemplates } from "../../src/domain/admin/resources/catalogue";
import { cities } from "../../src/domain/admin/resources/geography";
import { gstDetails, regions } from "../../src/domain/admin/resources/organisations";
import { subProjects } from "../../src/domain/admin/resources/projects";
import { questions } from "../../src/domain/admin/resources/questions";
import { ResourceRecordId } from "../../src/domain/api/ids";
import { NULL_CHARACTER } from "../../src/domain/shared/requestInput";
import { BLANK, REQUIRED } from "../../src/domain/shared/schemaErrors";

describe("decoding a record's values", () => {
  it("trims texts and reports every field's problem at once", () => {
    expect(decodeValues(regions, { organisation: 2, name: "  West  " }, true)).toEqual({
      ok: true,
      values: { organisation: 2, name: "West" },
    });
    expect(decodeValues(regions, { name: " \u0000" }, true)).toEqual({
      ok: false,
      errors: { organisation: [REQUIRED], name: [NULL_CHARACTER] },
    });
    expect(decodeValues(regions, { organisation: 2, name: "   " }, true)).toEqual({
      ok: false,
      errors: { name: [BLANK] },
    });
  });

  it("checks a GSTIN with the spec's pattern and an invoice header's type against its choices", () => {
    const gst = decodeValues(
      gstDetails,
      { organisation: 2, gstin: "27aabc1234f1z1", legal_name: "Acme", state: 1, address: "Pune" },
      true,
    );
    expect(gst.ok).toBe(false);
    expect(Object.keys((gst as { errors: object }).errors)).toEqual(["gstin"]);
    const header = decodeValues(
      invoiceHeaders,
      { ...blankValues(invoiceHeaders, { organisation: 2 }), header: "Total", header_type: "money" },
      true,
    );
    expect((header as { errors: Record<string, string[]> }).errors.header_type).toEqual([
      "Choose one of the options.",
    ]);
  });

  it("asks for a new user's password but lets an update keep it", () => {
    const values = {
      ...blankValues(users, { organisation: 2 }),
      username: "new.one",
      name: "New One",
      roles: [3],
    };
    expect(decodeValues(users, values, true)).toEqual({ ok: false, errors: { password: [REQUIRED] } });
    expect(decodeValues(users, values, false).ok).toBe(true);
  });

  it("starts a form blank (toggles as they start) and a loaded record without its secret", () => {
    expect(blankValues(users, { organisation: 2 })).toMatchObject({
      organisation: 2,
      roles: [],
      is_active: true,
      password: "",
    });
    expect(valuesOf(users, { username: "a", password: "hash?" }).password).toBe("");
  });
});

describe("list queries", () => {
  it("decodes filters, search and order by the definition's keys, and names anything else", () => {
    const query = (params: Record<string, string>) =>
      decodeListQuery(cities, (k) => params[k], Object.keys(params), true);
    expect(query({ state: "3", search: " pu ", ordering: "-name" })).toEqual({
      ok: true,
      query: {
        search: "pu",
        order: { key: "name", descending: true },
        filters: [{ key: "state", value: 3 }],
      },
    });
    expect(query({ state: "x", ordering: "password" })).toEqual({
      ok: false,
      errors: { ordering: ['"password" is not a valid choice.'], state: ['"x" is not a valid choice.'] },
    });
  });

  it("writes the list's query as the API's parameters, leaving out empty filters", () => {
    expect(
      listParams({
        page: 2,
        pageSize: 30,
        sort: { key: "name", direction: "desc" },
        search: "we",
        filters: { region: "", state: "3" },
      }),
    ).toEqual({ page: "2", "page-size": "30", ordering: "-name", search: "we", state: "3" });
  });
});

describe("messages and rules", () => {
  it("says where a record is used", () => {
    expect(
      inUse(regions, [
        { label: "zones", count: 3 },
        { label: "territories", count: 0 },
        { label: "outlets", count: 130 },
      ]),
    ).toBe("This region is used by 3 zones and 130 outlets, so it cannot be deleted.");
  });

  it("names the permissions a giver does not hold", () => {
    expect(mayGrantPermissions(new Set(["a", "b"]), ["a", "c", "d"])).toEqual(["c", "d"]);
  });

  it("makes slugs of names", () => {
    expect(slugify("Acme Beverages")).toBe("acme-beverages");
    expect(slugify("  Tamil Nadu & Puducherry ")).toBe("tamil-nadu-puducherry");
    expect(slugify("%%")).toBe("item");
  });

  it("shows a reference's title, a set's titles and a toggle as Yes or No", () => {
    const record = {
      id: ResourceRecordId.make(1),
      version: 1,
      address: "u",
      values: { username: "u", is_active: false, roles: [1, 2] },
      labels: { roles: ["QC Manager", "Retailer"], organisation: "Acme Beverages" },
      modified_at: null,
      modified_by: null,
    };
    expect(cellText(users, record, "roles")).toBe("QC Manager, Retailer");
    expect(cellText(users, record, "organisation")).toBe("Acme Beverages");
    expect(cellText(users, record, "is_active")).toBe("No");
  });
});

describe("screens' places", () => {
  it("reads the organisation and the record from a route, and makes the paths between screens", () => {
    const screen = { pattern: users.routes.update!, resource: "users", kind: "update" as const };
    const place = screenPlace(screen, { slug: "acme-beverages", user_name: "client.manager" });
    expect(place).toMatchObject({ parent: "acme-beverages", address: "client.manager" });
    expect(screenPath(users, "view", place)).toBe(
      "/dashboard/organization-users-roles/organization-view/acme-beverages/view-user/client.manager",
    );
    expect(screenPath(users, "list", place)).toBe(
      "/dashboard/organization-users-roles/organization-view/acme-beverages/user-list",
    );
  });

  it("names the template being updated in the query, and adds one on the same screen without it", () => {
    const screen = {
      pattern: invoiceTemplates.routes.update!,
      resource: "invoice-templates",
      kind: "update" as const,
    };
    const update = "/dashboard/organization-inovice-sku/invoice-details/template-update";
    const query = (q: string) => (key: string) => new URLSearchParams(q).get(key);
    expect(screenPlace(screen, {}, query("template=7"))).toEqual({ parent: null, address: "7", route: {} });
    expect(screenPlace(screen, {}, query(""))).toEqual({ parent: null, address: null, route: {} });
    expect(screenPath(invoiceTemplates, "update", { parent: null, address: "7" })).toBe(
      `${update}?template=7`,
    );
    expect(screenPath(invoiceTemplates, "create", { parent: null, address: null })).toBe(update);
    expect(screenPath(invoiceTemplates, "update", { parent: null, address: null })).toBeNull();
  });

  it("fills the page's route parameters (its organisation) into a list's links beside it, and leaves out those it cannot fill", () => {
    const base = "/dashboard/organization-users-roles/organization-view/acme-beverages/user-list";
    expect(
      relatedLinks(users, { parent: "acme-beverages", address: null, route: { slug: "acme-beverages" } }),
    ).toEqual([
      { label: "User bulk upload", path: `${base}/bulk-upload` },
      { label: "User bulk update", path: `${base}/bulk-update` },
    ]);
    expect(relatedLinks(users, { parent: null, address: null })).toEqual([]);
  });
});

describe("stored choices on screen", () => {
  const record = (values: Record<string, unknown>) => ({
    id: ResourceRecordId.make(1),
    version: 1,
    address: "1",
    values,
    labels: {},
    modified_at: null,
    modified_by: null,
  });

  it("shows the catalogue's label, never the stored name", () => {
    expect(cellText(questions, record({ type: "gst_number" }), "type")).toBe("GST number");
    expect(cellText(subProjects, record({ type: "retail_audit" }), "type")).toBe("Retail Audit");
    expect(cellText(invoiceHeaders, record({ header_type: "pan_number" }), "header_type")).toBe("PAN number");
    expect(choiceText(subProjects.fields.type!, "kyc")).toBe("KYC");
  });
});
