/** The parts the capture forms share: a labelled field with its problem, and the photos taken. */
import { type ReactNode, useState } from "react";
import { MAX_PHOTOS, type Photo } from "../../domain/ekyc/fieldCapture";
import { photoSrc, type ReadPhoto } from "./capturePhotos";

export const PHOTO_UNREADABLE = "The photo could not be read; take it again.";

export function CaptureField({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem: string | undefined;
  children: (described: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const problemId = `${id}-problem`;
  return (
    <div className="capture-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": problem !== undefined,
        ...(problem ? { "aria-describedby": problemId } : {}),
      })}
      {problem && (
        <p className="capture-problem" id={problemId}>
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The photos taken so far, each removable, and the camera while there is room for another; a photo
 * the phone cannot read is said once, until the next one is read.
 */
export function CapturePhotos({
  id,
  label,
  photos,
  problem,
  disabled,
  readPhoto,
  onAdd,
  onRemove,
}: {
  id: string;
  label: string;
  photos: readonly Photo[];
  problem: string | undefined;
  disabled: boolean;
  readPhoto: ReadPhoto;
  onAdd: (photo: Photo) => void;
  onRemove: (index: number) => void;
}) {
  const [unreadable, setUnreadable] = useState(false);
  const take = async (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, MAX_PHOTOS - photos.length)) {
      try {
        const photo = await readPhoto(file);
        setUnreadable(false);
        onAdd(photo);
      } catch {
        setUnreadable(true);
      }
    }
  };
  return (
    <fieldset className="capture-photos" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>
        {label} ({photos.length} of {MAX_PHOTOS})
      </legend>
      <ul aria-label={label}>
        {photos.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a photo is known by its place among those taken
          <li key={i}>
            <img src={photoSrc(p)} alt={`${label} ${i + 1}`} />
            <button
              type="button"
              className="button button-secondary"
              disabled={disabled}
              onClick={() => onRemove(i)}
            >
              Remove photo {i + 1}
            </button>
          </li>
        ))}
      </ul>
      {photos.length < MAX_PHOTOS && !disabled && (
        <label className="button button-secondary capture-camera">
          Take a photo
          <input
            id={id}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={disabled}
            onChange={(e) => {
              void take(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
          />
        </label>
      )}
      {problem && (
        <p className="capture-problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      {unreadable && <p role="alert">{PHOTO_UNREADABLE}</p>}
    </fieldset>
  );
}
