/**
 * The lists and forms of a sub-project's invoice and SKU setup (000 §2.1 assign-invoice-sku and
 * its screens): its SKU template fields (the area's own list, added and edited on invoice-sku), its
 * SKU list (invoice-sku-list, invoice-sku-create), the organisation's invoice templates
 * (invoice-template-list) and a new invoice header (invoice-header/creation). The template or
 * ordered header list itself is the assignment screen of invoice-header.
 */
import { SKU_FIELD_TYPES, skuFieldSetupProblems } from "../../invoices/invoiceSetup";
import type { FieldErrors } from "../../shared/requestInput";
import { choice, number, type ResourceDefinition, reference, text, toggle } from "../resource";
import { invoiceHeaders, invoiceTemplates, skus } from "./catalogue";
import { SET_UP_PROJECTS, SUB_PROJECT_HUB } from "./projects";

export const ASSIGN_INVOICE_SKU = `${SUB_PROJECT_HUB}/assign-invoice-sku`;

/** Every screen of the area, so each links to the others. */
const AREA = [
  ["SKU template fields", ""],
  ["Invoice headers", "/invoice-header"],
  ["SKU list", "/invoice-sku-list"],
  ["Invoice templates", "/invoice-template-list"],
] as const;
const areaLinks = (own: string) =>
  AREA.filter(([, segment]) => segment !== own).map(([label, segment]) => ({
    label,
    path: `${ASSIGN_INVOICE_SKU}${segment}`,
  }));

/** A field's validations checked against its type when it is set up (src/domain/invoices/invoiceSetup.ts). */
function skuFieldCrossCheck(values: Readonly<Record<string, unknown>>): FieldErrors {
  const type = values.field_type;
  if (typeof type !== "string" || !(SKU_FIELD_TYPES as readonly string[]).includes(type)) return {};
  const n = (key: string) => (typeof values[key] === "number" ? (values[key] as number) : null);
  const s = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  const problems = skuFieldSetupProblems(type as (typeof SKU_FIELD_TYPES)[number], {
    min_length: n("min_length"),
    max_length: n("max_length"),
    lower_limit: n("lower_limit"),
    upper_limit: n("upper_limit"),
    greater_than: s("greater_than"),
    lower_than: s("lower_than"),
    choices: s("choices"),
  });
  return Object.fromEntries(Object.entries(problems).map(([k, line]) => [k, [line]]));
}

/**
 * The fields each SKU row of the sub-project's invoices is entered with (002 §3
 * assigned_sku_template_field), listed on the area's own page. The form's route names no record,
 * so it is named in the query (`?field=7`); without it the same screen adds a field.
 */
export const skuTemplateFields: ResourceDefinition = {
  name: "sku-template-fields",
  noun: "SKU template field",
  plural: "SKU template fields",
  table: "sku_template_fields",
  fields: {
    sub_project: reference("Sub-project", "sub-projects", { fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
    field_type: choice("Type", SKU_FIELD_TYPES),
    is_mandatory: toggle("Mandatory"),
    position: number("Position", { min: 1, max: 1000 }),
    min_length: number("Minimum length (text)", { required: false, max: 10_000 }),
    max_length: number("Maximum length (text)", { required: false, max: 10_000 }),
    lower_limit: number("Lower limit (number)", { required: false, min: -1_000_000_000 }),
    upper_limit: number("Upper limit (number)", { required: false, min: -1_000_000_000 }),
    allow_decimals: toggle("Allow decimals (number)"),
    greater_than: text("After (date YYYY-MM-DD or time HH:MM)", { max: 10, required: false }),
    lower_than: text("Before (date YYYY-MM-DD or time HH:MM)", { max: 10, required: false }),
    choices: text("Choices (separated by ;, for dropdowns)", { max: 2000, required: false }),
  },
  titleField: "name",
  addressBy: "id",
  scope: "global",
  uniqueWithin: "sub_project",
  columns: ["name", "position", "field_type", "is_mandatory"],
  searchKeys: ["name"],
  orderKeys: ["position", "name"],
  filters: ["sub_project", "field_type"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  internalOnly: true,
  routes: { list: ASSIGN_INVOICE_SKU, update: `${ASSIGN_INVOICE_SKU}/invoice-sku` },
  addressQuery: "field",
  related: areaLinks(""),
  parent: { field: "sub_project", param: "slug" },
  crossCheck: skuFieldCrossCheck,
};

export const CATALOGUE_OR_RETAILER = "Choose a catalogue SKU, or mark the SKU as added by a retailer.";

/**
 * The sub-project's SKU list (002 §7): catalogue SKUs, and SKUs retailers added (no catalogue
 * row), which the list asked with exclude_retailers=true leaves out.
 */
export const subProjectSkus: ResourceDefinition = {
  name: "sub-project-skus",
  noun: "SKU",
  plural: "SKU list",
  table: "sub_project_skus",
  fields: {
    sub_project: reference("Sub-project", "sub-projects", { fromParent: true }),
    sku: reference("Catalogue SKU", "catalogue-skus", { required: false }),
    name: text("Name", { max: 200, unique: true }),
    added_by_retailer: toggle("Added by a retailer"),
  },
  titleField: "name",
  addressBy: "id",
  scope: "global",
  uniqueWithin: "sub_project",
  columns: ["name", "sku", "added_by_retailer"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["sub_project", "added_by_retailer"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  internalOnly: true,
  routes: {
    list: `${ASSIGN_INVOICE_SKU}/invoice-sku-list`,
    create: `${ASSIGN_INVOICE_SKU}/invoice-sku-create`,
  },
  parent: { field: "sub_project", param: "slug" },
  related: [
    ...areaLinks("/invoice-sku-list"),
    { label: "SKU bulk upload", path: `${SUB_PROJECT_HUB}/sku-list/bulk-upload` },
  ],
  crossCheck: (values): FieldErrors =>
    values.sku == null && values.added_by_retailer !== true ? { sku: [CATALOGUE_OR_RETAILER] } : {},
};

/** The organisation's SKU catalogue as those who set projects up choose from it (read only). */
export const catalogueSkus: ResourceDefinition = {
  ...skus,
  name: "catalogue-skus",
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  internalOnly: true,
  writable: false,
  routes: {},
  related: [],
};

/** A new invoice header of the organisation's catalogue, added from the sub-project's header list. */
export const projectInvoiceHeaders: ResourceDefinition = {
  ...invoiceHeaders,
  name: "project-invoice-headers",
  fields: {
    ...invoiceHeaders.fields,
    show_logic_invoice_header: reference("Show when header", "project-invoice-headers", { required: false }),
  },
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  internalOnly: true,
  routes: {
    create: `${ASSIGN_INVOICE_SKU}/invoice-header/creation`,
    home: `${ASSIGN_INVOICE_SKU}/invoice-header`,
  },
  related: [],
};

/** The organisation's invoice templates, listed from the sub-project's area (chosen on the assignment). */
const { addressQuery: _onTheCatalogueScreen, ...templateList } = invoiceTemplates;
export const projectInvoiceTemplates: ResourceDefinition = {
  ...templateList,
  name: "project-invoice-templates",
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  internalOnly: true,
  writable: false,
  routes: { list: `${ASSIGN_INVOICE_SKU}/invoice-template-list` },
  related: areaLinks("/invoice-template-list"),
};
