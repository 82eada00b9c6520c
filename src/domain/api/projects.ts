/**
 * The projects' endpoints (002 §2.12, 000 §2.1, §3): the project cards, the project notifications
 * and marking them read, a project's logo and deck, the sub-project hub, and the export of its
 * retailer mobile links.
 */
import { Schema } from "effect";
import { MobileLinksExport } from "../mobile/mobileLinks";
import { OutletManagement } from "../outlets/outletManagement";
import {
  MarkedRead,
  NotificationIds,
  ProjectCardPage,
  ProjectCardQuery,
  ProjectNotificationPage,
  ProjectNotificationQuery,
  SubProjectHub,
} from "../projects/projects";
import { ViewAllPage, ViewAllQuery } from "../projects/viewAll";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { Download, endpoint } from "./endpoint";
import { IdText, Text } from "./fields";
import { FileId } from "./ids";

const Slug = Text(MAX_QUERY_TEXT_LENGTH);
const OfSubProject = Schema.Struct({ projectSlug: Slug, slug: Slug });

export const projectCards = endpoint({
  summary: "A page of the project cards the caller sees, searched by name, a type or an organisation",
  method: "GET",
  path: "/projects/",
  grant: "outletsRead",
  query: ProjectCardQuery,
  paged: true,
  response: ProjectCardPage,
  refusals: [400],
});

export const projectNotifications = endpoint({
  summary: "A page of the caller's project notifications, newest first, and how many are unread",
  method: "GET",
  path: "/projects/notifications/",
  grant: "outletsRead",
  query: ProjectNotificationQuery,
  paged: true,
  response: ProjectNotificationPage,
  refusals: [400],
});

export const viewAll = endpoint({
  summary:
    "A page of every notification of the caller, newest first: the project notifications of the projects they see and their own upload notifications",
  method: "GET",
  path: "/notifications/",
  grant: "staffSelf",
  query: ViewAllQuery,
  paged: true,
  response: ViewAllPage,
  refusals: [400],
});

export const markNotificationsRead = endpoint({
  summary: "Marks notifications read for the caller alone; those of projects not seen are left alone",
  method: "POST",
  path: "/projects/notifications/read/",
  grant: "outletsRead",
  body: NotificationIds,
  response: MarkedRead,
  refusals: [400],
});

export const projectFile = endpoint({
  summary: "A project's current logo or deck, as the type its content was found to be",
  method: "GET",
  path: "/projects/:slug/files/:field/:fileId/",
  grant: "outletsRead",
  params: Schema.Struct({ slug: Slug, field: Slug, fileId: IdText(FileId) }),
  response: Download,
  refusals: [404],
});

export const subProjectHub = endpoint({
  summary: "A sub-project's hub: where it belongs, its cycles and its active outlets by state",
  method: "GET",
  path: "/projects/:projectSlug/sub-projects/:slug/",
  grant: "outletsRead",
  params: OfSubProject,
  response: SubProjectHub,
  refusals: [404],
});

export const outletManagement = endpoint({
  summary:
    "A sub-project's outlet management: how many active outlets each kind holds, and the inactive ones",
  method: "GET",
  path: "/projects/:projectSlug/sub-projects/:slug/outlet-management/",
  grant: "outletsRead",
  params: OfSubProject,
  response: OutletManagement,
  refusals: [404],
});

export const exportMobileLinks = endpoint({
  summary:
    "Starts the export of a sub-project's retailer mobile links to My Downloads (201); 200 with the export already being prepared",
  method: "POST",
  path: "/projects/:projectSlug/sub-projects/:slug/mobile-links/export/",
  grant: "exportMobileLinks",
  params: OfSubProject,
  response: MobileLinksExport,
  status: 201,
  refusals: [400, 404],
});
