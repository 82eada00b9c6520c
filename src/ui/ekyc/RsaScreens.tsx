/**
 * The retailer service agreement of the auditor's own outlet: /eMyTrack/rsa-form?outlet={rsid}
 * fills it (the rsaForm machine) and /eMyTrack/rsa-detail?outlet={rsid} shows it with the
 * verification status staff also see in the outlet's header card.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import {
  mayFillRsa,
  RSA_AGREED,
  RSA_SENT,
  type RsaDetail,
  rsaDetailPath,
  rsaFormPath,
  rsaStatusLabel,
} from "../../domain/ekyc/fieldCapture";
import { FIELD_LIST_PATHS } from "../../domain/ekyc/fieldUser";
import { calendarDateAt } from "../../domain/shared/format";
import { rsaDetailQuery } from "../../infra/api/fieldUser";
import { errorStatus, isApiError } from "../../infra/http";
import { type RsaTextField, rsaFormMachine } from "../../machines/ekyc/rsaForm";
import NotFound from "../errors/NotFound";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { showDateTime } from "../uploads/dates";
import { rsaFormActors } from "./captureActors";
import { CaptureField, CapturePhotos } from "./captureFields";
import { type ReadPhoto, shrinkPhoto } from "./capturePhotos";
import { outletDetailPath } from "./FieldOutletList";

function useOutletRsa() {
  const rsid = new URLSearchParams(useSearch()).get("outlet") ?? "";
  return { rsid, query: useQuery({ ...rsaDetailQuery(rsid), enabled: rsid !== "" }) };
}

function Waiting({ rsid, query }: ReturnType<typeof useOutletRsa>) {
  if (rsid === "")
    return (
      <p>
        Open an outlet from your <Link href={FIELD_LIST_PATHS.pending}>Pending</Link> list to fill its
        agreement.
      </p>
    );
  if (query.isError && isApiError(query.error) && errorStatus(query.error) === 404) return <NotFound />;
  if (query.isError) return <p role="alert">This outlet could not be loaded. Please try again.</p>;
  return <p>Loading…</p>;
}

export function RsaDetailScreen() {
  const outlet = useOutletRsa();
  const rsa = outlet.query.data;
  if (!rsa) return <Waiting {...outlet} />;
  return <RsaFacts rsa={rsa} />;
}

function RsaFacts({ rsa }: { rsa: RsaDetail }) {
  const items: [string, string | null][] = [
    ["Signed by", rsa.signatory_name],
    ["Signatory's mobile", rsa.signatory_phone],
    ["Signed on", rsa.signed_on],
    ["Sent", rsa.submitted && showDateTime(rsa.submitted)],
    ["Photos of the signed pages", rsa.status === null ? null : String(rsa.photos)],
  ];
  return (
    <article aria-labelledby="rsa-detail">
      <Link href={outletDetailPath(rsa.rsid)}>Back to {rsa.outlet}</Link>
      <h1 id="rsa-detail" className="ekyc-title">
        Retailer service agreement
      </h1>
      <p className="field-secondary">
        {rsa.outlet} · {rsa.rsid}
      </p>
      <dl className="field-facts">
        <div>
          <dt>Verification status</dt>
          <dd>{rsaStatusLabel(rsa.status)}</dd>
        </div>
        {items
          .filter(([, v]) => v !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {mayFillRsa(rsa.status) && (
        <Link href={rsaFormPath(rsa.rsid)} className="button button-primary field-action">
          {rsa.status === null ? "Fill the agreement" : "Fill it again"}
        </Link>
      )}
    </article>
  );
}

export function RsaFormScreen({
  actors,
  readPhoto,
}: {
  actors?: Partial<typeof rsaFormActors>;
  readPhoto?: ReadPhoto;
}) {
  const outlet = useOutletRsa();
  const rsa = outlet.query.data;
  if (!rsa) return <Waiting {...outlet} />;
  if (!mayFillRsa(rsa.status)) return <RsaFacts rsa={rsa} />;
  return <RsaForm rsa={rsa} actors={actors} readPhoto={readPhoto ?? shrinkPhoto} />;
}

const TEXT_FIELDS: { field: RsaTextField; label: string; type: "text" | "tel" | "date" }[] = [
  { field: "signatory_name", label: "Signed by (retailer's name)", type: "text" },
  { field: "signatory_phone", label: "Signatory's mobile", type: "tel" },
  { field: "signed_on", label: "Signed on", type: "date" },
];

function RsaForm({
  rsa,
  actors,
  readPhoto,
}: {
  rsa: RsaDetail;
  actors: Partial<typeof rsaFormActors> | undefined;
  readPhoto: ReadPhoto;
}) {
  const queryClient = useQueryClient();
  const [state, send] = useLiveMachine(
    useProvided(rsaFormMachine, { actors: { ...rsaFormActors, ...actors } }),
    {
      input: { rsid: rsa.rsid, today: calendarDateAt(Date.now()) },
    },
  );
  const { fields, problems, detail, sent } = state.context;
  const editable = state.matches("editing");
  if (state.matches("sent") && sent)
    return (
      <section aria-labelledby="rsa-sent">
        <h1 id="rsa-sent" className="ekyc-title">
          Retailer service agreement
        </h1>
        <p role="status">{RSA_SENT}</p>
        <p>
          {sent.outlet} · {rsaStatusLabel(sent.status)}
        </p>
        <Link
          href={rsaDetailPath(sent.rsid)}
          className="button button-primary field-action"
          onClick={() => queryClient.setQueryData(rsaDetailQuery(sent.rsid).queryKey, sent)}
        >
          View the agreement
        </Link>
      </section>
    );
  return (
    <form
      className="capture-form"
      aria-labelledby="rsa-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "send" });
      }}
    >
      <Link href={outletDetailPath(rsa.rsid)}>Back to {rsa.outlet}</Link>
      <h1 id="rsa-title" className="ekyc-title">
        Retailer service agreement
      </h1>
      <p className="field-secondary">
        {rsa.outlet} · {rsa.rsid} · {rsaStatusLabel(rsa.status)}
      </p>
      {TEXT_FIELDS.map(({ field, label, type }) => (
        <CaptureField key={field} id={`rsa-${field}`} label={label} problem={problems[field]}>
          {(a) => (
            <input
              {...a}
              type={type}
              value={fields[field]}
              disabled={!editable}
              onChange={(e) => send({ type: "field.change", field, value: e.target.value })}
            />
          )}
        </CaptureField>
      ))}
      <div className="capture-field capture-check">
        <input
          id="rsa-agreed"
          type="checkbox"
          checked={fields.agreed}
          disabled={!editable}
          aria-invalid={problems.agreed !== undefined}
          aria-describedby={problems.agreed ? "rsa-agreed-problem" : undefined}
          onChange={(e) => send({ type: "agreed.change", value: e.target.checked })}
        />
        <label htmlFor="rsa-agreed">{RSA_AGREED}</label>
        {problems.agreed && (
          <p className="capture-problem" id="rsa-agreed-problem">
            {problems.agreed}
          </p>
        )}
      </div>
      <CapturePhotos
        id="rsa-photos"
        label="Signed pages"
        photos={fields.photos}
        problem={problems.photos}
        disabled={!editable}
        readPhoto={readPhoto}
        onAdd={(photo) => send({ type: "photo.add", photo })}
        onRemove={(index) => send({ type: "photo.remove", index })}
      />
      {detail && <p role="alert">{detail}</p>}
      <button type="submit" className="button button-primary" disabled={!editable}>
        {state.matches("sending") ? "Sending…" : "Send for verification"}
      </button>
    </form>
  );
}
