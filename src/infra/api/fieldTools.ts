/** The field tools' endpoint family (spec 002 §7), each call decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect, Schema } from "effect";
import {
  Detail,
  FieldAppDump,
  FieldAppDumpList,
  NamedList,
  RecoveryRequest,
  RecoveryRequestList,
  type RecoverySubmission,
} from "../../domain/fieldTools";
import { type ApiError, request, runApi } from "../http";

export const projects = () => request({ path: "field-tools/projects/", schema: NamedList });
export const subProjects = (projectId: number) =>
  request({ path: "field-tools/sub-projects/", query: { project_id: projectId }, schema: NamedList });
export const auditors = (subProjectId: number) =>
  request({ path: "field-tools/auditors/", query: { sub_project_id: subProjectId }, schema: NamedList });

const FieldAuditorLookup = Schema.Struct({ workflow_field_auditors: NamedList });
/** The multi-object lookup asked for the field auditors. */
export const fieldAuditors = () =>
  request({
    method: "POST",
    path: "lookups/objects/",
    body: { objects: ["workflow_field_auditors"] },
    schema: FieldAuditorLookup,
  }).pipe(Effect.map((r) => r.workflow_field_auditors));

type Page = { page: number; pageSize: number };

export const listDumps = (page: Page, search: string) =>
  request({
    path: "field-app-dumps/",
    page,
    query: { search: search || undefined },
    schema: FieldAppDumpList,
  });

export const uploadDump = (file: File, fieldAppUser: number): Effect.Effect<FieldAppDump, ApiError> =>
  Effect.suspend(() => {
    const body = new FormData();
    body.append("uploaded_file", file, file.name);
    body.append("field_app_user", String(fieldAppUser));
    return request({ method: "POST", path: "field-app-dumps/", body, schema: FieldAppDump });
  });

export const listRecoveries = (page: Page, search: string) =>
  request({
    path: "outlet-recovery/",
    page,
    query: { search: search || undefined },
    schema: RecoveryRequestList,
  });

export const createRecovery = (submission: RecoverySubmission) =>
  request({ method: "POST", path: "outlet-recovery/", body: submission, schema: RecoveryRequest });

export const confirmRecovery = (id: number) =>
  request({ method: "POST", path: `outlet-recovery/${id}/confirm/`, schema: Detail });
export const cancelRecovery = (id: number) =>
  request({ method: "POST", path: `outlet-recovery/${id}/cancel/`, schema: Detail });

/** The CSV report's text (spec 002 §2.8). */
export const recoveryReport = (id: number) =>
  request({ method: "POST", path: `outlet-recovery/${id}/report/`, schema: Schema.String });

export const fieldToolKeys = {
  all: ["field-tools"] as const,
  recoveries: ["field-tools", "recoveries"] as const,
  dumps: ["field-tools", "dumps"] as const,
};

export const projectsQuery = () =>
  queryOptions({
    queryKey: ["field-tools", "projects"] as const,
    queryFn: ({ signal }) => runApi(projects(), { signal }),
    staleTime: 60_000,
  });
export const subProjectsQuery = (projectId: number | null) =>
  queryOptions({
    queryKey: ["field-tools", "sub-projects", projectId] as const,
    queryFn: ({ signal }) => runApi(subProjects(projectId ?? 0), { signal }),
    enabled: projectId !== null,
    staleTime: 60_000,
  });
export const auditorsQuery = (subProjectId: number | null) =>
  queryOptions({
    queryKey: ["field-tools", "auditors", subProjectId] as const,
    queryFn: ({ signal }) => runApi(auditors(subProjectId ?? 0), { signal }),
    enabled: subProjectId !== null,
    staleTime: 60_000,
  });
export const fieldAuditorsQuery = () =>
  queryOptions({
    queryKey: ["field-tools", "field-auditors"] as const,
    queryFn: ({ signal }) => runApi(fieldAuditors(), { signal }),
    staleTime: 60_000,
  });
export const recoveriesQuery = (page: Page, search: string) =>
  queryOptions({
    queryKey: [...fieldToolKeys.recoveries, page, search] as const,
    queryFn: ({ signal }) => runApi(listRecoveries(page, search), { signal }),
  });
export const dumpsQuery = (page: Page, search: string) =>
  queryOptions({
    queryKey: [...fieldToolKeys.dumps, page, search] as const,
    queryFn: ({ signal }) => runApi(listDumps(page, search), { signal }),
  });
