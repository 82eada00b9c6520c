import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { ConfirmDialog } from "./Modal";
import { useAnswerModal } from "./useAnswerModal";

/**
 * A question the user must answer before an action runs, rendered at the page level (not inside
 * the table cell or card that holds the button): confirming is a yes, closing it any other way a no.
 */
export function QuestionDialog({
  title,
  message,
  confirmLabel,
  dismissLabel,
  onAnswer,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  onAnswer: (yes: boolean) => void;
}) {
  const modal = useAnswerModal(onAnswer);
  return createPortal(
    <ConfirmDialog
      actor={modal}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      dismissLabel={dismissLabel}
      onConfirm={() => onAnswer(true)}
    />,
    document.body,
  );
}
