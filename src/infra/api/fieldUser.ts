/** The field auditor's own calls, through the API contract's declarations. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import * as api from "../../domain/api/fieldUsers";
import type {
  DraftSendOutcome,
  OutletDraftFields,
  RsaFields,
  RsaSendOutcome,
} from "../../domain/ekyc/fieldCapture";
import type { FieldList } from "../../domain/ekyc/fieldUser";
import { call } from "../endpoint";
import { type ApiError, detailOf, fieldLines, type HttpError, runApi, type ValidationError } from "../http";

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

// --- Capture ---

export const captureOptionsQuery = () =>
  queryOptions({
    queryKey: [...keys, "capture-options"] as const,
    queryFn: ({ signal }) => runApi(call(api.captureOptions, {}), { signal }),
  });

export const ownRankQuery = () =>
  queryOptions({
    queryKey: ["my-track", "rank"] as const,
    queryFn: ({ signal }) => runApi(call(api.ownRank, {}), { signal }),
  });

export const rsaDetailQuery = (rsid: string) =>
  queryOptions({
    queryKey: [...keys, "rsa", rsid] as const,
    queryFn: ({ signal }) => runApi(call(api.fieldRsaDetail, { params: { slug: rsid } }), { signal }),
  });

/** A refusal the auditor can act on (a field's problem, a state); anything else is not an answer. */
const isRefusal = (e: ApiError): e is ValidationError | HttpError =>
  e._tag === "ValidationError" || (e._tag === "HttpError" && (e.status === 404 || e.status === 409));

const refusalText = (e: ValidationError | HttpError) =>
  detailOf(e.body) ?? (fieldLines(e.body).join(" ") || "The server refused the form.");

/**
 * Sends a draft under its key. A refusal is an answer; a lost connection, a timeout or a server
 * failure is an error, so the draft machine keeps the draft and sends the same key again.
 */
export const sendOutletDraft = (
  key: string,
  draft: OutletDraftFields,
): Effect.Effect<DraftSendOutcome, ApiError> =>
  call(api.sendOutletDraft, { body: { idempotency_key: key, ...draft } }).pipe(
    Effect.map((outlet): DraftSendOutcome => ({ type: "sent", outlet })),
    Effect.catchIf(isRefusal, (e) =>
      Effect.succeed<DraftSendOutcome>({ type: "refused", detail: refusalText(e) }),
    ),
  );

export const sendRsa = (rsid: string, rsa: RsaFields): Effect.Effect<RsaSendOutcome, ApiError> =>
  call(api.sendRsa, { params: { slug: rsid }, body: rsa }).pipe(
    Effect.map((detail): RsaSendOutcome => ({ type: "sent", detail })),
    Effect.catchIf(isRefusal, (e) =>
      Effect.succeed<RsaSendOutcome>({ type: "refused", detail: refusalText(e) }),
    ),
  );
