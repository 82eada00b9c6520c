/**
 * A verification screen's check form on the verificationCheck machine: the check provided at the
 * edge, and the recent checks read again after every finished check.
 */
import { useQueryClient } from "@tanstack/react-query";
import type { ScreenCheck } from "../../domain/verification/verification";
import { verificationKeys } from "../../infra/api/verification";
import { verificationCheckMachine } from "../../machines/verification/verificationCheck";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { verificationCheckActors } from "./verificationActors";

export type VerificationCheckActors = Partial<typeof verificationCheckActors>;

export function useVerificationCheck(initial: ScreenCheck, actors?: VerificationCheckActors) {
  const queries = useQueryClient();
  return useLiveMachine(
    useProvided(verificationCheckMachine, {
      actors: { ...verificationCheckActors, ...actors },
      actions: { checked: () => void queries.invalidateQueries({ queryKey: verificationKeys.checks }) },
    }),
    { input: { request: initial } },
  );
}
