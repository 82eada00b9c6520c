/**
 * One stored path as QA reads it: its events in order and, after the start and each event, what
 * the fixture expects (the state reached, the context fields it names, the actors started and the
 * effects run), with the replay's verdict beside each step while the path is replayed.
 */
import type {
  EncodedEvent,
  MachinePaths,
  ReplayPath,
  StepExpectation,
} from "../../domain/machinesArea/replayPath";

export type StepVerdict = "matched" | "differs" | "current" | "pending";

const LONGEST = 140;
const clip = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text);

/** "login.submit", or "username.change { value: " qc.manager " }" with its payload. */
export function eventText(event: EncodedEvent): string {
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${clip(JSON.stringify(payload))}` : type;
}

/** "app.started → xstate.done.actor.fetchUserInfo → …": a path named by its events. */
export const pathEvents = (stored: MachinePaths, path: ReplayPath): string =>
  path.steps.map((s) => stored.events[s.event]?.type ?? "?").join(" → ");

function Expected({ stored, expect }: { stored: MachinePaths; expect: StepExpectation }) {
  const text = (at: number) => stored.texts[at] ?? "";
  const context = Object.entries(expect.context);
  const invoked = Object.entries(expect.invoked);
  return (
    <dl className="path-step-expect">
      <dt>State</dt>
      <dd>
        <code>{expect.to}</code>
      </dd>
      {context.length > 0 && (
        <>
          <dt>Context</dt>
          <dd>
            {context.map(([field, at]) => (
              <div key={field} title={text(at)}>
                <code>{field}</code> = {clip(text(at))}
              </div>
            ))}
          </dd>
        </>
      )}
      {invoked.length > 0 && (
        <>
          <dt>Actors started</dt>
          <dd>
            {invoked.map(([id, at]) => (
              <div key={id} title={text(at)}>
                <code>{id}</code> with {clip(text(at))}
              </div>
            ))}
          </dd>
        </>
      )}
      {expect.emitted.length > 0 && (
        <>
          <dt>Effects run</dt>
          <dd>
            {expect.emitted.map((e, i) => (
              // Effects are listed in the order they run; the same one may run twice.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={`${i}-${e.type}`} title={text(e.params)}>
                <code>{e.type}</code> {clip(text(e.params))}
              </div>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}

const VERDICT_TEXT: Record<StepVerdict, string> = {
  matched: "matched",
  differs: "differs",
  current: "replaying",
  pending: "not replayed yet",
};

/** The start and every step of a path; `verdicts` (by position) while it is replayed. */
export default function PathSteps({
  stored,
  path,
  verdicts,
}: {
  stored: MachinePaths;
  path: ReplayPath;
  verdicts?: readonly StepVerdict[];
}) {
  const rows = [
    { label: "Start", expect: path.start },
    ...path.steps.map((s, i) => ({
      label: `${i + 1}. ${stored.events[s.event] ? eventText(stored.events[s.event]!) : "?"}`,
      expect: s.expect,
    })),
  ];
  return (
    <ol className="path-steps">
      {rows.map((row, position) => {
        const verdict = verdicts?.[position];
        return (
          <li
            key={row.label}
            className={verdict ? `path-step is-${verdict}` : "path-step"}
            aria-current={verdict === "current" ? "step" : undefined}
          >
            <div className="path-step-head">
              <code>{row.label}</code>
              {verdict && <span className="path-step-verdict">{VERDICT_TEXT[verdict]}</span>}
            </div>
            <Expected stored={stored} expect={row.expect} />
          </li>
        );
      })}
    </ol>
  );
}
