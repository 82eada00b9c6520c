/**
 * The mobile link download (000 §2.1, …/view/{slug}/mobile-link-download): exports the retailer
 * mobile links of the sub-project's active outlets as a spreadsheet to My Downloads. Starting it is
 * the mobileLinkExport machine; only those who set projects up are offered Export.
 */
import { Link, useParams } from "wouter";
import {
  MOBILE_LINK_COLUMNS,
  MOBILE_LINKS_NOT_ALLOWED,
  MOBILE_LINKS_TITLE,
  mayExportMobileLinks,
} from "../../domain/mobile/mobileLinks";
import { MY_DOWNLOADS_PATH } from "../../domain/uploads/uploadRoutes";
import { mobileLinkExportMachine } from "../../machines/projects/mobileLinkExport";
import { useCurrentUser } from "../session/SessionGate";
import { mobileLinkExportActors } from "./projectActors";
import { hubPath } from "./projectPaths";
import "./projects.css";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";

export default function MobileLinkDownloadScreen({
  actors,
}: {
  actors?: Partial<typeof mobileLinkExportActors>;
}) {
  const params = useParams<{ projectSlug: string; slug: string }>();
  const user = useCurrentUser();
  const [state, send] = useLiveMachine(
    useProvided(mobileLinkExportMachine, { actors: { ...mobileLinkExportActors, ...actors } }),
    { input: { projectSlug: params.projectSlug, slug: params.slug } },
  );
  const { detail } = state.context;
  const busy = state.hasTag("busy");
  const allowed = mayExportMobileLinks(user?.permissions ?? []);
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{MOBILE_LINKS_TITLE}</h1>
        <Link className="button button-secondary" href={hubPath(params.projectSlug, params.slug)}>
          Back to the sub-project
        </Link>
      </div>
      <section className="card dashboard-section" aria-labelledby="mobile-links-export">
        <h2 id="mobile-links-export">Retailer mobile links</h2>
        <p>
          Each active outlet of this sub-project whose retailer has a mobile link becomes one row of a
          spreadsheet in My Downloads, with the columns {MOBILE_LINK_COLUMNS.join(", ")}. A link opens the
          retailer's pages on the first phone that follows it, so send each one only to its retailer.
        </p>
        {allowed ? (
          <button
            type="button"
            className="button"
            disabled={busy || !state.can({ type: "export" })}
            onClick={() => send({ type: "export" })}
          >
            {busy ? "Exporting…" : "Export"}
          </button>
        ) : (
          <p role="note">{MOBILE_LINKS_NOT_ALLOWED}</p>
        )}
        {state.matches("started") && (
          <p role="status" className="form-messages form-messages-info">
            {detail} <Link href={MY_DOWNLOADS_PATH}>Open My Downloads</Link>
          </p>
        )}
        {(state.matches("refused") || state.matches("failed")) && (
          <p role="alert" className="form-messages form-messages-error">
            {detail}
          </p>
        )}
      </section>
    </div>
  );
}
