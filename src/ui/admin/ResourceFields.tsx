/** A definition's fields as form controls: each widget kind rendered with the shared widgets. */
import { useId } from "react";
import {
  choiceText,
  type FieldLines,
  type FieldSpec,
  type FieldValue,
  type Values,
} from "../../domain/admin/resource";
import { resourceNamed } from "../../domain/admin/resourceCatalogue";
import { Checkbox, FieldErrorList, Select, TextArea, TextInput, ToggleSwitch } from "../widgets/Controls";
import SearchableSelect from "../widgets/SearchableSelect";
import { type PageParent, useOptionsQuery } from "./adminQueries";
import { FileField } from "./FileField";

type FieldProps = {
  name: string;
  field: FieldSpec;
  value: FieldValue;
  errors: readonly string[];
  /** The organisation the record belongs to, which narrows the choices of scoped references. */
  organisation: number | null;
  /** The record the page is under, which narrows the choices of references under the same parent. */
  parent: PageParent;
  creating: boolean;
  onChange: (value: FieldValue) => void;
  /** File fields: the chosen file is being read. */
  reading?: boolean;
  /** File fields: where a stored file is served. */
  storedUrl?: (fileId: number) => string;
  onChooseFile?: (file: File) => void;
};

const asText = (value: FieldValue): string => (value === null || Array.isArray(value) ? "" : String(value));

function ReferenceField({ field, value, errors, organisation, parent, onChange }: FieldProps) {
  const target = resourceNamed(field.references!);
  // Roles granted to an organisation's user are those its users may hold (no internal-only role for a client's).
  const scoped = target.scope === "organisation" || field.grant === "grantableRoles" ? organisation : null;
  const under =
    field.underParent && parent && target.parent ? { field: target.parent.field, id: parent.id } : null;
  const options = useOptionsQuery(field.references!, scoped, true, under);
  const choices = (options.data ?? []).map((o) => ({ label: o.label, value: String(o.id) }));
  const errorId = useId();
  if (field.widget === "references") {
    const chosen = new Set(Array.isArray(value) ? value : []);
    return (
      <fieldset className="field" aria-describedby={errors.length > 0 ? errorId : undefined}>
        <legend>{field.label}</legend>
        <div className="checkbox-grid">
          {choices.map((o) => (
            <Checkbox
              key={o.value}
              label={o.label}
              checked={chosen.has(Number(o.value))}
              onChange={(on) => {
                const next = new Set(chosen);
                if (on) next.add(Number(o.value));
                else next.delete(Number(o.value));
                onChange([...next].sort((a, b) => a - b));
              }}
            />
          ))}
        </div>
        <FieldErrorList id={errorId} errors={errors} />
      </fieldset>
    );
  }
  return (
    <div className="field">
      <SearchableSelect
        label={field.label}
        options={field.required ? choices : [{ label: "None", value: "" }, ...choices]}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v === "" ? null : Number(v))}
      />
      <FieldErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function ResourceField(props: FieldProps) {
  const { field, value, errors, onChange, creating } = props;
  switch (field.widget) {
    case "reference":
    case "references":
      return <ReferenceField {...props} />;
    case "file":
      return (
        <FileField
          field={field}
          value={value}
          errors={errors}
          reading={props.reading ?? false}
          storedUrl={props.storedUrl}
          onChoose={(file) => props.onChooseFile?.(file)}
          onRemove={() => onChange(null)}
        />
      );
    case "toggle":
      return <ToggleSwitch label={field.label} on={value === true} onChange={onChange} />;
    case "choice":
      return (
        <div className="field-with-errors">
          <Select
            label={field.label}
            options={[
              { label: field.required ? "Choose…" : "None", value: "" },
              ...(field.choices ?? []).map((c) => ({ label: choiceText(field, c), value: c })),
            ]}
            value={asText(value)}
            onChange={(v) => onChange(v === "" ? null : v)}
          />
          <FieldErrorList id={`${props.name}-errors`} errors={errors} />
        </div>
      );
    case "textarea":
      return <TextArea label={field.label} value={asText(value)} errors={errors} onChange={onChange} />;
    case "number":
      return (
        <TextInput
          label={field.label}
          type="number"
          inputMode="decimal"
          placeholder=""
          value={asText(value)}
          errors={errors}
          onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        />
      );
    case "date":
      return (
        <TextInput
          label={field.label}
          type="date"
          placeholder=""
          value={asText(value)}
          errors={errors}
          onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        />
      );
    case "secret":
      return (
        <TextInput
          label={creating ? field.label : `${field.label} (leave blank to keep it)`}
          type="password"
          autoComplete="new-password"
          placeholder=""
          value={asText(value)}
          errors={errors}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <TextInput
          label={field.label}
          placeholder=""
          value={asText(value)}
          errors={errors}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/** Every field of a definition but those the page fills in (the organisation of an organisation's page). */
export function ResourceFieldList({
  fields,
  values,
  fieldErrors,
  organisation,
  parent = null,
  hideParent,
  creating,
  onChange,
  readingField = null,
  fileUrl,
  onChooseFile,
}: {
  fields: Readonly<Record<string, FieldSpec>>;
  values: Values;
  fieldErrors: FieldLines;
  organisation: number | null;
  /** The record the page is under (a sub-project), which narrows references under the same parent. */
  parent?: PageParent;
  hideParent: boolean;
  creating: boolean;
  onChange: (field: string, value: FieldValue) => void;
  /** The file field whose chosen file is being read. */
  readingField?: string | null;
  /** Where a stored file of a field is served. */
  fileUrl?: (field: string, fileId: number) => string;
  onChooseFile?: (field: string, file: File) => void;
}) {
  return (
    <>
      {Object.entries(fields)
        .filter(([, f]) => !(hideParent && f.fromParent))
        .map(([key, field]) => (
          <ResourceField
            key={key}
            name={key}
            field={field}
            value={values[key] ?? null}
            errors={fieldErrors[key] ?? []}
            organisation={
              key === "organisation"
                ? null
                : typeof values.organisation === "number"
                  ? values.organisation
                  : organisation
            }
            parent={parent}
            creating={creating}
            onChange={(v) => onChange(key, v)}
            reading={readingField === key}
            storedUrl={fileUrl ? (id) => fileUrl(key, id) : undefined}
            onChooseFile={(file) => onChooseFile?.(key, file)}
          />
        ))}
    </>
  );
}
