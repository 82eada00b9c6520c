/** States and cities (000 §2.1 meta): shared by every organisation. */
import { type ResourceDefinition, reference, text } from "../resource";
import { ADMINISTER } from "./organisations";

const META = "/dashboard/meta";
export const MERGE_CITIES_PATH = `${META}/merge-cities`;

export const states: ResourceDefinition = {
  name: "states",
  noun: "State",
  plural: "States",
  table: "states",
  fields: {
    name: text("Name", { max: 80, unique: true }),
    code: text("GST state code", {
      max: 2,
      unique: true,
      pattern: /^\d{2}$/,
      patternMessage: "Enter the state's two-digit GST code.",
    }),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "global",
  columns: ["name", "code"],
  searchKeys: ["name", "code"],
  orderKeys: ["name", "code"],
  filters: [],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: { list: `${META}/states-list`, create: `${META}/add-state`, update: `${META}/edit-state/:slug` },
  related: [{ label: "Cities", path: `${META}/cities-list` }],
  usedBy: [{ table: "outlets", column: "state_id", label: "outlets" }],
};

export const cities: ResourceDefinition = {
  name: "cities",
  noun: "City",
  plural: "Cities",
  table: "cities",
  fields: {
    name: text("Name", { max: 80, unique: true }),
    state: reference("State", "states"),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "global",
  uniqueWithin: "state",
  columns: ["name", "state"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["state"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: { list: `${META}/cities-list`, create: `${META}/add-city`, update: `${META}/edit-city/:slug` },
  related: [
    { label: "States", path: `${META}/states-list` },
    { label: "Merge cities", path: MERGE_CITIES_PATH },
    { label: "City bulk upload", path: `${META}/cities-list/bulk-upload` },
  ],
  usedBy: [{ table: "outlets", column: "city_id", label: "outlets" }],
};

/** Outlets keep zones and territories of their state, so a merge never moves them to another state. */
export const CITIES_OF_TWO_STATES =
  "Choose a city of the same state: the outlets keep their zone and territory, which belong to their state.";

/**
 * The merge-cities form: not a stored resource (no list or API of its own), only the form's fields,
 * checked like any other, and sent to POST /api/admin/cities/merge/.
 */
export const cityMerge: ResourceDefinition = {
  ...cities,
  name: "city-merge",
  noun: "City merge",
  plural: "City merges",
  fields: {
    from: reference("City to merge (it is deleted)", "cities"),
    into: reference("City to keep", "cities"),
  },
  titleField: "into",
  columns: [],
  filters: [],
  routes: {},
  usedBy: [],
  related: [],
  writable: false,
};
