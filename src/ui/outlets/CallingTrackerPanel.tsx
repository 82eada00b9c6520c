/**
 * The calling-tracker side panel for calling executives (spec 001 §2.3, §6): each phone of the
 * outlet shown 4-3-3 ("9876 543 210") with the reason recorded for it, who gave it and when, and a
 * reason picker. A phone shared with other outlets shows the same reason on each.
 */
import { useSelector } from "@xstate/react";
import { type ReactNode, useMemo } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import {
  type CallingTracker,
  formatPhone433,
  isSuccessfulReason,
  reasonLabel,
} from "../../domain/outlets/calling";
import { displayDateTime } from "../../domain/outlets/outletReview";
import {
  CALLING_TRACKER_LOAD_FAILED,
  callingTrackerMachine,
  REASON_SAVE_FAILED,
} from "../../machines/outlets/callingTracker";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { callingTrackerActors } from "./callingActors";

export type CallingTrackerActor = ActorRefFrom<typeof callingTrackerMachine>;

export default function CallingTrackerPanel({ actor }: { actor: CallingTrackerActor }) {
  const state = useSelector(actor, (s) => s);
  const { trackers, reasonsConfig, picking, saveFailed } = state.context;
  const busy = state.hasTag("busy");
  return (
    <aside className="card calling-tracker" aria-labelledby="calling-tracker-title" aria-busy={busy}>
      <h2 id="calling-tracker-title">Calling Tracker</h2>
      {state.matches("failed") ? (
        <>
          <p role="alert">{CALLING_TRACKER_LOAD_FAILED}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "retry" })}>
            Try again
          </button>
        </>
      ) : state.matches("loading") && trackers.length === 0 ? (
        <p>Loading…</p>
      ) : trackers.length === 0 ? (
        <p>No Data Available</p>
      ) : (
        <ul className="calling-tracker-phones" aria-label="Phones">
          {trackers.map((t) => {
            const label = reasonLabel(reasonsConfig, t.reason);
            return (
              <li key={t.id} data-phone={t.phone_number}>
                <span className="calling-tracker-phone">{formatPhone433(t.phone_number)}</span>
                {t.is_verified && <span className="calling-tracker-verified"> (verified)</span>}
                {t.linked_outlets.length > 1 && (
                  <span className="calling-tracker-shared"> · serves {t.linked_outlets.length} outlets</span>
                )}
                <div className="calling-tracker-reason">
                  {label ? (
                    <>
                      <strong className={isSuccessfulReason(t.reason) ? "reason-successful" : "reason-other"}>
                        {label}
                      </strong>
                      <span>
                        {" "}
                        by {t.reason_by ?? "N/A"}, {displayDateTime(t.reason_at)}
                      </span>
                    </>
                  ) : (
                    <span>No reason yet</span>
                  )}
                </div>
                {picking?.id === t.id && state.matches("pickingReason") ? (
                  <div className="calling-tracker-picker">
                    <label>
                      Reason for {formatPhone433(t.phone_number)}
                      <select
                        defaultValue=""
                        onChange={(e) => {
                          if (e.target.value) actor.send({ type: "reason.choose", reason: e.target.value });
                        }}
                      >
                        <option value="" disabled>
                          Choose a reason
                        </option>
                        {Object.entries(reasonsConfig).map(([key, text]) => (
                          <option key={key} value={key}>
                            {text}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => actor.send({ type: "pick.cancel" })}
                    >
                      Cancel
                    </button>
                  </div>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy || state.matches("pickingReason")}
                    aria-label={`Give a reason for ${formatPhone433(t.phone_number)}`}
                    onClick={() => actor.send({ type: "reason.pick", tracker: t.id })}
                  >
                    {t.reason ? "Change reason" : "Give a reason"}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {saveFailed && <p role="alert">{REASON_SAVE_FAILED}</p>}
    </aside>
  );
}

/** A value as last read, and a way to hear each new reading (the unsubscribe is returned). */
export type Followed<T> = { current: () => T; follow: (listen: (value: T) => void) => () => void };
export type FollowedTrackers = Followed<readonly CallingTracker[] | null>;

/** The phones the tracker shows: none known (null) until its first read. */
const trackersShown = (s: SnapshotFrom<typeof callingTrackerMachine>) =>
  s.matches("loading") && s.context.trackers.length === 0 ? null : s.context.trackers;

/** The tracker's phones as its actor reads them. */
const followTrackers = (actor: CallingTrackerActor): FollowedTrackers => ({
  current: () => trackersShown(actor.getSnapshot()),
  follow: (listen) => {
    const watch = actor.subscribe((s) => listen(trackersShown(s)));
    return () => watch.unsubscribe();
  },
});
const NO_TRACKER: FollowedTrackers = { current: () => null, follow: () => () => {} };

/** The calling tracker's actor for one outlet, started only for a calling executive (§6). */
function TrackerHost({
  outlet,
  children,
}: {
  outlet: number;
  children: (actor: CallingTrackerActor, trackers: FollowedTrackers) => ReactNode;
}) {
  const actor = useLiveActorRef(useProvided(callingTrackerMachine, { actors: callingTrackerActors }), {
    input: { outlet },
  });
  const trackers = useMemo(() => followTrackers(actor), [actor]);
  return <>{children(actor, trackers)}</>;
}

/** Renders `children` with the calling tracker when the role uses it, else with none. */
export function WithCallingTracker({
  outlet,
  enabled,
  children,
}: {
  outlet: number;
  enabled: boolean;
  children: (actor: CallingTrackerActor | null, trackers: FollowedTrackers) => ReactNode;
}) {
  if (!enabled) return <>{children(null, NO_TRACKER)}</>;
  return (
    <TrackerHost key={outlet} outlet={outlet}>
      {children}
    </TrackerHost>
  );
}
