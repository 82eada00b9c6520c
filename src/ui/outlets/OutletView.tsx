/**
 * The outlet review screen (spec 001 §2.1, §2.3, §2.4), on every outlet view route: the header
 * card, the left menu for the signed-in role and the selected panel. Panels built so far: Score
 * (the client manager's, on retail audit cycle outlets), Survey and Calling Details, Payout Details, the calling panels (invoice guidance, payment result, Details
 * to Inform) with the calling-tracker side panel, Log Details, QC Edit History, General Information, Edit
 * Outlet Information and Retailer Edit Requests (with the pending-request banner, 001 §4.4); the menu leaves out entries whose panel a
 * later release adds (docs/outlet-review.md). The way back leads to the list the outlet was opened
 * from, as it was last left in this tab (filters, page and order kept). Given a view by role, it is
 * that role's screen, read-only (src/domain/outlets/outletViews.ts).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { mobilePagePath } from "../../domain/mobile/mobile";
import { usesCallingTracker } from "../../domain/outlets/calling";
import { OUTLET_EDIT_NOT_ALLOWED } from "../../domain/outlets/outletEdit";
import { outletListPath } from "../../domain/outlets/outletListing";
import {
  APP_LINK_SENT,
  DOCUMENTS_TO_KEEP_READY,
  displayDateTime,
  logInitials,
  reviewRole,
  showsUpdateStatus,
  TAB_PARAM,
  tabOfSearch,
} from "../../domain/outlets/outletReview";
import {
  OUTLET_VIEW_LABELS,
  OUTLET_VIEW_LEADS,
  OUTLET_VIEW_ROLE,
  type OutletViewType,
  outletViewPath,
  outletViewsFor,
} from "../../domain/outlets/outletViews";
import { PENDING_RETAILER_EDITS, savingBlocked } from "../../domain/outlets/retailerRequests";
import { outletKeys } from "../../infra/api/outlets";
import { requestListQuery, retailerRequestKeys } from "../../infra/api/retailerRequests";
import { rememberedList } from "../../infra/listMemory";
import { mayEditOutlet, menuOf, outletReviewMachine } from "../../machines/outlets/outletReview";
import NotFound from "../errors/NotFound";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { DetailsToInform, InvoiceGuidance, PaymentResult } from "./CallingPanels";
import CallingTrackerPanel, { WithCallingTracker } from "./CallingTrackerPanel";
import OutletEditPanel, { editValuesOf } from "./OutletEditPanel";
import OutletHeaderCard from "./OutletHeaderCard";
import { outletReviewActors } from "./outletReviewActors";
import PayoutDetailsPanel from "./PayoutDetailsPanel";
import RetailerRequestsPanel from "./RetailerRequestsPanel";
import ScorePanel from "./ScorePanel";
import SurveyPanel from "./SurveyPanel";
import UpdateStatus from "./UpdateStatus";
import "./outlets.css";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";

/** The panels this screen has; the menu shows only these. */
export const BUILT_PANELS = [
  "Score",
  "Survey Details",
  "Calling Details",
  "Log Details",
  "QC Edit History",
  "General Information",
  "Edit Outlet Information",
  "Retailer Edit Requests",
  "Payout Details",
  "Invoice Guidance",
  "Payment Result",
  "Details to Inform",
] as const;
type BuiltPanel = (typeof BUILT_PANELS)[number];
const isBuilt = (label: string): label is BuiltPanel => (BUILT_PANELS as readonly string[]).includes(label);

function LogList({
  entries,
  label,
}: {
  entries: readonly { message: string; created: string }[];
  label: string;
}) {
  if (entries.length === 0) return <p>No Data Available</p>;
  return (
    <ol className="outlet-log" aria-label={label}>
      {entries.map((e) => (
        <li key={`${e.created} ${e.message}`}>
          <span className="outlet-log-initials" aria-hidden="true">
            {logInitials(e.message)}
          </span>
          <span className="outlet-log-message">{e.message}</span>
          <time dateTime={e.created}>{displayDateTime(e.created)}</time>
        </li>
      ))}
    </ol>
  );
}

/** The list this outlet was opened from, with the address query it was last left at. */
function BackToList() {
  const [path] = useLocation();
  const list = outletListPath(path);
  return (
    <p className="outlet-back">
      <Link href={`${list}${rememberedList(list).search}`}>← Back to the list</Link>
    </p>
  );
}

function GeneralInformation() {
  const notify = useNotify();
  return (
    <>
      <p>Ask the retailer to keep these documents ready:</p>
      <ul>
        {DOCUMENTS_TO_KEEP_READY.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
      <div className="outlet-app-link">
        <span>Send the app link by</span>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => notify("success", APP_LINK_SENT)}
        >
          SMS
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => notify("success", APP_LINK_SENT)}
        >
          WhatsApp
        </button>
      </div>
    </>
  );
}

