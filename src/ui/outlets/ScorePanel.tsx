/**
 * The Score tab (001 §2.1, §2.3, §3): the outlet's total score over the maximum, then each parameter
 * group with its score and its parameters (points, weight, what they add, the benchmark uploaded for
 * them); a value short of its benchmark is marked in words as well as colour. Driven by the
 * scorePanel machine; a failure is a FAILED notification with its text (001 §8).
 */
import { displayDateTime } from "../../domain/outlets/outletReview";
import { NO_SCORING_SETUP, type OutletScore, SCORE_RECALCULATING } from "../../domain/survey/scoring";
import { scorePanelMachine } from "../../machines/survey/scorePanel";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import Loading from "../shell/Loading";
import { ScoreGroup as Group, outOf, ScoreBar } from "./ScoreGroups";
import { scorePanelActors } from "./scoreActors";

function Scored({ score, onReload }: { score: OutletScore; onReload: () => void }) {
  if (score.scoring_parameter_groups_data.length === 0) return <p>{NO_SCORING_SETUP}</p>;
  return (
    <>
      {score.recalculating && (
        <div className="notice score-recalculating" role="status">
          <p>{SCORE_RECALCULATING}</p>
          <button type="button" className="button button-secondary" onClick={onReload}>
            Check again
          </button>
        </div>
      )}
      <div className="score-total">
        <span>Total score</span>
        <strong>{outOf(score.score, score.max_score)}</strong>
      </div>
      <ScoreBar score={score.score} max={score.max_score} label="Total score" />
      {score.scored_at && <p className="score-muted">Worked out on {displayDateTime(score.scored_at)}</p>}
      {score.scoring_parameter_groups_data.map((g) => (
        <Group key={g.id} group={g} />
      ))}
    </>
  );
}

export default function ScorePanel({
  slug,
  actors = scorePanelActors,
}: {
  slug: string;
  actors?: typeof scorePanelActors;
}) {
  const notify = useNotify();
  const [state, send] = useLiveMachine(
    useProvided(scorePanelMachine, {
      actors,
      actions: { notifyFailed: (_, { text }) => notify("failed", text) },
    }),
    { input: { slug } },
  );
  const { score, detail } = state.context;
  if (state.hasTag("busy")) return <Loading />;
  if (state.matches("failed"))
    return (
      <div className="form-messages form-messages-error" role="alert">
        <p>{detail}</p>
        <button type="button" className="button button-secondary" onClick={() => send({ type: "retry" })}>
          Try again
        </button>
      </div>
    );
  return score ? <Scored score={score} onReload={() => send({ type: "reload" })} /> : null;
}
