import { Component, type ErrorInfo, type ReactNode } from "react";
import { MSG, OOPS_DEFAULT_CODE, OOPS_GENERIC_STATUS } from "../../domain/shared/messages";

export type OopsScreenProps = {
  /** The error code shown; 4XX when none is given (spec 000 §8). */
  code?: string | number;
};

/** "Oops, our bad!": the screen shown when a page cannot be shown (spec 000 §8, 002 §2.1). */
export function OopsScreen({ code = OOPS_DEFAULT_CODE }: OopsScreenProps) {
  return (
    <main className="page-center">
      <section className="notice" aria-labelledby="oops-title">
        <p className="notice-code">
          <span className="visually-hidden">Error code </span>
          {code}
        </p>
        <h1 id="oops-title">{MSG.oopsTitle}</h1>
        <p className="notice-lead">{MSG.oopsBody}</p>
        <p>
          Reloading the page fixes most problems like this one. If it keeps happening, please contact Retail
          Scan Team and tell them the error code and what you were doing.
        </p>
        <div className="notice-actions">
          <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          {/* A full page load, so the application starts afresh. */}
          <a href="/" className="button">
            {MSG.goBackHome}
          </a>
        </div>
      </section>
    </main>
  );
}

/** The status an error carries (an API error has one); otherwise the generic 500. */
export function oopsCode(error: unknown): number {
  if (typeof error === "object" && error !== null && "status" in error) {
    const { status } = error as { status: unknown };
    if (typeof status === "number" && status >= 400 && status <= 599) return status;
  }
  return OOPS_GENERIC_STATUS;
}

type Props = { children: ReactNode };
type State = { error: unknown; failed: boolean };

/** Catches render errors anywhere below it and shows the Oops screen instead of a blank page. */
export default class OopsBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Render error", error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <OopsScreen code={oopsCode(this.state.error)} />;
    return this.props.children;
  }
}
