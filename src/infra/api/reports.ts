/** The reports' calls (src/domain/api/reports.ts) and their React Query options. */
import { queryOptions } from "@tanstack/react-query";
import type { Effect } from "effect";
import type { OutletId } from "../../domain/api/ids";
import * as api from "../../domain/api/reports";
import type { ExportJob } from "../../domain/downloads/downloads";
import type { MisFilters } from "../../domain/reports/mis";
import type {
  BandKey,
  PerformanceFilters,
  ReportFormat,
  RetailAuditOrder,
} from "../../domain/reports/reports";
import { call } from "../endpoint";
import { type ApiError, runApi } from "../http";

export type Paging = { page: number; pageSize: number };
export type RetailAuditQuery = {
  cycle: string;
  state?: string;
  band?: BandKey;
  search?: string;
  order?: RetailAuditOrder;
};

export const reportKeys = { all: ["reports"] as const };

export const reportCyclesQuery = (project?: string) =>
  queryOptions({
    queryKey: ["reports", "cycles", project ?? null] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.reportCycles, { query: project ? { project } : {} }), { signal }),
  });

export const retailAuditQuery = (query: RetailAuditQuery, page: Paging) =>
  queryOptions({
    queryKey: ["reports", "retail-audit", query, page] as const,
    queryFn: ({ signal }) => runApi(call(api.retailAuditReport, { query, page }), { signal }),
  });

export const retailAuditImagesQuery = (query: { cycle: string; search?: string }, page: Paging) =>
  queryOptions({
    queryKey: ["reports", "retail-audit-images", query, page] as const,
    queryFn: ({ signal }) => runApi(call(api.retailAuditImages, { query, page }), { signal }),
  });

export const outletReportQuery = (id: OutletId) =>
  queryOptions({
    queryKey: ["reports", "outlet", id] as const,
    queryFn: ({ signal }) => runApi(call(api.outletReport, { params: { id } }), { signal }),
  });

export const performanceQuery = (query: PerformanceFilters, page: Paging) =>
  queryOptions({
    queryKey: ["reports", "performance", query, page] as const,
    queryFn: ({ signal }) => runApi(call(api.performanceReport, { query, page }), { signal }),
  });

export const exportPerformance = (
  format: ReportFormat,
  filters: PerformanceFilters,
): Effect.Effect<ExportJob, ApiError> => call(api.exportPerformanceReport, { body: { format, ...filters } });

export const misQuery = (query: MisFilters) =>
  queryOptions({
    queryKey: ["reports", "mis", query] as const,
    queryFn: ({ signal }) => runApi(call(api.misReport, { query }), { signal }),
  });

export const exportMis = (filters: MisFilters): Effect.Effect<ExportJob, ApiError> =>
  call(api.exportMisReport, { body: filters });