/** Above a view by type: what it is, and the way to the outlet's whole review. */
function ViewHeading({ view, rsid }: { view: OutletViewType; rsid: string }) {
  return (
    <>
      <p className="outlet-back">
        <Link href={`/dashboard/view/${encodeURIComponent(rsid)}`}>← The outlet's review</Link>
      </p>
      <h1 className="outlet-view-title">{OUTLET_VIEW_LABELS[view]}</h1>
      <p className="outlet-view-lead">{OUTLET_VIEW_LEADS[view]} Nothing can be changed here.</p>
    </>
  );
}

/** The views by role the caller may open of this outlet (docs/outlet-review.md, "Views by role"). */
function ViewLinks({ rsid, id, views }: { rsid: string; id: number; views: readonly OutletViewType[] }) {
  if (views.length === 0) return null;
  return (
    <nav className="outlet-back outlet-view-links" aria-label="Views by role">
      <span>See it as:</span>
      {views.map((v) => (
        <Link key={v} href={outletViewPath(rsid, id, v)}>
          {OUTLET_VIEW_LABELS[v]}
        </Link>
      ))}
    </nav>
  );
}

/**
 * `view` shows the screen as that role sees it, read-only (src/domain/outlets/outletViews.ts); the route
 * names the outlet by RSID and id, and an id that is not this outlet's is not found.
 */
