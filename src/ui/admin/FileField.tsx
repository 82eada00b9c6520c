/**
 * A file field of the resource form: choose a file, see its name and size (an image also as a
 * preview), replace or remove it. The machine reads and checks a chosen file; this only shows it.
 */
import { useEffect, useId, useMemo, useRef } from "react";
import type { FieldSpec, FieldValue } from "../../domain/admin/resource";
import { fileLimit, fileSize, fileTypeOf, isChosenFile, isStoredFile } from "../../domain/shared/fileField";
import { FieldErrorList } from "../widgets/Controls";

type Props = {
  field: FieldSpec;
  value: FieldValue;
  errors: readonly string[];
  /** The file is being read. */
  reading: boolean;
  /** Where a stored file is served, by its id; absent when the record's files cannot be shown. */
  storedUrl?: (fileId: number) => string;
  onChoose: (file: File) => void;
  onRemove: () => void;
};

/** A preview address for an image chosen but not yet saved, released when it changes. */
function useChosenPreview(value: FieldValue, field: FieldSpec): string | null {
  const url = useMemo(() => {
    if (!isChosenFile(value) || field.file?.kind !== "image") return null;
    const type = fileTypeOf(field.file, value.bytes);
    return type
      ? URL.createObjectURL(new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: type.mediaType }))
      : null;
  }, [value, field]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function FileField({ field, value, errors, reading, storedUrl, onChoose, onRemove }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const rule = field.file!;
  const chosenPreview = useChosenPreview(value, field);
  const stored = isStoredFile(value) ? value : null;
  const chosen = isChosenFile(value) ? value : null;
  const name = stored?.name ?? chosen?.name ?? null;
  const size = stored?.size ?? chosen?.bytes.byteLength ?? 0;
  const preview =
    rule.kind === "image"
      ? (chosenPreview ??
        (stored && storedUrl && stored.content_type.startsWith("image/") ? storedUrl(stored.id) : null))
      : null;
  return (
    <fieldset className="field file-field" aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}>
      <legend>{field.label}</legend>
      <div className="file-field-body">
        {rule.kind === "image" && (
          <div className="file-field-preview">
            {preview && errors.length === 0 ? (
              <img src={preview} alt={`${field.label} preview`} />
            ) : (
              <span aria-hidden="true">No image</span>
            )}
          </div>
        )}
        <div className="file-field-details">
          <p className="file-field-name" aria-live="polite">
            {reading ? "Reading the file…" : name ? `${name} (${fileSize(size)})` : "No file chosen"}
          </p>
          <p className="file-field-hint">
            {rule.accept.map((t) => t.label).join(", ")}; at most {fileLimit(rule)}.
          </p>
          <div className="file-field-actions">
            <input
              ref={input}
              id={`${id}-input`}
              className="visually-hidden"
              type="file"
              tabIndex={-1}
              aria-label={field.label}
              aria-invalid={errors.length > 0 ? true : undefined}
              accept={rule.accept.map((t) => t.mediaType).join(",")}
              disabled={reading}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) onChoose(file);
                e.target.value = "";
              }}
            />
            <button
              type="button"
              className="button button-secondary"
              disabled={reading}
              onClick={() => input.current?.click()}
            >
              {name ? `Replace ${field.label.toLowerCase()}` : `Choose ${field.label.toLowerCase()}`}
            </button>
            {name && (
              <button type="button" className="button button-secondary" disabled={reading} onClick={onRemove}>
                Remove {field.label.toLowerCase()}
              </button>
            )}
          </div>
        </div>
      </div>
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </fieldset>
  );
}
