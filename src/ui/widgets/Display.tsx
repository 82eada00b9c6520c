/** Display widgets (spec 000 §2.5, §9): statistic card, image viewer, dropdown menu. */
import { useEffect, useId, useRef, useState } from "react";
import { formatNumber } from "../../domain/shared/format";
import {
  CLICK_MENU_CLOSE_MS,
  type Rotation,
  rotate,
  STAT_CARD_DEFAULT_LABEL,
  STAT_CARD_SIZE_PX,
} from "../../domain/shared/widgets";

export function StatCard({
  value,
  label = STAT_CARD_DEFAULT_LABEL,
  tooltip,
}: {
  value: number;
  label?: string;
  tooltip?: string;
}) {
  const tipId = useId();
  return (
    <figure
      className="stat-card"
      style={{ width: STAT_CARD_SIZE_PX.width, minHeight: STAT_CARD_SIZE_PX.height }}
      aria-describedby={tooltip ? tipId : undefined}
      title={tooltip}
    >
      <p className="stat-card-value">{formatNumber(value)}</p>
      <figcaption>{label}</figcaption>
      {tooltip && (
        <span id={tipId} className="visually-hidden">
          {tooltip}
        </span>
      )}
    </figure>
  );
}

/** An image that rotates left or right by 90 degrees, opens larger, and may be deleted. */
export function ImageViewer({
  src,
  alt,
  onOpen,
  onDelete,
}: {
  src: string;
  alt: string;
  onOpen?: () => void;
  onDelete?: () => void;
}) {
  const [rotation, setRotation] = useState<Rotation>(0);
  return (
    <figure className="image-viewer">
      <img src={src} alt={alt} style={{ transform: `rotate(${rotation}deg)` }} data-rotation={rotation} />
      <figcaption className="image-viewer-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setRotation((r) => rotate(r, "left"))}
        >
          Rotate left
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setRotation((r) => rotate(r, "right"))}
        >
          Rotate right
        </button>
        {onOpen && (
          <button type="button" className="button button-secondary" onClick={onOpen}>
            Open
          </button>
        )}
        {onDelete && (
          <button type="button" className="button button-secondary" onClick={onDelete}>
            Delete
          </button>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * A menu opened by hovering or clicking its button. A click-opened menu closes 400 ms after the
 * pointer leaves it, so moving between the button and the items does not close it.
 */
export function DropdownMenu({
  label,
  trigger = "click",
  items,
}: {
  label: string;
  trigger?: "click" | "hover";
  items: readonly { label: string; onSelect: () => void }[];
}) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const menuId = useId();
  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), trigger === "click" ? CLICK_MENU_CLOSE_MS : 0);
  };
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering opens the menu; its button opens it from the keyboard
    <div
      className="dropdown-menu"
      onMouseEnter={() => {
        cancelClose();
        if (trigger === "hover") setOpen(true);
      }}
      onMouseLeave={closeSoon}
    >
      <button
        type="button"
        className="button button-secondary"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu-items">
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                onClick={() => {
                  item.onSelect();
                  setOpen(false);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
