/** The field auditor's own calls, decoded with the domain's Schemas. */
import { queryOptions } from "@tanstack/react-query";
import {
  type FieldList,
  FieldOutletDetail,
  FieldOutletPage,
  FieldOutletSummary,
  FieldSurveyListing,
} from "../../domain/fieldUser";
import { request, runApi } from "../http";

export const fieldOutletSummary = () =>
  request({ path: "my-track/outlets/summary/", schema: FieldOutletSummary });

type ListView = { page: number; pageSize: number; search: string };

export const fieldOutletPage = (list: FieldList, { page, pageSize, search }: ListView) =>
  request({
    path: "my-track/outlets/",
    query: { list, search: search || undefined },
    page: { page, pageSize },
    schema: FieldOutletPage,
  });

const outletPath = (slug: string) => `my-track/outlets/${encodeURIComponent(slug)}/`;

export const fieldOutletDetail = (slug: string) =>
  request({ path: outletPath(slug), schema: FieldOutletDetail });

export const fieldSurveyListing = (slug: string) =>
  request({ path: `${outletPath(slug)}surveys/`, schema: FieldSurveyListing });

const keys = ["my-track", "outlets"] as const;

export const fieldSummaryQuery = () =>
  queryOptions({
    queryKey: [...keys, "summary"] as const,
    queryFn: ({ signal }) => runApi(fieldOutletSummary(), { signal }),
  });

export const fieldListQuery = (list: FieldList, view: ListView) =>
  queryOptions({
    queryKey: [...keys, "list", list, view] as const,
    queryFn: ({ signal }) => runApi(fieldOutletPage(list, view), { signal }),
  });

export const fieldOutletQuery = (slug: string) =>
  queryOptions({
    queryKey: [...keys, "detail", slug] as const,
    queryFn: ({ signal }) => runApi(fieldOutletDetail(slug), { signal }),
  });

export const fieldSurveysQuery = (slug: string) =>
  queryOptions({
    queryKey: [...keys, "surveys", slug] as const,
    queryFn: ({ signal }) => runApi(fieldSurveyListing(slug), { signal }),
  });
