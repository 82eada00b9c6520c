import { useId, useRef, useState } from "react";
import { MSG } from "../../domain/shared/messages";
import { matchesSearch } from "../../domain/shared/table";
import {
  DROPDOWN_PANEL_MAX_HEIGHT_PX,
  SEARCHABLE_SELECT_PLACEHOLDER,
  SEARCHABLE_SELECT_TRIGGER,
} from "../../domain/shared/widgets";
import type { SelectOption } from "./Controls";

/** A single-select dropdown with a search box that filters case-insensitively (spec 000 §2.5). */
export default function SearchableSelect({
  label,
  options,
  value,
  onChange,
  placeholder = SEARCHABLE_SELECT_PLACEHOLDER,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  // The option the arrow keys are on; Enter chooses it.
  const [active, setActive] = useState(0);
  const labelId = useId();
  const listId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = options.find((o) => o.value === value);
  const shown = options.filter((o) => matchesSearch(o.label, search));

  const choose = (v: string) => {
    onChange(v);
    setOpen(false);
    setSearch("");
    setActive(0);
    trigger.current?.focus();
  };

  return (
    <div className="searchable-select">
      <span id={labelId} className="searchable-select-label">
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className="searchable-select-trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-labelledby={labelId}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {chosen?.label ?? SEARCHABLE_SELECT_TRIGGER}
      </button>
      {open && (
        <div className="searchable-select-panel" style={{ maxHeight: DROPDOWN_PANEL_MAX_HEIGHT_PX }}>
          <input
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                setOpen(false);
                trigger.current?.focus();
              } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
                e.preventDefault();
                const step = e.key === "ArrowDown" ? 1 : -1;
                setActive((i) => Math.min(shown.length - 1, Math.max(0, i + step)));
              } else if (e.key === "Enter" && shown[active]) {
                e.preventDefault();
                choose(shown[active].value);
              }
            }}
            type="search"
            aria-label={`Search ${label}`}
            placeholder={placeholder}
            value={search}
            autoFocus
            onChange={(e) => {
              setSearch(e.target.value);
              setActive(0);
            }}
          />
          {shown.length === 0 ? (
            <p className="searchable-select-empty">{MSG.noOptionsFound}</p>
          ) : (
            <ul id={listId} aria-labelledby={labelId}>
              {shown.map((o, i) => (
                <li key={o.value} data-active={i === active || undefined}>
                  <button type="button" aria-pressed={o.value === value} onClick={() => choose(o.value)}>
                    {o.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
