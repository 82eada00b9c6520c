/**
 * Adding outlets in the field: /eMyTrack/outlet-add lists the drafts kept on this phone (continue,
 * remove) and starts a new one; /eMyTrack/add-new is a new draft's form, or a kept one's with
 * ?draft={key}.
 */
import { useState } from "react";
import { Link, useSearch } from "wouter";
import {
  ADD_NEW_PATH,
  BLANK_DRAFT,
  continueDraftPath,
  OUTLET_ADD_PATH,
} from "../../domain/ekyc/fieldCapture";
import { forgetDraft, keptDraft, keptDrafts, newDraftKey } from "../../infra/fieldDrafts";
import { readStored, STORAGE_KEYS } from "../../infra/storage";
import { showDateTime } from "../uploads/dates";
import { OutletDraftForm } from "./OutletDraftForm";

const signedInUser = () => readStored(STORAGE_KEYS.userName) ?? "";

export function OutletAddScreen() {
  const user = signedInUser();
  const [drafts, setDrafts] = useState(() => keptDrafts(user));
  return (
    <section aria-labelledby="outlet-add">
      <h1 id="outlet-add" className="ekyc-title">
        Add an outlet
      </h1>
      <p className="field-lead">
        A new outlet is kept on this phone until it is sent, so a lost connection loses nothing.
      </p>
      <Link href={ADD_NEW_PATH} className="button button-primary field-action">
        Add a new outlet
      </Link>
      <h2 className="ekyc-subtitle">Drafts on this phone</h2>
      <ul className="field-cards" aria-label="Drafts on this phone">
        {drafts.length === 0 && <li className="field-card-empty">No drafts on this phone.</li>}
        {drafts.map((d) => (
          <li key={d.key} className="field-card">
            <span className="field-card-name">{d.fields.name || "Unnamed outlet"}</span>
            <span>{d.attempted ? "Waiting to be sent" : "Draft"}</span>
            <span className="field-secondary">Kept {showDateTime(d.saved)}</span>
            <span className="capture-links">
              <Link href={continueDraftPath(d.key)}>
                {d.attempted ? "Send" : "Continue"} {d.fields.name || "the draft"}
              </Link>
              {/* A draft sent before may already be an outlet: it stays until the server answers. */}
              {!d.attempted && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    forgetDraft(user, d.key);
                    setDrafts(keptDrafts(user));
                  }}
                >
                  Remove {d.fields.name || "the draft"}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AddNewScreen() {
  const user = signedInUser();
  const key = new URLSearchParams(useSearch()).get("draft");
  // A new draft's key is made once for the page, and stored with its first change.
  const [input] = useState(() => {
    if (key === null) return { key: newDraftKey(), fields: BLANK_DRAFT, attempted: false };
    const kept = keptDraft(user, key);
    return kept && { key: kept.key, fields: kept.fields, attempted: kept.attempted };
  });
  if (!input)
    return (
      <section aria-labelledby="draft-gone">
        <h1 id="draft-gone" className="ekyc-title">
          Draft not on this phone
        </h1>
        <p>This draft was sent or removed.</p>
        <Link href={OUTLET_ADD_PATH}>Drafts on this phone</Link>
      </section>
    );
  return <OutletDraftForm key={input.key} user={user} input={input} />;
}