export default function OutletView({
  actors = outletReviewActors,
  view,
}: {
  actors?: typeof outletReviewActors;
  view?: OutletViewType;
}) {
  const notify = useNotify();
  const {
    outlet: outletParam,
    outletSlug,
    outletID,
  } = useParams<{ outlet?: string; outletSlug?: string; outletID?: string }>();
  const param = outletSlug ?? outletParam ?? "";
  const [path, navigate] = useLocation();
  const search = useSearch();
  const user = useCurrentUser();
  const ownRole = reviewRole(user?.considered_workflow_permission ?? null);
  const role = view ? OUTLET_VIEW_ROLE[view] : ownRole;
  // A view changes nothing: its panels read as after a move, when editing has ended (§4.2).
  const readOnly = view !== undefined;
  const queryClient = useQueryClient();
  const review = useLiveActorRef(
    useProvided(outletReviewMachine, {
      actors,
      actions: { notifySuccess: (_, { text }) => notify("success", text) },
    }),
    { input: { slug: decodeURIComponent(param), role, built: BUILT_PANELS, tab: tabOfSearch(search) } },
  );
  const state = useSelector(review, (s) => s);
  const ctx = state.context;
  const woId = ctx.outlet?.workflow_object.id;
  // The selected tab lives in the address too (replacing it, so Back leaves the outlet).
  useEffect(() => {
    if (ctx.tab === null || tabOfSearch(search) === ctx.tab) return;
    const query = new URLSearchParams(search);
    query.set(TAB_PARAM, String(ctx.tab));
    navigate(`${path}?${query}`, { replace: true });
  }, [ctx.tab, search, path, navigate]);
  const requests = useQuery({ ...requestListQuery(woId ?? 0), enabled: woId !== undefined });
  const blocked = requests.data !== undefined && savingBlocked(requests.data);
  const requestsChanged = () => {
    if (woId !== undefined) void queryClient.invalidateQueries({ queryKey: retailerRequestKeys.list(woId) });
  };
  // The one rule after any write to the outlet on this screen: every panel showing what a save
  // changed (QC Edit History, Log Details, the lists, the requests) reads it again.
  const outletChanged = () => {
    void queryClient.invalidateQueries({ queryKey: outletKeys.all });
    requestsChanged();
    review.send({ type: "outlet.reload" });
  };
  if (state.matches("notFound")) return <NotFound />;
  if (state.matches("failed"))
    return (
      <div className="page">
        <BackToList />
        <p role="alert" className="notice">
          The outlet could not be loaded.
        </p>
        <button type="button" className="button" onClick={() => review.send({ type: "retry" })}>
          Retry
        </button>
      </div>
    );
  const outlet = ctx.outlet;
  if (!outlet) return <Loading />;
  if (outletID !== undefined && String(outlet.id) !== outletID) return <NotFound />;
  const menu = menuOf(ctx);
  const selected = menu.find((m) => m.index === ctx.tab);
  const wo = outlet.workflow_object;
  // Edit permission (001 §4.2, §6) shows every control that changes the outlet's data.
  const mayEdit = !readOnly && mayEditOutlet(ctx);
  const editingEnded = readOnly || ctx.workflowStateChanged;
  const updateActions = !readOnly && ctx.hasUpdateActions;
  const survey = (callingView: boolean) =>
    requests.data ? (
      <SurveyPanel
        // Update Status moving the outlet starts the survey again, with editing ended (§4.2).
        key={String(ctx.workflowStateChanged)}
        outlet={outlet}
        role={role}
        callingView={callingView}
        workflowStateChanged={editingEnded}
        hasUpdateActions={updateActions}
        retailerRequests={requests.data}
        refresh={{
          offered: mayEdit,
          running: state.matches("refreshingQc"),
          busy: state.hasTag("busy"),
          start: () => review.send({ type: "qc.refresh" }),
        }}
        onSaved={outletChanged}
      />
    ) : (
      <Loading />
    );
  // Each menu entry the screen has, by the panel it shows.
  const panels: Record<BuiltPanel, () => ReactNode> = {
    Score: () => <ScorePanel slug={outlet.rsid} />,
    "Survey Details": () => survey(false),
    "Calling Details": () => survey(true),
    "Log Details": () => <LogList entries={outlet.logs} label="Log Details" />,
    "QC Edit History": () => <LogList entries={ctx.history} label="QC Edit History" />,
    "General Information": () => <GeneralInformation />,
    "Invoice Guidance": () => <InvoiceGuidance outlet={outlet} />,
    "Payment Result": () => <PaymentResult outlet={outlet} />,
    "Details to Inform": () => <DetailsToInform outlet={outlet} />,
    "Edit Outlet Information": () =>
      mayEdit ? (
        <OutletEditPanel
          slug={outlet.rsid}
          values={editValuesOf(outlet)}
          savingBlocked={blocked}
          onSaved={() => {
            review.send({ type: "tab.select", index: 1 });
            outletChanged();
          }}
        />
      ) : (
        <p>{OUTLET_EDIT_NOT_ALLOWED}</p>
      ),
    "Payout Details": () => (
      <PayoutDetailsPanel
        slug={outlet.rsid}
        onOutletChanged={() => {
          void queryClient.invalidateQueries({ queryKey: outletKeys.all });
          review.send({ type: "status.changed" });
        }}
      />
    ),
    "Retailer Edit Requests": () => (
      <RetailerRequestsPanel
        workflowObject={wo.id}
        role={role}
        workflowState={outlet.workflow_state}
        workflowStateChanged={editingEnded}
        hasUpdateActions={updateActions}
        onDecided={outletChanged}
      />
    ),
  };
  return (
    <WithCallingTracker outlet={outlet.id} enabled={!readOnly && usesCallingTracker(role)}>
      {(tracker, trackers) => (
        <div className="page outlet-review" aria-busy={state.hasTag("busy")}>
          {view ? (
            <ViewHeading view={view} rsid={outlet.rsid} />
          ) : (
            <>
              <BackToList />
              <p className="outlet-back">
                <Link href={mobilePagePath("home", { rsid: outlet.rsid })}>
                  The retailer's performance view
                </Link>
              </p>
              <ViewLinks rsid={outlet.rsid} id={outlet.id} views={outletViewsFor(ownRole)} />
            </>
          )}
          {blocked && (
            <p role="status" className="notice outlet-pending-banner">
              {PENDING_RETAILER_EDITS}
            </p>
          )}
          <OutletHeaderCard
            outlet={outlet}
            role={role}
            mayDecide={mayEdit}
            deciding={state.matches("deciding")}
            onDecide={(action) => review.send({ type: "edit.decide", action })}
            updateStatus={
              !readOnly && showsUpdateStatus(role, wo.type_of_calling) ? (
                <UpdateStatus
                  outlet={outlet}
                  reviewerRole={role}
                  trackers={trackers}
                  onMoved={() => {
                    void queryClient.invalidateQueries({ queryKey: outletKeys.all });
                    review.send({ type: "status.changed" });
                  }}
                />
              ) : null
            }
          />
          <div className="outlet-review-body">
            <nav className="outlet-review-menu" aria-label="Outlet sections">
              <ul>
                {menu.map((entry) => (
                  <li key={entry.index}>
                    <button
                      type="button"
                      aria-current={entry.index === ctx.tab ? "page" : undefined}
                      onClick={() => review.send({ type: "tab.select", index: entry.index })}
                    >
                      {entry.label}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            {selected && (
              <section className="card outlet-review-panel" aria-labelledby="outlet-panel-title">
                <h2 id="outlet-panel-title">{selected.label}</h2>
                {isBuilt(selected.label) && panels[selected.label]()}
              </section>
            )}
            {tracker && <CallingTrackerPanel actor={tracker} />}
          </div>
        </div>
      )}
    </WithCallingTracker>
  );
}
