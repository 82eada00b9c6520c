/**
 * One screen per catalogue route that lists outlets, each the shared list with its scope. A list
 * at another address (another project's) is a list of its own, started afresh from its address.
 */
import { useLocation } from "wouter";
import { LIST_SCOPES, type ListScope } from "./listScopes";
import OutletListScreen from "./OutletListScreen";

function ScopedList({ scope }: { scope: ListScope }) {
  const [path] = useLocation();
  return <OutletListScreen key={path} scope={scope} />;
}

export const DashboardOutlets = () => <ScopedList scope={LIST_SCOPES.dashboard} />;
export const SubProjectOutlets = () => <ScopedList scope={LIST_SCOPES.subProject} />;
export const PanelOutlets = () => <ScopedList scope={LIST_SCOPES.panel} />;
export const CycleOutlets = () => <ScopedList scope={LIST_SCOPES.cycle} />;
export const ClientPortalOutlets = () => <ScopedList scope={LIST_SCOPES.clientPortal} />;
export const ManageKycOutlets = () => <ScopedList scope={LIST_SCOPES.manageKyc} />;
