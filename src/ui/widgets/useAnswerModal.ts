import { useEffect } from "react";
import { modalMachine } from "../../machines/modal";
import { useLiveActorRef } from "../live/liveActors";

/**
 * An open confirmation dialog's modal actor for a question that must be answered: closing the
 * dialog any way other than its confirm button (Escape, the close button, a click outside) is a no,
 * given once.
 */
export function useAnswerModal(onAnswer: (yes: boolean) => void) {
  const modal = useLiveActorRef(modalMachine, { input: { open: true } });
  useEffect(() => {
    let answered = false;
    const sub = modal.subscribe((s) => {
      if (s.value === "closed" && !answered) {
        answered = true;
        onAnswer(false);
      }
    });
    return () => sub.unsubscribe();
  }, [modal, onAnswer]);
  return modal;
}
