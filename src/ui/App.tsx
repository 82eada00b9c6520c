import OopsBoundary from "./errors/OopsBoundary";
import FrameGuard from "./frame/FrameGuard";
import LiveModeHost from "./live/LiveModeHost";
import NotificationBar from "./notifications/NotificationBar";
import RouteTable from "./routes/RouteTable";
import { type AppServices, notificationsOf, ServicesProvider } from "./services";
import { SessionGate } from "./session/SessionGate";

/** The application: never inside a frame, render errors caught, start decided before any page shows. */
export default function App({ services }: { services: AppServices }) {
  return (
    <ServicesProvider services={services}>
      <FrameGuard>
        <OopsBoundary>
          <NotificationBar actor={notificationsOf(services.application)} />
          <SessionGate>
            <RouteTable />
          </SessionGate>
          <LiveModeHost />
        </OopsBoundary>
      </FrameGuard>
    </ServicesProvider>
  );
}
