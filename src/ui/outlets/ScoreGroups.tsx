/**
 * A score's parts as the Score tab and the outlet's report show them: a meter, and each parameter
 * group with its parameters and benchmarks (a value short of its benchmark is marked in words as
 * well as colour).
 */
import { belowBenchmark, type GroupScore, scoreText } from "../../domain/survey/scoring";

export const outOf = (score: number, max: number) => `${scoreText(score)} / ${scoreText(max)}`;

function Benchmark({ value, benchmark }: { value: number; benchmark: number | null }) {
  if (benchmark === null) return <span className="score-muted">None</span>;
  const below = belowBenchmark(value, benchmark);
  return (
    <span className={below ? "score-below" : "score-met"}>
      {scoreText(benchmark)} {below ? "(below)" : "(met)"}
    </span>
  );
}

export function ScoreBar({ score, max, label }: { score: number; max: number; label: string }) {
  return <meter className="score-bar" min={0} max={max > 0 ? max : 1} value={score} aria-label={label} />;
}

export function ScoreGroup({ group }: { group: GroupScore }) {
  const id = `score-group-${group.id}`;
  return (
    <section className="score-group" aria-labelledby={id}>
      <div className="score-group-heading">
        <h3 id={id}>{group.name}</h3>
        <strong>{outOf(group.score, group.max_score)}</strong>
      </div>
      <ScoreBar score={group.score} max={group.max_score} label={`${group.name} score`} />
      {group.benchmark !== null && (
        <p className="score-group-benchmark">
          Benchmark: <Benchmark value={group.score} benchmark={group.benchmark} />
        </p>
      )}
      {group.parameters.length === 0 ? (
        <p>No Data Available</p>
      ) : (
        <div className="data-table score-table">
          <table aria-label={`${group.name} parameters`}>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">From</th>
                <th scope="col">Points</th>
                <th scope="col">Weight</th>
                <th scope="col">Score</th>
                <th scope="col">Benchmark</th>
              </tr>
            </thead>
            <tbody>
              {group.parameters.map((p) => (
                <tr key={p.code}>
                  <th scope="row">{p.name}</th>
                  <td>{p.question ?? "Calculated"}</td>
                  <td>{outOf(p.points, p.maximum)}</td>
                  <td>{scoreText(p.weight)}</td>
                  <td>{outOf(p.score, p.max_score)}</td>
                  <td>
                    <Benchmark value={p.score} benchmark={p.benchmark} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
