import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { matchPattern } from "../../domain/shared/routePatterns";
import { backTarget, organisationSlug, UPLOAD_MSG } from "../../domain/uploads/bulkUpload";
import { KYC_ZIP_MSG } from "../../domain/uploads/kycImages";
import {
  IFSC_CHANGE_VERIFICATION_PATH,
  MY_DOWNLOADS_PATH,
  UPLOAD_ROUTES,
  type UploadRoute,
} from "../../domain/uploads/uploadRoutes";
import {
  canUseUploadType,
  UPLOAD_TYPES,
  type UploadTypeKey,
  uploadHeading,
} from "../../domain/uploads/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { subProjectChoicesQuery, uploadHelpQuery } from "../../infra/api/bulkUploadQueries";
import { useBack } from "../routes/useBack";
import { useCurrentUser } from "../session/SessionGate";
import ExcelUpload from "./ExcelUpload";
import JobHistory from "./JobHistory";
import UploadForm from "./UploadForm";
import "./uploads.css";

type Params = Readonly<Record<string, string | undefined>>;

/** A sub-project id handed over in navigation state (spec 000 §2.2), when the user came by a link in the app. */
function subProjectIdFromNavigation(): number | null {
  const state: unknown = window.history.state;
  const id =
    typeof state === "object" && state !== null ? (state as { subProjectId?: unknown }).subProjectId : null;
  return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
}

function Template({ type, place }: { type: UploadTypeKey; place: UploadPlace }) {
  const help = useQuery(uploadHelpQuery(type, place));
  if (!help.data) return null;
  return (
    <details className="upload-template">
      <summary>Template columns</summary>
      {UPLOAD_TYPES[type].file === "imageZip" && <p>{KYC_ZIP_MSG.naming}</p>}
      <ul>
        {help.data.columns.map((c) => (
          <li key={c.name}>
            <code>{c.name}</code> {c.required ? "(required)" : "(optional)"}: {c.rule}
          </li>
        ))}
      </ul>
      <ul className="upload-sheet-forms">
        {help.data.sheet_forms.map((form) => (
          <li key={form}>{form}</li>
        ))}
      </ul>
      <p>
        At most {help.data.max_rows} rows and {help.data.max_file_bytes / 1024 / 1024} MB per file. Confirming{" "}
        {help.data.confirm_effect}.
      </p>
    </details>
  );
}

function SubProjectPicker({
  type,
  projectSlug,
  value,
  onChange,
}: {
  type: UploadTypeKey;
  projectSlug?: string;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  const choices = useQuery(subProjectChoicesQuery(type, projectSlug));
  return (
    <div className="field">
      <label htmlFor={id}>Sub-project</label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Select an option</option>
        {(choices.data?.results ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.project}: {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function placeOf(route: UploadRoute, params: Params, picked: number | null): UploadPlace | null {
  switch (route.place) {
    case "organisation":
      return { organisation: params.slug ?? null };
    case "subProject":
      return { subProjectId: subProjectIdFromNavigation(), subProjectSlug: params.slug ?? null };
    case "pick":
      return picked === null ? null : { subProjectId: picked };
    case "own":
      return {};
  }
}

/** The bulk upload screen of every upload route: upload, the History table, and the links around them. */
export default function BulkUploadScreen() {
  const [location] = useLocation();
  const user = useCurrentUser();
  const route = UPLOAD_ROUTES.find((r) => matchPattern(r.pattern, location) !== null);
  const params: Params = route ? (matchPattern(route.pattern, location) ?? {}) : {};
  const [typeKey, setTypeKey] = useState<UploadTypeKey>(route?.types[0] ?? "users");
  const [picked, setPicked] = useState<number | null>(null);
  // Going back to the list when the list is this page starts the upload afresh.
  const [round, setRound] = useState(0);
  const typeSelectId = useId();
  const type = UPLOAD_TYPES[typeKey];
  const place = route ? placeOf(route, params, picked) : null;
  const allowed = user !== null && canUseUploadType(type, user);
  const help = useQuery({ ...uploadHelpQuery(typeKey, place ?? {}), enabled: allowed });
  const back =
    route && user
      ? backTarget(typeKey, {
          path: location,
          organisationSlug:
            route.place === "organisation" && params.slug
              ? params.slug
              : organisationSlug(user.organisation.name),
          projectSlug: params.projectSlug,
          slug: params.slug,
        })
      : "/dashboard";
  const backTo = useBack(back);
  if (!route || !user) return null;
  // A page that is its own list (messaging, the platform uploads) has no Back to list: going back
  // after Merge With List starts the upload afresh.
  const atList = back === location.replace(/\/+$/, "");
  const goBack = () => {
    if (atList) setRound((n) => n + 1);
    else backTo.go();
  };

  return (
    <div className="page">
      <div className="upload-header">
        <h1>{uploadHeading(type)}</h1>
        <div className="upload-links">
          {atList ? null : backTo.href ? (
            <Link href={backTo.href}>Back to list</Link>
          ) : (
            <button type="button" className="link-button" onClick={backTo.go}>
              Back to list
            </button>
          )}
          {help.data && type.file !== "imageZip" && (
            <a className="button button-secondary" href={help.data.sample_file} download>
              {UPLOAD_MSG.downloadSample}
            </a>
          )}
          {typeKey === "bank_code" && (
            <Link className="button button-secondary" href={IFSC_CHANGE_VERIFICATION_PATH}>
              {UPLOAD_MSG.customIfscUpdate}
            </Link>
          )}
          {typeKey === "unicorn_interface" && (
            <a className="button button-secondary" href={MY_DOWNLOADS_PATH} target="_blank" rel="noopener">
              {UPLOAD_MSG.myDownloads}
            </a>
          )}
        </div>
      </div>
      {!allowed ? (
        <p role="alert">You do not have permission to upload {type.title.toLowerCase()}.</p>
      ) : (
        <>
          {route.types.length > 1 && (
            <div className="field">
              <label htmlFor={typeSelectId}>Upload type</label>
              <select
                id={typeSelectId}
                value={typeKey}
                onChange={(e) => setTypeKey(e.target.value as UploadTypeKey)}
              >
                {route.types.map((t) => (
                  <option key={t} value={t}>
                    {UPLOAD_TYPES[t].title}
                  </option>
                ))}
              </select>
            </div>
          )}
          {route.place === "pick" && (
            <SubProjectPicker type={typeKey} projectSlug={params.slug} value={picked} onChange={setPicked} />
          )}
          <Template type={typeKey} place={place ?? {}} />
          {place === null ? (
            <p>Choose a sub-project to upload to and to see its History.</p>
          ) : (
            <div key={`${typeKey}-${JSON.stringify(place)}-${round}`}>
              {type.variant === "excel" ? (
                <ExcelUpload
                  type={typeKey}
                  place={place}
                  title={type.title}
                  backText={route.backText ?? UPLOAD_MSG.goBackToViewAll}
                  onBack={goBack}
                />
              ) : (
                <UploadForm type={typeKey} place={place} />
              )}
              <JobHistory
                type={typeKey}
                place={place}
                view={type.variant === "payment" ? "payment" : "standard"}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
