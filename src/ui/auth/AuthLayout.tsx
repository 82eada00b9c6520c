import { type ReactNode, useEffect, useState } from "react";
import { SPLASH_WORDS, TYPEWRITER_PERIOD_MS } from "../../domain/shared/messages";

type SplashWord = (typeof SPLASH_WORDS)[number];

/** What each rotating word stands for: the panel lists them all, the current one marked. */
const SPLASH_LINES: Readonly<Record<SplashWord, string>> = {
  Solutions: "Programmes built around each brand's outlets and retailers.",
  "Retail Audit": "Outlet visits with photos, surveys and SKU checks, reviewed by QC.",
  "Direct Payout": "Retailer payouts with verified KYC, bank and UPI details.",
  "Retail Census": "Every outlet of a territory found, mapped and verified.",
  "Mystery Audit": "Unannounced visits that show a shopper's view of the store.",
};

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/**
 * The splash (spec 000 §1, §9): the provider's line, the word that rotates every
 * TYPEWRITER_PERIOD_MS, and below it every service the words name, the current one marked, so the
 * heading stands over what it announces rather than an empty panel.
 */
function Splash() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % SPLASH_WORDS.length), TYPEWRITER_PERIOD_MS);
    return () => clearInterval(timer);
  }, []);
  const word = SPLASH_WORDS[index]!;
  return (
    <section className="auth-splash" aria-label="About Retail Scan">
      <p className="auth-brand">Retail Scan</p>
      <p className="auth-tagline">A company of customised in-store solutions</p>
      <p className="auth-rotating" aria-live="off">
        <span className="splash-word" data-animate={!prefersReducedMotion()} key={word}>
          {word}
        </span>
      </p>
      <ul className="auth-services">
        {SPLASH_WORDS.map((w) => (
          <li key={w} data-current={w === word}>
            <span className="auth-service-name">{w}</span>
            <span className="auth-service-line">{SPLASH_LINES[w]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The public pages' frame: the splash on one side, the form on the other, the footer below. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <Splash />
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
