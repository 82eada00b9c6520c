/**
 * The create and update screen of any resource: the definition's fields with the shared widgets,
 * driven by the resourceForm machine (load, check, save, 400 lines, 409 when changed meanwhile).
 */
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useLocation } from "wouter";
import {
  blankValues,
  type ResourceDefinition,
  recordSaved,
  titleOf,
  type Values,
} from "../../domain/admin/resource";
import { type ScreenPlace, screenPath } from "../../domain/admin/resourceCatalogue";
import { inSentence } from "../../domain/shared/format";
import { pathFor } from "../../domain/shared/routePatterns";
import { resourceFormMachine } from "../../machines/admin/resourceForm";
import { FormMessages } from "../auth/fields";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import Loading from "../shell/Loading";
import { LoadingButton } from "../widgets/Controls";
import { organisationOf, type PageParent } from "./adminQueries";
import { ResourceFieldList } from "./ResourceFields";
import { resourceFormActors } from "./resourceActors";

type Props = {
  def: ResourceDefinition;
  place: ScreenPlace;
  /** The record the page is under, which fills in the field that refers to it. */
  parent: PageParent;
  actors?: Partial<typeof resourceFormActors>;
  /** Where a saved form goes; the resource's list unless told. */
  afterSave?: string;
  title?: string;
  submitLabel?: string;
  /** Instead of going to the list when saved (the profile signs out after a new password). */
  onSaved?: () => void;
  /** A section of another page (the profile) rather than a page of its own. */
  embedded?: boolean;
  /**
   * An irreversible write asks first: given the values the form would send, the question to show
   * (or null to send without asking, letting the form's own checks answer), with the answer's callback.
   */
  askFirst?: (values: Values, answer: (go: boolean) => void) => ReactNode | null;
};

export default function ResourceFormScreen({
  def,
  place,
  parent,
  actors,
  afterSave,
  title,
  submitLabel,
  onSaved,
  embedded = false,
  askFirst,
}: Props) {
  const notify = useNotify();
  const [, navigate] = useLocation();
  // A home under a record (a sub-project's page) takes the page's own route parameters.
  const home = def.routes.home ? pathFor(def.routes.home, { ...place.route }) : null;
  const listPath = afterSave ?? screenPath(def, "list", place) ?? home ?? "/dashboard";
  const [state, send] = useLiveMachine(
    useProvided(resourceFormMachine, {
      actors: { ...resourceFormActors, ...actors },
      actions: {
        saved: (_, { record, detail }) => {
          notify("success", detail ?? recordSaved(def, titleOf(def, record?.values ?? {})));
          if (onSaved) onSaved();
          else navigate(listPath);
        },
      },
    }),
    {
      input: {
        resource: def.name,
        address: place.address,
        initial: blankValues(def, parent === null ? {} : { [parent.field]: parent.id }),
      },
    },
  );
  const { values, fieldErrors, detail, readingField } = state.context;
  const { fileUrl } = def;
  const address = place.address;
  const creating = place.address === null;
  const heading = title ?? (creating ? `Add ${inSentence(def.noun)}` : `Edit ${inSentence(def.noun)}`);

  const [asking, setAsking] = useState(false);
  const question = asking && askFirst ? askFirst(values, answer) : null;
  function answer(go: boolean) {
    setAsking(false);
    if (go) send({ type: "form.submit" });
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (askFirst && askFirst(values, answer) !== null) setAsking(true);
    else send({ type: "form.submit" });
  };

  if (state.matches("loading") || state.matches("starting")) return <Loading />;
  const Wrapper = embedded ? "section" : "div";
  return (
    <Wrapper className={embedded ? "card" : "page"} aria-label={embedded ? heading : undefined}>
      {embedded ? <h2>{heading}</h2> : <h1>{heading}</h1>}
      {state.matches("loadFailed") ? (
        <div className="form-messages form-messages-error" role="alert">
          <p>{detail}</p>
          <button type="button" className="button button-secondary" onClick={() => send({ type: "retry" })}>
            Try again
          </button>
        </div>
      ) : (
        <form className={embedded ? "resource-form" : "card resource-form"} onSubmit={submit} noValidate>
          {state.matches("conflict") ? (
            <div className="form-messages form-messages-error" role="alert">
              <p>{detail}</p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => send({ type: "reload" })}
              >
                Reload
              </button>
            </div>
          ) : (
            <FormMessages messages={detail ? [detail] : []} />
          )}
          <ResourceFieldList
            fields={def.fields}
            values={values}
            fieldErrors={fieldErrors}
            organisation={organisationOf(parent)}
            parent={parent}
            hideParent={parent !== null}
            creating={creating}
            onChange={(field, value) => send({ type: "field.change", field, value })}
            readingField={readingField}
            fileUrl={fileUrl && address !== null ? (field, id) => fileUrl(address, field, id) : undefined}
            onChooseFile={(field, file) => send({ type: "file.choose", field, file })}
          />
          <div className="form-actions">
            {!embedded && (
              <Link className="button button-secondary" href={listPath}>
                Cancel
              </Link>
            )}
            <LoadingButton
              type="submit"
              loading={state.hasTag("busy")}
              disabled={!state.can({ type: "form.submit" })}
            >
              {submitLabel ?? "Save"}
            </LoadingButton>
          </div>
        </form>
      )}
      {question}
    </Wrapper>
  );
}
