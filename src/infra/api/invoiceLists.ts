/**
 * The two collected-bills lists' calls (docs/invoices.md, Lists): a page of the bills list by
 * outlet, a page of the invoices list, and the projects and sub-projects their filters offer.
 */
import { queryOptions } from "@tanstack/react-query";
import * as api from "../../domain/api/invoices";
import type { CollectedBillsQuery, InvoiceListQuery } from "../../domain/invoices/invoiceLists";
import { call } from "../endpoint";
import { runApi } from "../http";

type Page = { page: number; pageSize: number };

export const invoiceListKeys = {
  all: ["invoice-lists"] as const,
  bills: (query: CollectedBillsQuery, page: Page) => ["invoice-lists", "bills", query, page] as const,
  invoices: (query: InvoiceListQuery, page: Page) => ["invoice-lists", "invoices", query, page] as const,
  options: ["invoice-lists", "options"] as const,
};

export const collectedBillsQuery = (query: CollectedBillsQuery, page: Page) =>
  queryOptions({
    queryKey: invoiceListKeys.bills(query, page),
    queryFn: ({ signal }) => runApi(call(api.collectedBills, { query, page }), { signal }),
  });

export const invoiceListQuery = (query: InvoiceListQuery, page: Page) =>
  queryOptions({
    queryKey: invoiceListKeys.invoices(query, page),
    queryFn: ({ signal }) => runApi(call(api.invoiceList, { query, page }), { signal }),
  });

export const billFilterOptionsQuery = () =>
  queryOptions({
    queryKey: invoiceListKeys.options,
    queryFn: ({ signal }) => runApi(call(api.billFilterOptions, {}), { signal }),
    staleTime: 60_000,
  });
