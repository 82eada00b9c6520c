import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { notificationMachine } from "../../machines/shared/notification";

/** Green success or red failed text at the top of the page; it clears itself after 5000 ms. */
export default function NotificationBar({ actor }: { actor: ActorRefFrom<typeof notificationMachine> }) {
  const shown = useSelector(actor, (s) => s.matches("shown"));
  const { kind, text } = useSelector(actor, (s) => s.context);
  return (
    <div className="notification-region" role="status" aria-live="polite">
      {shown && (
        <div className={`notification notification-${kind}`} data-kind={kind}>
          <span className="notification-label">{kind === "success" ? "SUCCESS" : "FAILED"}</span>
          <span className="notification-text">{text}</span>
          <button
            type="button"
            className="notification-close"
            aria-label="Close notification"
            onClick={() => actor.send({ type: "notification.close" })}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
