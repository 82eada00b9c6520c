import { useId } from "react";
import type { Named } from "../../domain/fieldTools/fieldTools";
import { FieldErrorList, invalidProps } from "../widgets/Controls";

/**
 * A required choice from a lookup list, with its message under it. The empty choice names what to
 * choose; a list still loading or not yet open (its parent unchosen) is disabled.
 */
export default function FieldSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  placeholder: string;
  options: readonly Named[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const errors = error ? [error] : [];
  return (
    <div className="field">
      <label htmlFor={id}>{label} *</label>
      <select
        id={id}
        value={value === null ? "" : String(value)}
        disabled={disabled}
        {...invalidProps(`${id}-errors`, errors)}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}
