/**
 * Outlet management of a sub-project (000 §2.1 outlet-management, outlets/{objectType};
 * docs/projects.md, "Outlet management"): the sub-project's outlets by the kind of record they are,
 * each kind a list of its own. The spec names the routes only; the kinds are those the product
 * keeps apart: permanent outlets, temporary ones (added on the fly, `is_temp`), inactive ones
 * (taken out of the work) and those field outlet recovery made or completed.
 */
import { Schema } from "effect";
import { SUB_PROJECT_HUB } from "../admin/resources/projects";

export const OUTLET_OBJECT_TYPES = ["outlets", "temporary", "inactive", "recovered"] as const;
export type OutletObjectType = (typeof OUTLET_OBJECT_TYPES)[number];

export const OUTLET_MANAGEMENT = `${SUB_PROJECT_HUB}/outlet-management`;
export const OUTLET_OBJECT_LIST = `${OUTLET_MANAGEMENT}/outlets/:objectType`;

export const isOutletObjectType = (value: string | undefined): value is OutletObjectType =>
  (OUTLET_OBJECT_TYPES as readonly string[]).includes(value ?? "");

/** Each kind's title and the line saying what it holds, as the outlet management page shows them. */
export const OUTLET_OBJECT_TYPE_TEXT: Record<OutletObjectType, { title: string; about: string }> = {
  outlets: {
    title: "Outlets",
    about: "The sub-project's permanent outlets (temporary ones are listed apart).",
  },
  temporary: {
    title: "Temporary outlets",
    about: "Outlets added on the fly and kept temporary: not allocated to field teams.",
  },
  inactive: {
    title: "Inactive outlets",
    about:
      "Outlets taken out of the work (status inactive): left out of the active counts and of allocation.",
  },
  recovered: {
    title: "Recovered outlets",
    about: "Outlets that field outlet recovery created or completed from a field app dump.",
  },
};

/**
 * The listing parameters that narrow the outlet list to a kind: the kind itself, and for the
 * inactive outlets their status, which also keeps the list from adding its default active status.
 */
export const objectTypeParams = (type: OutletObjectType): [string, string][] => [
  ["object_type", type],
  ...(type === "inactive" ? ([["status", "inactive"]] as [string, string][]) : []),
];

/** GET …/outlet-management/: where the sub-project belongs and how many outlets each kind holds. */
export const OutletManagement = Schema.Struct({
  project: Schema.Struct({ slug: Schema.String, name: Schema.String }),
  sub_project: Schema.Struct({ slug: Schema.String, name: Schema.String }),
  counts: Schema.Struct({
    outlets: Schema.Number,
    temporary: Schema.Number,
    inactive: Schema.Number,
    recovered: Schema.Number,
  }),
});
export type OutletManagement = typeof OutletManagement.Type;
