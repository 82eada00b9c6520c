/**
 * The programme logo on the mobile home (002 §2.3): the project's logo, fetched with the page's
 * credentials (a link's token travels in a header an <img> cannot send), or the organisation's
 * initials while it loads, when the project has none, or when it cannot be fetched.
 */
import { useEffect, useMemo, useState } from "react";
import { cardInitials } from "../../domain/shared/format";
import { fetchFile, type MobileSource } from "../../infra/api/mobileLink";

export function MobileLogo({
  url,
  organisation,
  source,
}: {
  url: string | null;
  organisation: string;
  source: MobileSource;
}) {
  // Keyed by its values: a page may hand a new but equal source on every render.
  const key = JSON.stringify(source);
  const stable = useMemo(() => JSON.parse(key) as MobileSource, [key]);
  const href = useLogoHref(url, stable);
  const label = `${organisation} logo`;
  return href ? (
    <img className="mobile-logo" src={href} alt={label} />
  ) : (
    <span className="mobile-logo" role="img" aria-label={label}>
      {cardInitials(organisation)}
    </span>
  );
}

/** A blob address for the fetched logo, let go when the logo changes or the page closes. */
function useLogoHref(url: string | null, source: MobileSource): string | null {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let made: string | null = null;
    fetchFile(url, source, controller.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setHref(made);
      },
      // The initials stand in for a logo that cannot be fetched.
      () => undefined,
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setHref(null);
    };
  }, [url, source]);
  return href;
}
