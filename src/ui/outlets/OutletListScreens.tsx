/**
 * One screen per catalogue route that lists outlets, each the shared list with its scope. A list
 * at another address (another project's) is a list of its own, started afresh from its address.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocation, useParams, useSearch } from "wouter";
import { isOutletObjectType } from "../../domain/outlets/outletManagement";
import { filterOptionsQuery } from "../../infra/api/outlets";
import NotFound from "../errors/NotFound";
import { LIST_SCOPES, type ListScope, objectTypeScope } from "./listScopes";
import OutletListScreen from "./OutletListScreen";

function ScopedList({ scope }: { scope: ListScope }) {
  const [path] = useLocation();
  return <OutletListScreen key={path} scope={scope} />;
}

export const DashboardOutlets = () => <ScopedList scope={LIST_SCOPES.dashboard} />;
export const SubProjectOutlets = () => <ScopedList scope={LIST_SCOPES.subProject} />;
export const CycleOutlets = () => <ScopedList scope={LIST_SCOPES.cycle} />;
export const ClientPortalOutlets = () => <ScopedList scope={LIST_SCOPES.clientPortal} />;
export const ManageKycOutlets = () => <ScopedList scope={LIST_SCOPES.manageKyc} />;

/** Outlet management's list of one kind; a kind the product does not have is no page. */
export function OutletObjectList() {
  const { objectType } = useParams<{ objectType: string }>();
  if (!isOutletObjectType(objectType)) return <NotFound />;
  return <ScopedList scope={objectTypeScope(objectType)} />;
}

/**
 * The outlets on the sub-project's panels, narrowed to one panel by the chooser (kept in the
 * address as `?panel={slug}`, so a link or a reload keeps it); choosing starts the list afresh.
 */
export function PanelOutlets() {
  const [path, navigate] = useLocation();
  const route = useParams<Record<string, string | undefined>>();
  const panel = new URLSearchParams(useSearch()).get("panel") ?? "";
  const scope: ListScope = { ...LIST_SCOPES.panel, params: (r) => LIST_SCOPES.panel.params({ ...r, panel }) };
  const sub = new URLSearchParams([["sub_project", route.slug ?? ""]]).toString();
  const panels = useQuery(filterOptionsQuery(sub)).data?.panel ?? [];
  const chooser = (
    <label className="panel-chooser">
      Panel{" "}
      <select
        value={panel}
        onChange={(e) =>
          navigate(e.target.value ? `${path}?panel=${encodeURIComponent(e.target.value)}` : path)
        }
      >
        <option value="">All panels</option>
        {panels.map((p) => (
          <option key={String(p.id)} value={String(p.id)}>
            {String(p.name)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <OutletListScreen key={`${path}?${panel}`} scope={scope}>
      {chooser}
    </OutletListScreen>
  );
}
