/** One screen per catalogue route that lists outlets, each the shared list with its scope. */
import { LIST_SCOPES } from "./listScopes";
import OutletListScreen from "./OutletListScreen";

export const DashboardOutlets = () => <OutletListScreen scope={LIST_SCOPES.dashboard} />;
export const SubProjectOutlets = () => <OutletListScreen scope={LIST_SCOPES.subProject} />;
export const PanelOutlets = () => <OutletListScreen scope={LIST_SCOPES.panel} />;
export const CycleOutlets = () => <OutletListScreen scope={LIST_SCOPES.cycle} />;
export const ClientPortalOutlets = () => <OutletListScreen scope={LIST_SCOPES.clientPortal} />;
export const ManageKycOutlets = () => <OutletListScreen scope={LIST_SCOPES.manageKyc} />;
