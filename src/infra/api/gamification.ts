/** Gamification's calls (src/domain/api/gamification.ts) and their React Query options. */
import { queryOptions } from "@tanstack/react-query";
import * as api from "../../domain/api/gamification";
import { ALL_TIME } from "../../domain/gamification/gamification";
import { call } from "../endpoint";
import { runApi } from "../http";

const periodQuery = (period: string) => (period === ALL_TIME ? {} : { period });

export const gamificationDashboardQuery = (period: string) =>
  queryOptions({
    queryKey: ["gamification", "dashboard", period] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.gamificationDashboard, { query: periodQuery(period) }), { signal }),
  });

export const programRankingQuery = (slug: string, period: string) =>
  queryOptions({
    queryKey: ["gamification", "program", slug, period] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.programRanking, { params: { slug }, query: periodQuery(period) }), { signal }),
  });

export const programLedgerQuery = (slug: string, period: string, page: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ["gamification", "ledger", slug, period, page] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.programLedger, { params: { slug }, query: periodQuery(period), page }), { signal }),
  });

export const auditorReportQuery = (slug: string, period: string) =>
  queryOptions({
    queryKey: ["gamification", "auditor", slug, period] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.auditorReport, { params: { slug }, query: periodQuery(period) }), { signal }),
  });
