/**
 * Who sees the Machines area: signed-in holders of the machines permission inside the dashboard,
 * and anyone at /dev/machines while the server runs in demo mode. The area's code (charts and the
 * layout library) is loaded only from here.
 */

import { mayReadMachines } from "../../domain/shared/permissions";
import { MACHINES_PATH } from "../../domain/shell/menu";
import { useAppConfig } from "../auth/useAppConfig";
import NotFound from "../errors/NotFound";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { MachineDetail, MachineList } from "./MachinesScreen";

export const DEV_MACHINES_PATH = "/dev/machines";

export function DashboardMachines({ detail }: { detail: boolean }) {
  const user = useCurrentUser();
  if (!user || !mayReadMachines(user.permissions)) {
    return (
      <div className="page">
        <h1>Machines</h1>
        <p role="alert">The Machines area is for product owners and administrators.</p>
      </div>
    );
  }
  return detail ? <MachineDetail base={MACHINES_PATH} /> : <MachineList base={MACHINES_PATH} />;
}

export function DevMachines({ detail }: { detail: boolean }) {
  const config = useAppConfig();
  if (config === null) return <Loading />;
  if (config.mode !== "demo") {
    return (
      <main className="page-center">
        <NotFound />
      </main>
    );
  }
  return (
    <main className="catalogue machines-page">
      {detail ? <MachineDetail base={DEV_MACHINES_PATH} /> : <MachineList base={DEV_MACHINES_PATH} />}
    </main>
  );
}
