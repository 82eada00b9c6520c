import OopsBoundary from "./errors/OopsBoundary";
import FrameGuard from "./frame/FrameGuard";
import NotificationBar from "./notifications/NotificationBar";
import RouteTable from "./routes/RouteTable";
import { SessionGate } from "./session/SessionGate";

/** The application: never inside a frame, render errors caught, start decided before any page shows. */
export default function App() {
  return (
    <FrameGuard>
      <OopsBoundary>
        <NotificationBar />
        <SessionGate>
          <RouteTable />
        </SessionGate>
      </OopsBoundary>
    </FrameGuard>
  );
}
