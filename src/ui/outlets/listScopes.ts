/**
 * The catalogue routes that list outlets (spec 000 §2.1) and what each lists: everything the user
 * may see, one sub-project, its panel, its cycle, or one project in the client portal.
 */
export type ListScope = {
  title: string;
  /** Listing parameters that narrow the list (the server checks the organisation too). */
  params: (route: Record<string, string | undefined>) => [string, string][];
  /** Where a row opens its outlet. */
  viewBase: (route: Record<string, string | undefined>) => string;
};

const subProject = (r: Record<string, string | undefined>) =>
  `/dashboard/projects/view-list/${r.projectSlug}/view/${r.slug}`;
const portal = (slug: string | undefined) => `/dashboard/projects/client-portal-view/${slug}`;

export const LIST_SCOPES = {
  dashboard: {
    title: "Outlets",
    params: () => [],
    viewBase: () => "/dashboard/list-of-outlets/view",
  },
  subProject: {
    title: "Sub-project outlets",
    params: (r) => [["sub_project", r.slug ?? ""]],
    viewBase: (r) => `${subProject(r)}/list-of-outlets/view`,
  },
  panel: {
    title: "Panel outlets",
    params: (r) => [["sub_project", r.slug ?? ""]],
    viewBase: (r) => `${subProject(r)}/panel-management/view`,
  },
  cycle: {
    title: "Cycle outlets",
    params: (r) => [["cycle_of", r.slug ?? ""]],
    viewBase: (r) => `${subProject(r)}/cycle/view`,
  },
  clientPortal: {
    title: "Client outlets",
    params: (r) => [["project", r.projectSlug ?? ""]],
    viewBase: (r) => `${portal(r.projectSlug)}/list-of-outlets/view`,
  },
  manageKyc: {
    title: "KYC outlets",
    params: (r) => [["project", r.slug ?? ""]],
    viewBase: (r) => `${portal(r.slug)}/manage-kyc/view`,
  },
} satisfies Record<string, ListScope>;
