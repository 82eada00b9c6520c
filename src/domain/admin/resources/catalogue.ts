/**
 * The SKU and invoice catalogue (000 §2.1 organization-inovice-sku, 001 §3 invoice header
 * definition, §4.8 show-logic). Each client organisation keeps its own catalogue.
 */

import { questionTypeLabel } from "../../survey/survey";
import {
  choice,
  number,
  organisationField,
  type ResourceDefinition,
  reference,
  references,
  text,
  toggle,
} from "../resource";
import { ADMINISTER } from "./organisations";

const ROOT = "/dashboard/organization-inovice-sku";

/** Every list of the catalogue, so each links to the others. */
const CATALOGUE_LISTS = [
  ["Product families", "product-families"],
  ["Categories", "categories"],
  ["Sub-categories", "sub-categories"],
  ["Manufacturers", "manufactures"],
  ["Brands", "brands"],
  ["Variants", "variants"],
  ["SKUs", "sku-list"],
  ["SKU bulk upload", "sku-list/bulk-upload"],
  ["Invoice headers", "invoice-headers"],
  ["Invoice detail fields", "invoice-details"],
  ["Invoice details templates", "invoice-details/template"],
] as const;
const related = (own: string) =>
  CATALOGUE_LISTS.filter(([, segment]) => segment !== own).map(([label, segment]) => ({
    label,
    path: `${ROOT}/${segment}`,
  }));

/** "each with a list plus creation and update screens". */
const catalogueRoutes = (segment: string) => ({
  list: `${ROOT}/${segment}`,
  create: `${ROOT}/${segment}/creation`,
  update: `${ROOT}/${segment}/update/:id`,
});

/** A named catalogue entry of an organisation, optionally under a parent entry. */
function named(
  name: string,
  noun: string,
  plural: string,
  segment: string,
  parent?: { key: string; label: string; resource: string },
  usedBy: ResourceDefinition["usedBy"] = [],
): ResourceDefinition {
  return {
    name,
    noun,
    plural,
    table: name.replace(/-/g, "_"),
    fields: {
      organisation: organisationField(),
      name: text("Name", { max: 120, unique: true }),
      ...(parent ? { [parent.key]: reference(parent.label, parent.resource) } : {}),
    },
    titleField: "name",
    addressBy: "id",
    scope: "organisation",
    columns: ["name", ...(parent ? [parent.key] : []), "organisation"],
    searchKeys: ["name"],
    orderKeys: ["name"],
    filters: ["organisation", ...(parent ? [parent.key] : [])],
    read: ADMINISTER,
    write: ADMINISTER,
    routes: catalogueRoutes(segment),
    usedBy,
    related: related(segment),
  };
}

export const productFamilies = named(
  "product-families",
  "Product family",
  "Product families",
  "product-families",
);
export const categories = named("categories", "Category", "Categories", "categories", {
  key: "product_family",
  label: "Product family",
  resource: "product-families",
});
export const subCategories = named("sub-categories", "Sub-category", "Sub-categories", "sub-categories", {
  key: "category",
  label: "Category",
  resource: "categories",
});
export const manufacturers = named("manufacturers", "Manufacturer", "Manufacturers", "manufactures");
export const brands = named("brands", "Brand", "Brands", "brands", {
  key: "manufacturer",
  label: "Manufacturer",
  resource: "manufacturers",
});
export const variants = named("variants", "Variant", "Variants", "variants", {
  key: "brand",
  label: "Brand",
  resource: "brands",
});

