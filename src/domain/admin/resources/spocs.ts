/**
 * Single points of contact (spec 000 §2.1 /dashboard/manage-spoc, content not shown; docs/spoc.md):
 * per organisation, and per project when one is named, the person the programme team calls.
 */
import { organisationField, type ResourceDefinition, reference, text, toggle } from "../resource";
import { ADMINISTER } from "./organisations";

export const MANAGE_SPOC_PATH = "/dashboard/manage-spoc";

export const spocs: ResourceDefinition = {
  name: "spocs",
  noun: "SPOC",
  plural: "Single points of contact",
  table: "spocs",
  fields: {
    organisation: organisationField(),
    // Blank: the organisation's contact for everything; set: that project's.
    project: reference("Project", "projects", { required: false }),
    name: text("Name", { max: 150 }),
    responsibility: text("Responsible for", { max: 150, required: false }),
    phone_number: text("Phone number", {
      max: 13,
      pattern: /^\+91\d{10}$|^\d{10}$/,
      patternMessage: "Enter 10 digits, optionally after +91.",
    }),
    email: text("Email", {
      max: 254,
      required: false,
      pattern: /^$|^[^@\s]+@[^@\s]+\.[^@\s]+$/,
      patternMessage: "Enter a valid email address.",
    }),
    is_active: toggle("Active", { initial: true }),
  },
  titleField: "name",
  addressBy: "id",
  scope: "organisation",
  // The email is on the form: the list keeps to what fits a laptop's width.
  columns: ["name", "organisation", "project", "responsibility", "phone_number", "is_active"],
  searchKeys: ["name", "responsibility", "phone_number", "email"],
  orderKeys: ["name"],
  filters: ["organisation", "project", "is_active"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: { list: MANAGE_SPOC_PATH },
  formQuery: "spoc",
};
