import { useSelector } from "@xstate/react";
import { type ReactNode, useId, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import type { modalMachine } from "../../machines/shared/modal";
import { trapTab, useFocusInside } from "./focusTrap";

export type ModalActor = ActorRefFrom<typeof modalMachine>;

/**
 * A dialog driven by the modal machine: Escape closes it unless noExit, focus is trapped inside
 * while open and returns to where it was afterwards, and closing plays a 400 ms exit animation.
 */
export default function Modal({
  actor,
  title,
  children,
  footer,
  width = 520,
}: {
  actor: ModalActor;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  const state = useSelector(actor, (s) => s.value);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const visible = state === "open" || state === "closing";

  useFocusInside(dialog, state === "open");

  if (!visible) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      actor.send({ type: "modal.escape" });
      return;
    }
    trapTab(e, dialog.current);
  };

  return (
    <div className="modal-backdrop" data-state={state}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width: `min(${width}px, calc(100vw - 2rem))` }}
        onKeyDown={onKeyDown}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            onClick={() => actor.send({ type: "modal.close" })}
          >
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}

/** A confirmation dialog: a question, a confirm button and Cancel. */
export function ConfirmDialog({
  actor,
  title,
  message,
  confirmLabel = "Confirm",
  dismissLabel = "Cancel",
  onConfirm,
}: {
  actor: ModalActor;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** The safe choice; name it so it cannot be read as the confirm ("Keep upload" beside "Cancel upload"). */
  dismissLabel?: string;
  onConfirm: () => void;
}) {
  return (
    <Modal
      actor={actor}
      title={title}
      width={420}
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => actor.send({ type: "modal.close" })}
          >
            {dismissLabel}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              onConfirm();
              actor.send({ type: "modal.close" });
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
