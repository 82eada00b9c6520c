/**
 * The catalogue routes that list outlets (spec 000 §2.1) and what each lists: everything the user
 * may see, one sub-project, its panel, its cycle, or one project in the client portal. A scoped
 * list's heading names its project (and sub-project) once the server has named them.
 */
import type { ListScopeNames } from "../../domain/outlets/outletListing";
import {
  OUTLET_OBJECT_TYPE_TEXT,
  type OutletObjectType,
  objectTypeParams,
} from "../../domain/outlets/outletManagement";

export type ListScope = {
  /** The heading, from the scope's names when the list is scoped and they have loaded. */
  title: (names: ListScopeNames | null) => string;
  /** Listing parameters that narrow the list (the server checks the organisation too). */
  params: (route: Record<string, string | undefined>) => [string, string][];
  /** Where a row opens its outlet. */
  viewBase: (route: Record<string, string | undefined>) => string;
  /** The project's other screens the list leads to (shown once built). */
  links?: (route: Record<string, string | undefined>) => { label: string; path: string }[];
};

const subProject = (r: Record<string, string | undefined>) =>
  `/dashboard/projects/view-list/${r.projectSlug}/view/${r.slug}`;
const portal = (slug: string | undefined) => `/dashboard/projects/client-portal-view/${slug}`;

/** "Acme Retail Audit: Mumbai audit outlets", or the plain title until the names are known. */
const named =
  (plain: string, suffix: string) =>
  (names: ListScopeNames | null): string => {
    if (!names?.project) return plain;
    const where = names.sub_project ? `${names.project.name}: ${names.sub_project.name}` : names.project.name;
    return `${where} ${suffix}`;
  };

export const LIST_SCOPES = {
  dashboard: {
    title: () => "Outlets",
    params: () => [],
    viewBase: () => "/dashboard/list-of-outlets/view",
  },
  subProject: {
    title: named("Sub-project outlets", "outlets"),
    params: (r) => [["sub_project", r.slug ?? ""]],
    viewBase: (r) => `${subProject(r)}/list-of-outlets/view`,
  },
  panel: {
    title: named("Panel outlets", "panel outlets"),
    // Outlets on the sub-project's panels; the chooser above the list narrows them to one panel.
    params: (r) => [
      ["sub_project", r.slug ?? ""],
      ["on_panels", "yes"],
      ...(r.panel ? ([["panel", r.panel]] as [string, string][]) : []),
    ],
    viewBase: (r) => `${subProject(r)}/panel-management/view`,
  },
  cycle: {
    title: named("Cycle outlets", "cycle outlets"),
    params: (r) => [["cycle_of", r.slug ?? ""]],
    viewBase: (r) => `${subProject(r)}/cycle/view`,
  },
  clientPortal: {
    title: named("Client outlets", "outlets"),
    params: (r) => [["project", r.projectSlug ?? ""]],
    viewBase: (r) => `${portal(r.projectSlug)}/list-of-outlets/view`,
    links: (r) => [
      { label: "KYC outlets", path: `${portal(r.projectSlug)}/manage-kyc/list-of-outlets` },
      { label: "KYC contact upload", path: `${portal(r.projectSlug)}/manage-kyc` },
    ],
  },
  manageKyc: {
    title: named("KYC outlets", "KYC outlets"),
    params: (r) => [["project", r.slug ?? ""]],
    viewBase: (r) => `${portal(r.slug)}/manage-kyc/view`,
    links: (r) => [{ label: "KYC contact upload", path: `${portal(r.slug)}/manage-kyc` }],
  },
} satisfies Record<string, ListScope>;

/** Outlet management's list of one kind of the sub-project's outlets (src/domain/outlets/outletManagement.ts). */
export const objectTypeScope = (type: OutletObjectType): ListScope => {
  const { title } = OUTLET_OBJECT_TYPE_TEXT[type];
  return {
    title: named(title, title.toLowerCase()),
    params: (r) => [["sub_project", r.slug ?? ""], ...objectTypeParams(type)],
    viewBase: (r) => `${subProject(r)}/list-of-outlets/view`,
    links: (r) => [{ label: "Outlet management", path: `${subProject(r)}/outlet-management` }],
  };
};
