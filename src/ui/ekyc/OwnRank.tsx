/** The auditor's own rank by the gamification points (docs/gamification.md), on the dashboard. */
import { useQuery } from "@tanstack/react-query";
import { ownRankQuery } from "../../infra/api/fieldUser";

export function OwnRank() {
  const rank = useQuery(ownRankQuery());
  if (!rank.data) return null;
  const { rank: place, of, points, accepted } = rank.data;
  return (
    <section aria-labelledby="own-rank" className="field-rank">
      <h2 id="own-rank" className="ekyc-subtitle">
        Your rank
      </h2>
      {place === null ? (
        <p>Not ranked yet: points come with the surveys QC accepts.</p>
      ) : (
        <p>
          <strong className="field-rank-place">
            {place} of {of}
          </strong>{" "}
          · {points} points · {accepted} surveys accepted by QC
        </p>
      )}
    </section>
  );
}
