/** The field tools machines' side effects over the field tools API; tests provide fakes. */
import { fromPromise } from "xstate";
import {
  type RecoveryAction,
  type RecoverySubmission,
  recoveryCreateFailure,
} from "../../domain/fieldTools/fieldTools";
import { cancelRecovery, confirmRecovery, createRecovery, uploadDump } from "../../infra/api/fieldTools";
import { type ApiError, detailOf, fieldLines, isApiError, runApi } from "../../infra/http";
import type { DumpUploadOutcome } from "../../machines/fieldTools/dumpUpload";
import type { RecoveryCreateOutcome } from "../../machines/fieldTools/recoveryForm";
import type { RecoveryActionOutcome } from "../../machines/fieldTools/recoveryRequest";

const statusOf = (error: unknown): number | undefined => {
  if (!isApiError(error)) return undefined;
  const e = error as ApiError;
  return e._tag === "ValidationError" || e._tag === "HttpError" ? e.status : undefined;
};
const bodyOf = (error: unknown): unknown => (error as { body?: unknown }).body;

export const recoveryFormActors = () => ({
  createRecovery: fromPromise<RecoveryCreateOutcome, RecoverySubmission>(async ({ input, signal }) => {
    try {
      await runApi(createRecovery(input), { signal });
      return { type: "sent" };
    } catch (error) {
      // A refusal shows the error's message from the server, or the syntax hint (spec 002 §8).
      if (statusOf(error) === 400) return { type: "refused", message: recoveryCreateFailure(bodyOf(error)) };
      throw error;
    }
  }),
});

export const recoveryRowActors = () => ({
  runAction: fromPromise<RecoveryActionOutcome, { id: number; action: RecoveryAction }>(
    async ({ input, signal }) => {
      try {
        const answer = await runApi(
          input.action === "confirm" ? confirmRecovery(input.id) : cancelRecovery(input.id),
          { signal },
        );
        return { type: "done", detail: answer.detail };
      } catch (error) {
        // The HTTP layer has shown the server's detail as a failed notification (spec 002 §8).
        const status = statusOf(error);
        if (status === 404 || status === 409) return { type: "refused" };
        throw error;
      }
    },
  ),
});

export const dumpUploadActors = () => ({
  uploadDump: fromPromise<DumpUploadOutcome, { file: File; fieldAppUser: number }>(
    async ({ input, signal }) => {
      try {
        await runApi(uploadDump(input.file, input.fieldAppUser), { signal });
        return { type: "accepted" };
      } catch (error) {
        const status = statusOf(error);
        if (status === 400 || status === 413) {
          const body = bodyOf(error);
          const message =
            detailOf(body) ??
            fieldLines(body)
              .map((l) => l.replace(/^\w+: /, ""))
              .join(" ");
          return { type: "rejected", message };
        }
        throw error;
      }
    },
  ),
});
