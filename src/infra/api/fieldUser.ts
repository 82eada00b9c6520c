/** The field auditor's own calls, through the API contract's declarations. */
import { queryOptions } from "@tanstack/react-query";
import * as api from "../../domain/api/fieldUsers";
import type { FieldList } from "../../domain/fieldUser";
import { call } from "../endpoint";
import { runApi } from "../http";

export const fieldOutletSummary = () => call(api.fieldOutletSummary, {});

type ListView = { page: number; pageSize: number; search: string };

export const fieldOutletPage = (list: FieldList, { page, pageSize, search }: ListView) =>
  call(api.fieldOutletPage, {
    query: search ? { list, search } : { list },
    page: { page, pageSize },
  });

export const fieldOutletDetail = (slug: string) => call(api.fieldOutletDetail, { params: { slug } });

export const fieldSurveyListing = (slug: string) => call(api.fieldSurveyListing, { params: { slug } });

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
