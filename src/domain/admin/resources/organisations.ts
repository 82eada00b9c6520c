/** Organisations and what each holds: regions, zones, territories, GST details, offers (000 §2.1). */
import { dashboardPermission } from "../../shared/permissions";
import {
  choice,
  date,
  endNotBeforeStart,
  organisationField,
  type ResourceDefinition,
  reference,
  text,
  textarea,
  toggle,
} from "../resource";

/** Admins hold every permission, so this one admits admins and project managers. */
export const ADMINISTER = [dashboardPermission("project-manager")];

export const ORG_ROOT = "/dashboard/organization-users-roles";
export const ORG_VIEW = `${ORG_ROOT}/organization-view/:slug`;

/** 000 §5: GST is 15 characters, two digits and 13 letters or digits. */
export const GST_PATTERN = /^\d{2}[A-Z0-9]{13}$/;

export const organisations: ResourceDefinition = {
  name: "organisations",
  noun: "Organisation",
  plural: "Organisations",
  table: "organisations",
  fields: {
    name: text("Name", { max: 120, unique: true }),
    kind: choice("Kind", ["client", "internal"]),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "global",
  columns: ["name", "kind"],
  searchKeys: ["name"],
  orderKeys: ["name", "kind"],
  filters: ["kind"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ORG_ROOT}/organization-list`,
    create: `${ORG_ROOT}/organization-creation`,
    update: `${ORG_ROOT}/organization-update/:slug`,
    view: `${ORG_ROOT}/organization-view/:slug`,
  },
  usedBy: [
    { table: "projects", column: "organisation_id", label: "projects" },
    { table: "users", column: "organisation_id", label: "users" },
  ],
};

/** The geography lists of an organisation: "each with add, edit/{id}, bulk-upload". */
const geographyRoutes = (segment: string) => ({
  list: `${ORG_VIEW}/${segment}`,
  create: `${ORG_VIEW}/${segment}/add`,
  update: `${ORG_VIEW}/${segment}/edit/:id`,
});

export const regions: ResourceDefinition = {
  name: "regions",
  noun: "Region",
  plural: "Regions",
  table: "regions",
  fields: {
    organisation: organisationField({ fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
  },
  titleField: "name",
  addressBy: "id",
  scope: "organisation",
  columns: ["name"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: [],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: geographyRoutes("list-of-regions"),
  related: [{ label: "Region bulk upload", path: `${ORG_VIEW}/list-of-regions/bulk-upload` }],
  usedBy: [{ table: "outlets", column: "region_id", label: "outlets" }],
};

export const zones: ResourceDefinition = {
  name: "zones",
  noun: "Zone",
  plural: "Zones",
  table: "zones",
  fields: {
    organisation: organisationField({ fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
    region: reference("Region", "regions"),
  },
  titleField: "name",
  addressBy: "id",
  scope: "organisation",
  columns: ["name", "region"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["region"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: geographyRoutes("list-of-zones"),
  related: [{ label: "Zone bulk upload", path: `${ORG_VIEW}/list-of-zones/bulk-upload` }],
  usedBy: [{ table: "outlets", column: "zone_id", label: "outlets" }],
};

export const territories: ResourceDefinition = {
  name: "territories",
  noun: "Territory",
  plural: "Territories",
  table: "territories",
  fields: {
    organisation: organisationField({ fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
    zone: reference("Zone", "zones"),
  },
  titleField: "name",
  addressBy: "id",
  scope: "organisation",
  columns: ["name", "zone"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["zone"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: geographyRoutes("list-of-territories"),
  related: [{ label: "Territory bulk upload", path: `${ORG_VIEW}/list-of-territories/bulk-upload` }],
  usedBy: [{ table: "outlets", column: "territory_id", label: "outlets" }],
};

export const gstDetails: ResourceDefinition = {
  name: "gst-details",
  noun: "GST detail",
  plural: "GST details",
  table: "organisation_gst_details",
  fields: {
    organisation: organisationField({ fromParent: true }),
    gstin: text("GSTIN", {
      max: 15,
      unique: true,
      pattern: GST_PATTERN,
      patternMessage: "Enter a GSTIN of 15 characters: two digits, then 13 capital letters or digits.",
    }),
    legal_name: text("Legal name", { max: 200 }),
    state: reference("State", "states"),
    address: textarea("Registered address", { max: 500, required: true }),
  },
  titleField: "gstin",
  addressBy: "id",
  scope: "organisation",
  columns: ["gstin", "legal_name", "state"],
  searchKeys: ["gstin", "legal_name"],
  orderKeys: ["gstin", "legal_name"],
  filters: ["state"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ORG_VIEW}/organization-gst-details`,
    create: `${ORG_VIEW}/organization-gst-details/creation`,
  },
};

export const offers: ResourceDefinition = {
  name: "offers",
  noun: "Offer",
  plural: "Offers",
  table: "offers",
  fields: {
    organisation: organisationField({ fromParent: true }),
    title: text("Title", { max: 150, unique: true }),
    description: textarea("Description", { max: 2000 }),
    starts_on: date("Starts on"),
    ends_on: date("Ends on"),
    is_active: toggle("Active", { initial: true }),
  },
  titleField: "title",
  addressBy: "slug",
  slugFrom: "title",
  scope: "organisation",
  columns: ["title", "starts_on", "ends_on", "is_active"],
  searchKeys: ["title"],
  orderKeys: ["title", "starts_on", "ends_on"],
  filters: ["is_active"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ORG_VIEW}/list-of-offers`,
    create: `${ORG_VIEW}/list-of-offers/add-offer`,
    update: `${ORG_VIEW}/list-of-offers/edit-offer/:offerSlug`,
  },
  crossCheck: endNotBeforeStart("starts_on", "ends_on"),
};
