/**
 * A new outlet's form on the phone, following the outletDraft machine: each change is kept on the
 * phone, Use my location reads the phone's position, Send sends the draft under its key, and a lost
 * connection keeps it (frozen as sent) until Send again reaches the server.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import {
  DRAFT_FIELD_LABELS,
  DRAFT_KEPT_OFFLINE,
  OUTLET_ADD_PATH,
  rsaFormPath,
} from "../../domain/ekyc/fieldCapture";
import { FIELD_LIST_PATHS } from "../../domain/ekyc/fieldUser";
import { stateLabel } from "../../domain/outlets/outletStates";
import { captureOptionsQuery } from "../../infra/api/fieldUser";
import {
  type DraftTextField,
  type OutletDraftInput,
  outletDraftMachine,
} from "../../machines/ekyc/outletDraft";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { outletDraftImplementations } from "./captureActors";
import { CaptureField, CapturePhotos } from "./captureFields";
import { type ReadPhoto, shrinkPhoto } from "./capturePhotos";
import { outletDetailPath } from "./FieldOutletList";

type Implementations = Partial<ReturnType<typeof outletDraftImplementations>>;

const TEXT_FIELDS: { field: DraftTextField; type: "text" | "tel"; inputMode?: "numeric" }[] = [
  { field: "name", type: "text" },
  { field: "owner_name", type: "text" },
  { field: "phone", type: "tel" },
  { field: "phone2", type: "tel" },
];

export function OutletDraftForm({
  user,
  input,
  implementations,
  readPhoto = shrinkPhoto,
}: {
  user: string;
  input: OutletDraftInput;
  implementations?: Implementations;
  readPhoto?: ReadPhoto;
}) {
  const base = outletDraftImplementations(user);
  const [state, send] = useLiveMachine(
    useProvided(outletDraftMachine, {
      actors: { ...base.actors, ...implementations?.actors },
      actions: { ...base.actions, ...implementations?.actions },
    }),
    { input },
  );
  const options = useQuery(captureOptionsQuery());
  const { fields, problems, detail, outlet } = state.context;
  const busy = state.hasTag("busy");
  const editable = state.matches("editing");

  if (state.matches("sent") && outlet)
    return (
      <section aria-labelledby="draft-sent" className="capture-sent">
        <h1 id="draft-sent" className="ekyc-title">
          Outlet added
        </h1>
        <p role="status">
          {outlet.rsid} · {stateLabel(outlet.workflow_state)}
        </p>
        <p>It is in your Pending list until QC reviews it.</p>
        <div className="capture-links">
          <Link href={rsaFormPath(outlet.rsid)} className="button button-primary">
            Fill the retailer service agreement
          </Link>
          <Link href={outletDetailPath(outlet.rsid)}>Open the outlet</Link>
          <Link href={OUTLET_ADD_PATH}>Add another outlet</Link>
          <Link href={FIELD_LIST_PATHS.pending}>Pending</Link>
        </div>
      </section>
    );

  const places = options.data?.sub_projects.find((s) => s.slug === fields.sub_project)?.places ?? [];
  const change = (field: DraftTextField) => (value: string) => send({ type: "field.change", field, value });
  return (
    <form
      className="capture-form"
      aria-labelledby="draft-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "send" });
      }}
    >
      <h1 id="draft-title" className="ekyc-title">
        New outlet
      </h1>
      <p className="field-lead">Kept on this phone as you type, until it is sent.</p>
      {options.isError && (
        <p role="alert">
          The sub-projects and places could not be loaded. Connect and open this draft again.
        </p>
      )}
      <CaptureField
        id="draft-sub_project"
        label={DRAFT_FIELD_LABELS.sub_project}
        problem={problems.sub_project}
      >
        {(a) => (
          <select
            {...a}
            value={fields.sub_project}
            disabled={!editable}
            onChange={(e) => change("sub_project")(e.target.value)}
          >
            <option value="">Choose…</option>
            {options.data?.sub_projects.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.project} · {s.name}
              </option>
            ))}
          </select>
        )}
      </CaptureField>
      <CaptureField id="draft-place" label={DRAFT_FIELD_LABELS.place} problem={problems.place}>
        {(a) => (
          <select
            {...a}
            value={fields.place}
            disabled={!editable}
            onChange={(e) => change("place")(e.target.value)}
          >
            <option value="">Choose…</option>
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {p.city}, {p.state} · {p.territory}
              </option>
            ))}
          </select>
        )}
      </CaptureField>
      {TEXT_FIELDS.map(({ field, type }) => (
        <CaptureField
          key={field}
          id={`draft-${field}`}
          label={DRAFT_FIELD_LABELS[field]}
          problem={problems[field]}
        >
          {(a) => (
            <input
              {...a}
              type={type}
              value={fields[field]}
              disabled={!editable}
              onChange={(e) => change(field)(e.target.value)}
            />
          )}
        </CaptureField>
      ))}
      <CaptureField id="draft-address" label={DRAFT_FIELD_LABELS.address} problem={problems.address}>
        {(a) => (
          <textarea
            {...a}
            rows={3}
            value={fields.address}
            disabled={!editable}
            onChange={(e) => change("address")(e.target.value)}
          />
        )}
      </CaptureField>
      <CaptureField id="draft-pin" label={DRAFT_FIELD_LABELS.pin} problem={problems.pin}>
        {(a) => (
          <input
            {...a}
            inputMode="numeric"
            value={fields.pin}
            disabled={!editable}
            onChange={(e) => change("pin")(e.target.value)}
          />
        )}
      </CaptureField>
      <fieldset
        className="capture-location"
        aria-describedby={problems.location ? "draft-location-problem" : undefined}
      >
        <legend>Location</legend>
        <p>
          {fields.location
            ? `${fields.location.latitude.toFixed(5)}, ${fields.location.longitude.toFixed(5)} (±${fields.location.accuracy} m)`
            : "Not read yet"}
        </p>
        <button
          type="button"
          className="button button-secondary"
          disabled={!editable}
          onClick={() => send({ type: "locate" })}
        >
          {state.matches("locating") ? "Reading your location…" : "Use my location"}
        </button>
        {problems.location && (
          <p className="capture-problem" id="draft-location-problem">
            {problems.location}
          </p>
        )}
      </fieldset>
      <CapturePhotos
        id="draft-photos"
        label="Shop photos"
        photos={fields.photos}
        problem={problems.photos}
        disabled={!editable}
        readPhoto={readPhoto}
        onAdd={(photo) => send({ type: "photo.add", photo })}
        onRemove={(index) => send({ type: "photo.remove", index })}
      />
      {detail && <p role="alert">{detail}</p>}
      {state.matches("offline") && (
        <p role="alert" className="capture-offline">
          {DRAFT_KEPT_OFFLINE}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {state.matches("sending") ? "Sending…" : state.matches("offline") ? "Send again" : "Send"}
      </button>
      <Link href={OUTLET_ADD_PATH}>Drafts on this phone</Link>
    </form>
  );
}
