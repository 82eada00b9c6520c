/**
 * /dashboard/view/{outletSlug}/{outletID}/{viewType} (docs/outlet-review.md, "Views by role"): the
 * outlet review as the named role sees it, read-only. A view type the product does not have is the
 * Page not found; a view the caller's role may not open says so.
 */
import { useParams } from "wouter";
import { reviewRole } from "../../domain/outlets/outletReview";
import { mayOpenOutletView, OUTLET_VIEW_LABELS, outletViewType } from "../../domain/outlets/outletViews";
import NotFound from "../errors/NotFound";
import { useCurrentUser } from "../session/SessionGate";
import OutletView from "./OutletView";

export default function OutletViewByType() {
  const { viewType = "" } = useParams<{ viewType?: string }>();
  const user = useCurrentUser();
  const view = outletViewType(viewType);
  if (!view) return <NotFound />;
  if (!mayOpenOutletView(view, reviewRole(user?.considered_workflow_permission ?? null)))
    return (
      <div className="page">
        <h1>{OUTLET_VIEW_LABELS[view]}</h1>
        <p role="alert" className="notice">
          This view of the outlet is not open to your role.
        </p>
      </div>
    );
  return <OutletView view={view} />;
}
