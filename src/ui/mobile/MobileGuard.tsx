/**
 * The mobile pages' guard (spec 002 §2.7, §4), driven by the mobileAccess machine: the wide-screen
 * message, the forwarded-link refusal, or the page with the link's token.
 */
import type { ReactNode } from "react";
import { MOBILE_MSG } from "../../domain/mobile/mobile";
import { type LinkSource, storedAccessToken } from "../../infra/api/mobileLink";
import { useLiveMachine } from "../live/liveActors";
import Loading from "../shell/Loading";
import { mobileAccessActors, providedMobileAccess } from "./mobileActors";

export function MobileGuard({
  slug,
  children,
  actors = mobileAccessActors,
}: {
  slug: string;
  children: (source: LinkSource) => ReactNode;
  actors?: Partial<typeof mobileAccessActors>;
}) {
  const [state, send] = useLiveMachine(providedMobileAccess(actors), {
    input: { slug, storedToken: storedAccessToken(), width: window.innerWidth },
  });

  if (state.matches("wideScreen"))
    return (
      <main className="mobile-page mobile-guard">
        <p role="status">{MOBILE_MSG.switchToMobile}</p>
      </main>
    );
  if (state.matches("denied"))
    return (
      <main className="mobile-page mobile-guard">
        <p role="alert">{MOBILE_MSG.forwardedLink}</p>
      </main>
    );
  if (state.matches("failed"))
    return (
      <main className="mobile-page mobile-guard">
        <button type="button" className="button button-primary" onClick={() => send({ type: "retry" })}>
          Try again
        </button>
      </main>
    );
  if (state.matches("allowed"))
    return <>{children({ kind: "link", slug, token: state.context.token ?? "" })}</>;
  return <Loading />;
}
