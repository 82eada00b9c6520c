/** A check's outcome on a verification screen, as its verificationCheck machine holds it. */
import type { SnapshotFrom } from "xstate";
import type { verificationCheckMachine } from "../../machines/verification/verificationCheck";

type Props = {
  state: SnapshotFrom<typeof verificationCheckMachine>;
  /** The labels of the names a check may find, in the order shown. */
  labels: readonly (readonly [string, string])[];
};

export default function CheckResult({ state, labels }: Props) {
  const { problem, message, names } = state.context;
  if (state.matches("editing") && problem)
    return (
      <p className="verification-refused" role="alert">
        {problem}
      </p>
    );
  if (state.matches("notVerified") || state.matches("failed"))
    return (
      <p className="verification-refused" role="alert">
        {message}
      </p>
    );
  if (!state.matches("verified")) return null;
  return (
    <div className="verification-result" role="status">
      <p>{message}</p>
      <dl>
        {labels.flatMap(([key, label]) =>
          names[key]
            ? [
                <div key={key}>
                  <dt>{label}</dt>
                  <dd>{names[key]}</dd>
                </div>,
              ]
            : [],
        )}
      </dl>
    </div>
  );
}
