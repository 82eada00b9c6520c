/**
 * Notifies through the application's notification bar (spec 000 §4.3). A screen rendered without
 * the application around it (a view test) notifies nowhere, as the bar is not on its page.
 */
import { useCallback } from "react";
import type { Notify } from "../../machines/shared/notification";
import { notificationsOf, useOptionalServices } from "../services";

export function useNotify(): Notify {
  const application = useOptionalServices()?.application;
  return useCallback(
    (kind, text) => {
      if (application) notificationsOf(application).send({ type: "notification.show", kind, text });
    },
    [application],
  );
}
