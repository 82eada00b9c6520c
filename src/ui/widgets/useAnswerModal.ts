import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";

/**
 * An open confirmation dialog's modal actor for a question that must be answered: closing the
 * dialog any way other than its confirm button (Escape, the close button, a click outside) is a no,
 * given once, by the modal's own `closed` action. Confirming answers yes and takes the dialog away,
 * so its modal stops before it would close.
 */
export function useAnswerModal(onAnswer: (yes: boolean) => void) {
  return useLiveActorRef(useProvided(modalMachine, { actions: { closed: () => onAnswer(false) } }), {
    input: { open: true },
  });
}
