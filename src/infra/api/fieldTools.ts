/** The field tools' endpoint family (spec 002 §7), each call decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect, Schema } from "effect";
import * as api from "../../domain/api/fieldTools";
import type { ProjectId, RecoveryRequestId, SubProjectId } from "../../domain/api/ids";
import * as lookups from "../../domain/api/lookups";
import { pathWith } from "../../domain/api/paths";
import type { FieldAppDump, RecoverySubmission } from "../../domain/fieldTools/fieldTools";
import { call } from "../endpoint";
import { type ApiError, request, runApi } from "../http";

export const projects = () => call(api.fieldProjects, {});
export const subProjects = (projectId: number) =>
  call(api.fieldSubProjects, { query: { project_id: projectId as ProjectId } });
export const auditors = (subProjectId: number) =>
  call(api.fieldAuditors, { query: { sub_project_id: subProjectId as SubProjectId } });

/** The multi-object lookup asked for the field auditors. */
export const fieldAuditors = () =>
  call(lookups.objectLookup, { body: { objects: ["workflow_field_auditors"] } }).pipe(
    Effect.map((r) => r.workflow_field_auditors ?? []),
  );

type Page = { page: number; pageSize: number };

const searched = (search: string) => (search ? { search } : {});

export const listDumps = (page: Page, search: string) =>
  call(api.fieldAppDumps, { page, query: searched(search) });

export const uploadDump = (file: File, fieldAppUser: number): Effect.Effect<FieldAppDump, ApiError> =>
  Effect.suspend(() => {
    const body = new FormData();
    body.append("uploaded_file", file, file.name);
    body.append("field_app_user", String(fieldAppUser));
    return call(api.uploadFieldAppDump, { body });
  });

export const listRecoveries = (page: Page, search: string) =>
  call(api.recoveryRequests, { page, query: searched(search) });

export const createRecovery = (submission: RecoverySubmission) =>
  call(api.createRecoveryRequest, { body: submission });

export const confirmRecovery = (id: number) =>
  call(api.confirmRecoveryRequest, { params: { id: id as RecoveryRequestId } });
export const cancelRecovery = (id: number) =>
  call(api.cancelRecoveryRequest, { params: { id: id as RecoveryRequestId } });

/** The CSV report's text (spec 002 §2.8): a download, read as text. */
export const recoveryReport = (id: number) =>
  request({
    method: api.recoveryReport.method,
    path: pathWith(api.recoveryReport.path, { id: String(id) }).replace(/^\//, ""),
    schema: Schema.String,
  });

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
