/** Small shared widgets (spec 000 §2.5): inputs, select, switches, badge, spinner, loading button. */
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useId } from "react";
import {
  SELECT_EMPTY_TEXT,
  TEXT_INPUT_MAX_LENGTH,
  TEXT_INPUT_PLACEHOLDER,
} from "../../domain/shared/widgets";

/** A field's own messages, linked to its control by id (aria-describedby). */
export function FieldErrorList({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="field-errors" id={id}>
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The attributes that mark a control invalid and point it at its messages. */
export const invalidProps = (errorId: string, errors: readonly string[]) =>
  errors.length > 0 ? { "aria-invalid": true, "aria-describedby": errorId } : {};

export function TextInput({
  label,
  maxLength = TEXT_INPUT_MAX_LENGTH,
  placeholder = TEXT_INPUT_PLACEHOLDER,
  errors = [],
  ...rest
}: { label: string; errors?: readonly string[] } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        maxLength={maxLength}
        placeholder={placeholder}
        {...invalidProps(`${id}-errors`, errors)}
        {...rest}
      />
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  maxLength = TEXT_INPUT_MAX_LENGTH,
  placeholder = TEXT_INPUT_PLACEHOLDER,
  errors = [],
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
  errors?: readonly string[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        {...invalidProps(`${id}-errors`, errors)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** Excel uploads and images: only the first chosen file is used. */
export function FileInput({
  label,
  accept,
  onFile,
}: {
  label: string;
  accept?: string;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept={accept} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
    </div>
  );
}

export type SelectOption = { label: string; value: string };

export function Select({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={options.length === 0}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.length === 0 ? (
          <option value="">{SELECT_EMPTY_TEXT}</option>
        ) : (
          options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))
        )}
      </select>
    </div>
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function ToggleSwitch({
  label,
  on,
  onChange,
}: {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="toggle-switch"
      onClick={() => onChange(!on)}
    >
      <span className="toggle-switch-track" data-on={on} aria-hidden="true" />
      {label}
    </button>
  );
}

export function Badge({
  children,
  tone = "info",
}: {
  children: ReactNode;
  tone?: "info" | "success" | "failed";
}) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner-circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A button that shows it is working and cannot be pressed twice meanwhile. */
export function LoadingButton({
  loading,
  children,
  ...rest
}: { loading: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className="button"
      {...rest}
      disabled={loading || rest.disabled}
      aria-busy={loading}
    >
      {loading && <span className="spinner-circle" aria-hidden="true" />}
      {children}
    </button>
  );
}
