import { type ReactNode, useEffect, useState } from "react";
import { SPLASH_WORDS, TYPEWRITER_PERIOD_MS } from "../../domain/messages";

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** The splash word that rotates every TYPEWRITER_PERIOD_MS (spec 000 §1, §9). */
function RotatingWord() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % SPLASH_WORDS.length), TYPEWRITER_PERIOD_MS);
    return () => clearInterval(timer);
  }, []);
  const word = SPLASH_WORDS[index]!;
  return (
    <span className="splash-word" data-animate={!prefersReducedMotion()} key={word}>
      {word}
    </span>
  );
}

/** The public pages' frame: the splash on one side, the form on the other, the footer below. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <section className="auth-splash" aria-label="About Retail Scan">
        <p className="auth-brand">Retail Scan</p>
        <p className="auth-tagline">A company of customised in-store solutions</p>
        <p className="auth-rotating" aria-live="off">
          <RotatingWord />
        </p>
      </section>
      <main className="auth-main">
        <div className="auth-card">{children}</div>
        <footer className="auth-footer">
          <span>© {new Date().getFullYear()} Retail Scan. All rights reserved.</span>
          <a href="/terms.html">Terms of use</a>
          <a href="/privacy.html">Privacy policy</a>
        </footer>
      </main>
    </div>
  );
}
