/** The IFSC master editor's calls, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { IfscMasterAnswer } from "../../domain/verification/verification";
import { ifscMasterRow, saveIfscMasterRow } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import type { IfscMasterSaveRequest } from "../../machines/verification/ifscMasterEdit";

export const ifscMasterActors = {
  readRow: fromPromise<IfscMasterAnswer, { code: string }>(({ input, signal }) =>
    runApi(ifscMasterRow(input.code), { signal }),
  ),
  saveRow: fromPromise<IfscMasterAnswer, IfscMasterSaveRequest>(({ input, signal }) =>
    runApi(saveIfscMasterRow(input.code, { bank: input.bank, branch: input.branch, reason: input.reason }), {
      signal,
    }),
  ),
};
