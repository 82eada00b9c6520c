/**
 * One extra field of the bulk status modal, rendered by its key name (spec 000 §5): text, numeric
 * text, a date picker shown day month year, or a reason dropdown (a checklist where several
 * reasons are allowed).
 */
import { useId, useState } from "react";
import type { ExtraFieldConfig } from "../../domain/outlets/actionsConfig";
import { extraFieldKind, splitReasons } from "../../domain/outlets/extraFields";
import { daysInMonth, MONTH_ABBREVIATIONS } from "../../domain/shared/format";
import { Checkbox, FieldErrorList, invalidProps, TextInput } from "../widgets/Controls";

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const pad = (n: number) => String(n).padStart(2, "0");

type DateParts = { d: string; m: string; y: string };

/** The days the chosen month and year have (all 31 before a month is chosen). */
const dayCount = ({ m, y }: DateParts) => (m ? daysInMonth(Number(m), y ? Number(y) : null) : DAYS.length);

/**
 * A single date as three dropdowns in day, month, year order; the value stays YYYY-MM-DD. The day
 * list follows the month and year, so a date that does not exist (31 Feb) cannot be chosen: a day
 * the new month or year lacks is cleared.
 */
function DayMonthYear({
  label,
  value,
  years,
  errors,
  onChange,
}: {
  label: string;
  value: string;
  years: readonly number[];
  errors: readonly string[];
  onChange: (value: string) => void;
}) {
  // The parts chosen so far: the field's value is set only once day, month and year are all chosen.
  const [parts, setParts] = useState<DateParts>(() => {
    const [y = "", m = "", d = ""] = value ? value.split("-") : [];
    return { d, m, y };
  });
  const { d, m, y } = parts;
  const days = dayCount(parts);
  const id = useId();
  const errorId = `${id}-errors`;
  const set = (part: keyof DateParts, next: string) => {
    const chosen = { ...parts, [part]: next };
    if (chosen.d && Number(chosen.d) > dayCount(chosen)) chosen.d = "";
    setParts(chosen);
    onChange(chosen.d && chosen.m && chosen.y ? `${chosen.y}-${chosen.m}-${chosen.d}` : "");
  };
  const invalid = invalidProps(errorId, errors);
  return (
    <fieldset className="field date-dmy">
      <legend>{label}</legend>
      <label htmlFor={`${id}-d`} className="visually-hidden">
        {label} day
      </label>
      <select id={`${id}-d`} value={d} {...invalid} onChange={(e) => set("d", e.target.value)}>
        <option value="">Day</option>
        {DAYS.slice(0, days).map((day) => (
          <option key={day} value={pad(day)}>
            {day}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-m`} className="visually-hidden">
        {label} month
      </label>
      <select id={`${id}-m`} value={m} {...invalid} onChange={(e) => set("m", e.target.value)}>
        <option value="">Month</option>
        {MONTH_ABBREVIATIONS.map((name, i) => (
          <option key={name} value={pad(i + 1)}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-y`} className="visually-hidden">
        {label} year
      </label>
      <select id={`${id}-y`} value={y} {...invalid} onChange={(e) => set("y", e.target.value)}>
        <option value="">Year</option>
        {years.map((year) => (
          <option key={year} value={String(year)}>
            {year}
          </option>
        ))}
      </select>
      <FieldErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export default function ExtraField({
  name,
  field,
  value,
  several,
  years,
  errors = [],
  onChange,
  onToggleReason,
}: {
  name: string;
  field: ExtraFieldConfig;
  value: string;
  /** The server's messages for this field. */
  errors?: readonly string[];
  /** Several reasons may be chosen (wip_with_reasons). */
  several: boolean;
  years: readonly number[];
  onChange: (value: string) => void;
  onToggleReason: (reason: string) => void;
}) {
  const selectId = useId();
  const errorId = `${selectId}-errors`;
  const kind = extraFieldKind(name);
  if (kind === "text" || kind === "number") {
    return (
      <TextInput
        label={field.display_name}
        name={name}
        value={value}
        inputMode={kind === "number" ? "decimal" : undefined}
        type={kind === "number" ? "number" : "text"}
        errors={errors}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  if (kind === "date") {
    return (
      <DayMonthYear
        label={field.display_name}
        value={value}
        years={years}
        errors={errors}
        onChange={onChange}
      />
    );
  }
  if (several) {
    const chosen = splitReasons(value);
    return (
      <fieldset className="field reason-list">
        <legend>{field.display_name}</legend>
        {field.choices.map((c) => (
          <Checkbox
            key={c.key}
            label={c.label}
            checked={chosen.includes(c.key)}
            onChange={() => onToggleReason(c.key)}
          />
        ))}
        <FieldErrorList id={errorId} errors={errors} />
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={selectId}>{field.display_name}</label>
      <select
        id={selectId}
        value={value}
        {...invalidProps(errorId, errors)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Select a reason</option>
        {field.choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldErrorList id={errorId} errors={errors} />
    </div>
  );
}
