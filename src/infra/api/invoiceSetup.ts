/** The invoice setup endpoint family: a sub-project's invoice assignment, read and saved. */
import { Effect } from "effect";
import * as api from "../../domain/api/invoiceSetup";
import {
  type InvoiceAssignment,
  SETUP_SAVE_FAILED,
  type SetupLoadOutcome,
  type SetupSaveOutcome,
} from "../../domain/invoices/invoiceSetup";
import { call } from "../endpoint";
import { type ApiError, detailOf, fieldLines } from "../http";

/**
 * GET the setup; a sub-project the caller may not set up (404 for another organisation's, 403 for a
 * client's users) is not found, not a failure.
 */
export const loadInvoiceSetup = (
  projectSlug: string,
  slug: string,
): Effect.Effect<SetupLoadOutcome, ApiError> =>
  call(api.invoiceSetup, { params: { projectSlug, slug } }).pipe(
    Effect.map((setup): SetupLoadOutcome => ({ type: "found", setup })),
    Effect.catchIf(
      (e) => e._tag === "Forbidden" || (e._tag === "HttpError" && e.status === 404),
      () => Effect.succeed<SetupLoadOutcome>({ type: "notFound" }),
    ),
  );

/** PUT the assignment; someone else's save first (409) and a refusal (400) are answers with their reason. */
export const saveInvoiceSetup = (
  projectSlug: string,
  slug: string,
  assignment: InvoiceAssignment,
): Effect.Effect<SetupSaveOutcome, ApiError> =>
  call(api.saveInvoiceSetup, { params: { projectSlug, slug }, body: assignment }).pipe(
    Effect.map((setup): SetupSaveOutcome => ({ type: "saved", setup })),
    Effect.catchIf(
      (e) => e._tag === "HttpError" && e.status === 409,
      (e) =>
        Effect.succeed<SetupSaveOutcome>({
          type: "conflict",
          detail: detailOf("body" in e ? e.body : null) ?? SETUP_SAVE_FAILED,
        }),
    ),
    Effect.catchIf(
      (e) => e._tag === "ValidationError",
      (e) =>
        Effect.succeed<SetupSaveOutcome>({
          type: "refused",
          detail: detailOf(e.body) ?? fieldLines(e.body).join(" ") ?? SETUP_SAVE_FAILED,
        }),
    ),
  );
