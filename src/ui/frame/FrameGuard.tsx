import type { ReactNode } from "react";

type FrameView = {
  readonly top: unknown;
  readonly self: unknown;
  readonly location: { readonly href: string };
};

/** True when the page is loaded inside a frame (a cross-origin parent that cannot be read counts too). */
export function isFramed(view: FrameView): boolean {
  try {
    return view.top !== view.self;
  } catch {
    return true;
  }
}

type Props = {
  children: ReactNode;
  /** The window to check; the real one unless a test supplies another. */
  view?: FrameView;
};

/**
 * Spec 000 §8, 002 §2.1: inside a frame the application does not run at all; a clickjacking
 * warning with a link that opens the application in the whole window is shown instead.
 */
export default function FrameGuard({ children, view = window }: Props) {
  if (!isFramed(view)) return children;
  return (
    <main className="page-center">
      <section className="notice" aria-labelledby="framed-title">
        <h1 id="framed-title">Clickjacking warning</h1>
        <p className="notice-lead">This page has been opened inside a frame of another website.</p>
        <p>
          A framing page can hide what you are really clicking on (clickjacking). To protect your account,
          Retail Scan does not run inside frames.
        </p>
        <a href={view.location.href} target="_top" rel="noopener noreferrer" className="button">
          Open Retail Scan safely in its own window
        </a>
      </section>
    </main>
  );
}
