/**
 * The page's long-lived actors, created by the composition root and handed to the views through
 * React context, so nothing starts when a module is imported and tests provide their own.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { ForgotPasswordFlow } from "./auth/forgotPasswordFlow";
import type { NotificationActor } from "./notifications/notifier";
import type { SessionActor } from "./session/sessionActor";

export type AppServices = {
  session: SessionActor;
  notifications: NotificationActor;
  forgotPassword: ForgotPasswordFlow;
};

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("The composition root provides the application's services");
  return services;
}
