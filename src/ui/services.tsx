/**
 * The page's long-lived actors, created by the composition root and handed to the views through
 * React context, so nothing starts when a module is imported and tests provide their own. The
 * application actor owns the session, the notification bar and navigation; views reach them here.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { ActorRef, ActorRefFrom, Snapshot } from "xstate";
import { APPLICATION_CHILDREN, type applicationMachine, type NavigationEvent } from "../machines/application";
import type { notificationMachine } from "../machines/shared/notification";
import type { ForgotPasswordFlow } from "./auth/forgotPasswordFlow";
import type { StaffSignInFlow } from "./auth/staffSignInFlow";
import type { EKycFlows } from "./ekyc/eKycFlows";
import type { SessionActor } from "./session/sessionActor";

export type ApplicationActor = ActorRefFrom<typeof applicationMachine>;
export type NotificationActor = ActorRefFrom<typeof notificationMachine>;

export type AppServices = {
  application: ApplicationActor;
  forgotPassword: ForgotPasswordFlow;
  staffSignIn: StaffSignInFlow;
  eKyc: EKycFlows;
};

/** The application's session child. */
export function sessionOf(application: ApplicationActor): SessionActor {
  return application.system.get(APPLICATION_CHILDREN.session) as SessionActor;
}

/** The application's notification bar child. */
export function notificationsOf(application: ApplicationActor): NotificationActor {
  return application.system.get(APPLICATION_CHILDREN.notifications) as NotificationActor;
}

/** The application's navigation child. */
export function navigationOf(application: ApplicationActor): ActorRef<Snapshot<unknown>, NavigationEvent> {
  return application.system.get(APPLICATION_CHILDREN.navigation) as ActorRef<
    Snapshot<unknown>,
    NavigationEvent
  >;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("The composition root provides the application's services");
  return services;
}

/** The services when a composition root provided them (a screen rendered alone has none). */
export function useOptionalServices(): AppServices | null {
  return useContext(ServicesContext);
}

/** The session child of the page's application. */
export function useSession(): SessionActor {
  return sessionOf(useServices().application);
}
