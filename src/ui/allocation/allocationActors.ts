/** The allocation edit's calls, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import type { RuleSaveInput, RuleSaveOutcome } from "../../domain/allocation/allocationRules";
import { previewAllocation, saveAllocation, saveAllocationRule } from "../../infra/api/allocation";
import { runApi } from "../../infra/http";
import type {
  PreviewInput,
  PreviewOutcome,
  SaveInput,
  SaveOutcome,
} from "../../machines/allocation/allocationEdit";

export const allocationActors = {
  previewAllocation: fromPromise<PreviewOutcome, PreviewInput>(({ input, signal }) =>
    runApi(previewAllocation(input), { signal }),
  ),
  saveAllocation: fromPromise<SaveOutcome, SaveInput>(({ input, signal }) =>
    runApi(saveAllocation(input), { signal }),
  ),
};

/** The rule form's save, provided by the application (tests provide fakes). */
export const ruleActors = {
  saveRule: fromPromise<RuleSaveOutcome, RuleSaveInput>(({ input, signal }) =>
    runApi(saveAllocationRule(input), { signal }),
  ),
};
