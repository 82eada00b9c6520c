/**
 * Photo audit (000 §2.1 …/view/{slug}/photo-audit; docs/projects.md, "Photo audit"): the
 * sub-project's survey photos by status, each with its outlet and question; Approve decides at once,
 * Reject asks for the reason beside the photo. The page is the photoAudit machine; decisions show
 * in the outlet's image gallery too.
 */
import { Link, useParams } from "wouter";
import { outletGalleryPath } from "../../domain/outlets/outletGallery";
import {
  MAX_REJECT_REASON,
  PHOTO_AUDIT_PAGE_SIZE,
  PHOTO_AUDIT_STATUSES,
  PHOTO_STATUS_LABELS,
  type PhotoAuditImage,
  type PhotoAuditStatus,
  photoAuditText,
} from "../../domain/projects/photoAudit";
import { type PhotoAuditEvent, photoAuditMachine } from "../../machines/projects/photoAudit";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import Loading from "../shell/Loading";
import { LoadingButton, TextArea } from "../widgets/Controls";
import { photoAuditActors } from "./projectActors";
import { hubPath } from "./projectPaths";
import "./projects.css";

export default function PhotoAuditScreen({ actors }: { actors?: Partial<typeof photoAuditActors> }) {
  const params = useParams<{ projectSlug: string; slug: string }>();
  const notify = useNotify();
  const [state, send] = useLiveMachine(
    useProvided(photoAuditMachine, {
      actors: { ...photoAuditActors, ...actors },
      actions: { notifySaved: (_, { text }) => notify("success", text) },
    }),
    { input: { projectSlug: params.projectSlug, slug: params.slug } },
  );
  const { list, status, page, pending, reason, message } = state.context;
  if (state.matches("notFound"))
    return (
      <div className="page">
        <h1>Page not found</h1>
      </div>
    );
  const pages = list ? Math.max(1, Math.ceil(list.count / PHOTO_AUDIT_PAGE_SIZE)) : 1;
  const busy = state.hasTag("busy");
  return (
    <div className="page photo-audit">
      <div className="page-heading">
        <h1>Photo audit</h1>
        <Link className="button button-secondary" href={hubPath(params.projectSlug, params.slug)}>
          Back to the sub-project
        </Link>
      </div>
      <div className="field photo-audit-filter">
        <label htmlFor="photo-audit-status">Show</label>
        <select
          id="photo-audit-status"
          value={status}
          disabled={!state.can({ type: "status.change", status })}
          onChange={(e) => send({ type: "status.change", status: e.target.value as PhotoAuditStatus })}
        >
          {PHOTO_AUDIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PHOTO_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {list && (
          <span role="status">
            {list.count} {list.count === 1 ? "photo" : "photos"}
          </span>
        )}
      </div>
      {message && (
        <p role="alert" className="form-messages form-messages-error">
          {message}
        </p>
      )}
      {state.matches("failed") && (
        <div className="form-messages form-messages-error" role="alert">
          <p>The photos could not be loaded. Check your connection and try again.</p>
          <button type="button" className="button button-secondary" onClick={() => send({ type: "retry" })}>
            Try again
          </button>
        </div>
      )}
      {state.matches("loading") && !list && <Loading />}
      {list && list.results.length === 0 && !busy && (
        <p className="notice">No {PHOTO_STATUS_LABELS[status].toLowerCase()} photos in this sub-project.</p>
      )}
      {list && (
        <ul className="photo-audit-grid" aria-busy={busy}>
          {list.results.map((photo) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              rejecting={state.matches("rejecting") && pending?.image.id === photo.id}
              saving={state.matches("saving") && pending?.image.id === photo.id}
              reason={reason}
              canDecide={state.can({ type: "approve", image: photo })}
              send={send}
            />
          ))}
        </ul>
      )}
      {list && pages > 1 && (
        <nav className="photo-audit-pages" aria-label="Photo pages">
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1 || !state.can({ type: "page.change", page: page - 1 })}
            onClick={() => send({ type: "page.change", page: page - 1 })}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= pages || !state.can({ type: "page.change", page: page + 1 })}
            onClick={() => send({ type: "page.change", page: page + 1 })}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

function PhotoCard({
  photo,
  rejecting,
  saving,
  reason,
  canDecide,
  send,
}: {
  photo: PhotoAuditImage;
  rejecting: boolean;
  saving: boolean;
  reason: string;
  canDecide: boolean;
  send: (event: PhotoAuditEvent) => void;
}) {
  const title = `${photo.outlet.rsid}: ${photo.question} (photo ${photo.id})`;
  return (
    <li className="card photo-audit-card" aria-label={title}>
      <a href={photo.image} target="_blank" rel="noreferrer">
        <img src={photo.image} alt={`${photo.question} of ${photo.outlet.name}`} width={240} height={180} />
      </a>
      <p>
        <a href={outletGalleryPath(photo.outlet.id)} target="_blank" rel="noreferrer">
          {photo.outlet.name} ({photo.outlet.rsid})
        </a>
        <br />
        {photo.question}
      </p>
      <p className={`photo-audit-decision photo-audit-${photo.audit?.decision ?? "pending"}`}>
        {photo.audit ? photoAuditText(photo.audit) : PHOTO_STATUS_LABELS.pending}
      </p>
      {rejecting ? (
        <div className="photo-audit-reject">
          <TextArea
            label="Reason for rejecting"
            value={reason}
            maxLength={MAX_REJECT_REASON}
            placeholder="What is wrong with the photo"
            onChange={(value) => send({ type: "reason.change", value })}
          />
          <div className="form-actions">
            <button type="button" className="button" onClick={() => send({ type: "reject.confirm" })}>
              Reject photo
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => send({ type: "reject.cancel" })}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <LoadingButton
            loading={saving}
            disabled={!canDecide || photo.audit?.decision === "approved"}
            onClick={() => send({ type: "approve", image: photo })}
            aria-label={`Approve ${title}`}
          >
            Approve
          </LoadingButton>
          <button
            type="button"
            className="button button-secondary"
            disabled={!canDecide || photo.audit?.decision === "rejected"}
            onClick={() => send({ type: "reject.open", image: photo })}
            aria-label={`Reject ${title}`}
          >
            Reject
          </button>
        </div>
      )}
    </li>
  );
}
