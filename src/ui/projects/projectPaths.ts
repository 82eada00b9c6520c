/** Where the project screens lead: the catalogue's patterns filled in (000 §2.1). */

import { projects, SUB_PROJECT_HUB, subProjects } from "../../domain/admin/resources/projects";
import { pathFor } from "../../domain/shared/routePatterns";

export const PROJECTS_PATH = "/dashboard/projects";
export const NOTIFICATIONS_PATH = "/dashboard/projects/notifications";
export const PROJECT_CREATE_PATH = projects.routes.create!;

export const projectUpdatePath = (slug: string) => pathFor(projects.routes.update!, { slug });
export const subProjectsPath = (projectSlug: string) => pathFor(subProjects.routes.list!, { projectSlug });
export const hubPath = (projectSlug: string, slug: string) => pathFor(SUB_PROJECT_HUB, { projectSlug, slug });
/** A client's own view of a project's outlets, for those who do not set projects up. */
export const clientOutletsPath = (projectSlug: string) =>
  `/dashboard/projects/client-portal-view/${encodeURIComponent(projectSlug)}/list-of-outlets`;
/** An outlet opened from a notification (outlets are addressed by RSID). */
export const outletPath = (rsid: string) => `/dashboard/view/${encodeURIComponent(rsid)}`;