export const skus: ResourceDefinition = {
  name: "skus",
  noun: "SKU",
  plural: "SKUs",
  table: "skus",
  fields: {
    organisation: organisationField(),
    sku_code: text("SKU code", { max: 60, unique: true }),
    name: text("Name", { max: 200 }),
    brand: text("Brand", { max: 120 }),
    mrp: number("MRP", { min: 0, max: 10_000_000, money: true }),
    sub_category: reference("Sub-category", "sub-categories", { required: false }),
    variant: reference("Variant", "variants", { required: false }),
  },
  titleField: "sku_code",
  addressBy: "id",
  scope: "organisation",
  columns: ["sku_code", "name", "brand", "mrp", "organisation"],
  searchKeys: ["sku_code", "name", "brand"],
  orderKeys: ["sku_code", "name", "mrp"],
  filters: ["organisation", "sub_category"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ROOT}/sku-list`,
    create: `${ROOT}/sku-list/sku-create`,
    update: `${ROOT}/sku-list/sku-update/:id`,
  },
  related: related("sku-list"),
};

/** 001 §3: invoiceHeadersTypes. */
export const INVOICE_HEADER_TYPES = [
  "text",
  "number",
  "date",
  "time",
  "multiple_image",
  "dropdown",
  "gst_number",
  "pan_number",
] as const;
/** 001 §4.8: a header is shown when another header's value is, or is not, the option. */
export const SHOW_LOGIC_CONDITIONS = ["is_equal_to", "is_not_equal_to"] as const;

export const invoiceHeaders: ResourceDefinition = {
  name: "invoice-headers",
  noun: "Invoice header",
  plural: "Invoice headers",
  table: "invoice_headers",
  fields: {
    organisation: organisationField(),
    header: text("Header", { max: 120, unique: true }),
    header_type: choice("Type", INVOICE_HEADER_TYPES, { labelOf: questionTypeLabel }),
    is_mandatory: toggle("Mandatory"),
    min_length: number("Minimum length", { required: false, max: 10_000 }),
    max_length: number("Maximum length", { required: false, max: 10_000 }),
    lower_limit: number("Lower limit", { required: false, min: -1_000_000_000 }),
    upper_limit: number("Upper limit", { required: false, min: -1_000_000_000 }),
    allow_decimals: toggle("Allow decimals"),
    min_images_count: number("Minimum images", { required: false, max: 3 }),
    max_images_count: number("Maximum images", { required: false, max: 3 }),
    choices: text("Choices (separated by ;, for dropdowns)", { max: 2000, required: false }),
    show_logic_invoice_header: reference("Show when header", "invoice-headers", { required: false }),
    show_logic_invoice_condition: choice("Show-logic condition", SHOW_LOGIC_CONDITIONS, { required: false }),
    show_logic_invoice_option: text("Show-logic value", { max: 200, required: false }),
  },
  titleField: "header",
  addressBy: "id",
  scope: "organisation",
  columns: ["header", "header_type", "is_mandatory", "organisation"],
  searchKeys: ["header"],
  orderKeys: ["header", "header_type"],
  filters: ["organisation", "header_type", "is_mandatory"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: catalogueRoutes("invoice-headers"),
  related: related("invoice-headers"),
  usedBy: [{ table: "invoice_template_headers", column: "header_id", label: "invoice details templates" }],
};

export const invoiceDetails: ResourceDefinition = {
  name: "invoice-details",
  noun: "Invoice detail field",
  plural: "Invoice detail fields",
  table: "invoice_detail_fields",
  fields: {
    organisation: organisationField(),
    label: text("Label", { max: 120, unique: true }),
    field_type: choice("Type", ["text", "number", "date", "dropdown"], { labelOf: questionTypeLabel }),
    is_mandatory: toggle("Mandatory"),
    position: number("Position in the template", { max: 1000 }),
  },
  titleField: "label",
  addressBy: "id",
  scope: "organisation",
  columns: ["position", "label", "field_type", "is_mandatory", "organisation"],
  searchKeys: ["label"],
  orderKeys: ["position", "label"],
  filters: ["organisation", "field_type"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: catalogueRoutes("invoice-details"),
  related: related("invoice-details"),
  usedBy: [{ table: "invoice_template_fields", column: "field_id", label: "invoice details templates" }],
};

/**
 * The invoice details template (000 §2.1 invoice-details/template and template-update): the invoice
 * headers and detail fields an invoice of the organisation is entered with, named so sub-projects
 * can be given one. The catalogue's update route carries no record, so the record is named in the
 * query (`?template=7`); without it the same screen adds a template.
 */
export const invoiceTemplates: ResourceDefinition = {
  name: "invoice-templates",
  noun: "Invoice details template",
  plural: "Invoice details templates",
  table: "invoice_templates",
  fields: {
    organisation: organisationField(),
    name: text("Name", { max: 120, unique: true }),
    headers: references(
      "Invoice headers",
      "invoice-headers",
      { table: "invoice_template_headers", own: "template_id", other: "header_id" },
      { min: 1 },
    ),
    detail_fields: references(
      "Invoice detail fields",
      "invoice-details",
      { table: "invoice_template_fields", own: "template_id", other: "field_id" },
      { min: 1 },
    ),
    is_active: toggle("Active", { initial: true }),
  },
  titleField: "name",
  addressBy: "id",
  scope: "organisation",
  columns: ["name", "organisation", "is_active", "headers", "detail_fields"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["organisation", "is_active"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ROOT}/invoice-details/template`,
    update: `${ROOT}/invoice-details/template-update`,
  },
  addressQuery: "template",
  related: related("invoice-details/template"),
};
