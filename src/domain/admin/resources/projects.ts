/**
 * Projects and sub-projects (000 §1, §2.1): an organisation's projects, each of one type, and a
 * project's sub-projects of that type or its cycle type. Their create and update screens are the
 * resource layer's; the project cards page and the sub-project hub are their own screens.
 */

import { PROJECT_TYPES, projectTypeLabel, SUB_PROJECT_KINDS } from "../../projects/projects";
import { type FileRule, JPEG, MB, PDF, PNG, POWERPOINT, WEBP } from "../../shared/fileField";
import { dashboardPermission } from "../../shared/permissions";
import {
  choice,
  date,
  endNotBeforeStart,
  file,
  mayWrite,
  organisationField,
  type ResourceDefinition,
  reference,
  text,
  textarea,
  toggle,
} from "../resource";
import { type AdminCaller, mayReadResource, mayWriteShared } from "../resourceRights";

/** Project managers and admins (who hold every permission) set projects up. */
export const SET_UP_PROJECTS = [dashboardPermission("project-manager")];

export const PROJECTS_ROOT = "/dashboard/projects";
export const PROJECT_SUB_PROJECTS = `${PROJECTS_ROOT}/view-list/:projectSlug`;
export const SUB_PROJECT_HUB = `${PROJECT_SUB_PROJECTS}/view/:slug`;

/**
 * Where a project's stored file is served (to everyone who may see the project's card); the file's
 * id in the path names this version of it, so a replaced logo is never shown from a cache.
 */
export const projectFileUrl = (slug: string, field: string, fileId: number): string =>
  `/api/projects/${encodeURIComponent(slug)}/files/${field}/${fileId}/`;

export { END_BEFORE_START } from "../resource";

/** The end of a project's dates is on or after its start. */
export const datesInOrder = endNotBeforeStart("start_date", "end_date");

/** A project's logo: a small image shown on its card (2 MB is far more than a card needs). */
export const PROJECT_LOGO: FileRule = { kind: "image", accept: [PNG, JPEG, WEBP], maxBytes: 2 * MB };
/** A project's deck: the presentation handed to the client, downloaded from the card. */
export const PROJECT_DECK: FileRule = { kind: "document", accept: [PDF, POWERPOINT], maxBytes: 10 * MB };

export const projects: ResourceDefinition = {
  name: "projects",
  noun: "Project",
  plural: "Projects",
  table: "projects",
  fields: {
    name: text("Name", { max: 120, unique: true }),
    organisation: organisationField(),
    type: choice("Type", PROJECT_TYPES, { labelOf: projectTypeLabel }),
    start_date: date("Start date"),
    end_date: date("End date"),
    logo: file("Logo", PROJECT_LOGO),
    deck: file("Deck", PROJECT_DECK),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "organisation",
  fileUrl: projectFileUrl,
  columns: ["name", "organisation", "type", "start_date", "end_date"],
  searchKeys: ["name"],
  orderKeys: ["name", "start_date", "end_date"],
  filters: ["organisation", "type"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  routes: {
    create: `${PROJECTS_ROOT}/project-creation`,
    update: `${PROJECTS_ROOT}/project-update/:slug`,
    home: PROJECTS_ROOT,
  },
  usedBy: [{ table: "sub_projects", column: "project_id", label: "sub-projects" }],
  crossCheck: datesInOrder,
};

/**
 * Whether a caller may edit a project it sees (the card's `pro`, 002 §3): the rules the project's
 * update call grants by (its write permission; a client's administrator its own organisation's).
 */
export const mayEditProject = (permissions: readonly string[], caller: AdminCaller): boolean =>
  mayWrite(projects, permissions) && mayReadResource(projects, caller) && mayWriteShared(projects, caller);

export const subProjects: ResourceDefinition = {
  name: "sub-projects",
  noun: "Sub-project",
  plural: "Sub-projects",
  table: "sub_projects",
  fields: {
    project: reference("Project", "projects", { fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
    type: choice("Type", SUB_PROJECT_KINDS, { labelOf: projectTypeLabel }),
    add_data_on_fly: toggle("Add data on the fly"),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "global",
  uniqueWithin: "project",
  columns: ["name", "type", "add_data_on_fly"],
  searchKeys: ["name"],
  orderKeys: ["name", "type"],
  filters: ["project", "type"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  routes: {
    list: PROJECT_SUB_PROJECTS,
    create: `${PROJECT_SUB_PROJECTS}/creation`,
    update: `${PROJECT_SUB_PROJECTS}/update/:slug`,
    open: SUB_PROJECT_HUB,
  },
  usedBy: [
    { table: "outlets", column: "sub_project_id", label: "outlets" },
    { table: "sub_projects", column: "parent_id", label: "cycles" },
  ],
  parent: { field: "project", param: "projectSlug" },
};

/** The programs of a sub-project (000 §2.1 program-management): what its payouts are paid for. */
export const programs: ResourceDefinition = {
  name: "programs",
  noun: "Program",
  plural: "Programs",
  table: "programs",
  fields: {
    sub_project: reference("Sub-project", "sub-projects", { fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "global",
  uniqueWithin: "sub_project",
  columns: ["name"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["sub_project"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  routes: {
    list: `${SUB_PROJECT_HUB}/program-management`,
    create: `${SUB_PROJECT_HUB}/program-management/add-form`,
    update: `${SUB_PROJECT_HUB}/program-management/edit-form/:programSlug`,
  },
  usedBy: [{ table: "outlets", column: "program_id", label: "outlets" }],
  parent: { field: "sub_project", param: "slug" },
};

/**
 * The panels of a sub-project (000 §2.1 panel-management): named groups of its outlets, which the
 * panels upload fills (docs/projects.md). A panel is added here or by naming it in that upload.
 */
export const panels: ResourceDefinition = {
  name: "panels",
  noun: "Panel",
  plural: "Panels",
  table: "panels",
  fields: {
    sub_project: reference("Sub-project", "sub-projects", { fromParent: true }),
    name: text("Name", { max: 120, unique: true }),
    description: textarea("Description", { max: 500 }),
  },
  titleField: "name",
  addressBy: "slug",
  slugFrom: "name",
  scope: "global",
  uniqueWithin: "sub_project",
  columns: ["name", "description"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: ["sub_project"],
  read: SET_UP_PROJECTS,
  write: SET_UP_PROJECTS,
  routes: {
    list: `${SUB_PROJECT_HUB}/panel-management`,
    create: `${SUB_PROJECT_HUB}/panel-management/add-form`,
    update: `${SUB_PROJECT_HUB}/panel-management/edit-form/:panelSlug`,
  },
  related: [
    { label: "Panel bulk upload", path: `${SUB_PROJECT_HUB}/panel-management/bulk-upload` },
    { label: "Panel outlets", path: `${SUB_PROJECT_HUB}/panel-management/list-of-outlets` },
  ],
  usedBy: [{ table: "panel_outlets", column: "panel_id", label: "outlets" }],
  parent: { field: "sub_project", param: "slug" },
};
