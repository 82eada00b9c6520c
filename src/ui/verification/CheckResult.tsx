/** A check's outcome on a verification screen: the server's refusal, or its text and what it found. */
export type Outcome = { refused: string } | { detail: string; found: readonly (readonly [string, string])[] };

export default function CheckResult({ outcome, failed }: { outcome: Outcome | undefined; failed: boolean }) {
  if (failed)
    return (
      <p className="verification-refused" role="alert">
        The check could not be made. Try again.
      </p>
    );
  if (!outcome) return null;
  if ("refused" in outcome)
    return (
      <p className="verification-refused" role="alert">
        {outcome.refused}
      </p>
    );
  return (
    <div className="verification-result" role="status">
      <p>{outcome.detail}</p>
      <dl>
        {outcome.found.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
