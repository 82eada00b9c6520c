/** The verification screens' effects, provided to their machines at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { ScreenCheck, ScreenCheckOutcome } from "../../domain/verification/verification";
import { screenCheck } from "../../infra/api/verification";
import { runApi } from "../../infra/http";

export const verificationCheckActors = {
  runCheck: fromPromise<ScreenCheckOutcome, ScreenCheck>(({ input, signal }) =>
    runApi(screenCheck(input), { signal }),
  ),
};
