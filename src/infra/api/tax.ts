/** The TDS and Form 16 calls (src/domain/api/tax.ts), each decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import { Form16BatchId } from "../../domain/api/ids";
import * as api from "../../domain/api/tax";
import { financialYearFromLabel } from "../../domain/tax/form16";
import { call } from "../endpoint";
import { fieldLines, runApi } from "../http";

/** "2025-26" as the calls send it: the year it starts in. */
const startOf = (label: string): number => financialYearFromLabel(label) ?? 0;

export const taxKeys = { all: ["tax"] as const };

export const tdsQuery = (year: string | null, program: string | null) =>
  queryOptions({
    queryKey: ["tax", "tds", year, program] as const,
    queryFn: ({ signal }) =>
      runApi(
        call(api.tdsFigures, {
          query: {
            ...(year ? { financial_year: startOf(year) } : {}),
            ...(program ? { program } : {}),
          },
        }),
        { signal },
      ),
  });

export const panListQuery = (year: string, search: string, page: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ["tax", "pans", year, search, page.page, page.pageSize] as const,
    queryFn: ({ signal }) =>
      runApi(
        call(api.panList, {
          query: { financial_year: startOf(year), ...(search ? { search } : {}) },
          page,
        }),
        { signal },
      ),
  });

export const panStoresQuery = (pan: string, year: string) =>
  queryOptions({
    queryKey: ["tax", "pan", pan, year] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.panStores, { params: { pan }, query: { financial_year: startOf(year) } }), { signal }),
  });

export const batchesKey = ["tax", "batches"] as const;
export const batchesQuery = () =>
  queryOptions({
    queryKey: batchesKey,
    queryFn: ({ signal }) => runApi(call(api.form16Batches, {}), { signal }),
  });

/** Starts a quarter's TDS report in My Downloads. */
export const startTdsReport = (year: string, quarter: 1 | 2 | 3 | 4) =>
  runApi(call(api.tdsReport, { body: { financial_year: startOf(year), quarter } }));

/** Starts the Form 16 CSV summary of a year in My Downloads. */
export const startForm16Csv = (year: string) =>
  runApi(call(api.form16Csv, { body: { financial_year: startOf(year) } }));

/** Generate: the batch started (or already running), or the server's reason (the year has not ended). */
export const startBatch = (year: string, signal?: AbortSignal) =>
  runApi(
    call(api.startForm16Batch, { body: { financial_year: startOf(year) }, shownInline: [400] }).pipe(
      Effect.map((batch) => ({ type: "started" as const, batch })),
      Effect.catchTag("ValidationError", (e) =>
        Effect.succeed({
          type: "refused" as const,
          detail: fieldLines(e.body)
            .map((line) => line.replace(/^financial_year: /, ""))
            .join(" "),
        }),
      ),
    ),
    { signal },
  );

export const fetchBatch = (id: number, signal?: AbortSignal) =>
  runApi(call(api.form16Batch, { params: { id: Form16BatchId.make(id) } }), { signal });

/** Uploads a PAN's Form 16 PDF in place of the made one. */
export const uploadForm16 = (pan: string, year: string, file: File) => {
  const form = new FormData();
  form.append("file", file, file.name);
  return runApi(
    call(api.uploadPanForm16, { params: { pan, year: startOf(year) }, body: form, shownInline: [400] }),
  );
};
