import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { profilePath } from "../../domain/auth/profile";
import { badgeLetter, CLICK_MENU_CLOSE_MS } from "../../domain/shared/widgets";

export type BadgeUser = { readonly name: string; readonly username: string };

type Props = {
  user: BadgeUser;
  onSignOut: () => void;
  /** Live mode's switch, for those who may watch the machines (src/ui/live). */
  liveMode?: { on: boolean; toggle: () => void };
};

/** The user badge (first letter in a circle and the name) opening a menu of Logout, My profile and, for those with the machines permission, Live mode. */
export default function UserBadge({ user, onSignOut, liveMode }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const close = (returnFocus: boolean) => {
    cancelClose();
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (open) itemRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  });

  useEffect(
    () => () => {
      if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === "ArrowDown" && !open) {
      event.preventDefault();
      setOpen(true);
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && open) {
      // Arrow keys move between the menu's items, round the ends.
      event.preventDefault();
      const items = [
        ...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"]') ??
          []),
      ];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === "Tab" && open) {
      close(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only hears keys and pointer movement of its button and menu
    <div
      className="user-badge"
      ref={rootRef}
      onKeyDown={onKeyDown}
      onPointerLeave={() => {
        if (!open) return;
        cancelClose();
        closeTimer.current = setTimeout(() => close(false), CLICK_MENU_CLOSE_MS);
      }}
      onPointerEnter={cancelClose}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-badge-button"
        aria-label={`${user.name} (${user.username})`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span className="user-badge-letter" aria-hidden="true">
          {badgeLetter(user)}
        </span>
        <span className="user-badge-name">{user.name}</span>
      </button>
      {open && (
        <div className="user-menu" role="menu" id={menuId} aria-label="Account">
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            className="user-menu-item"
            onClick={() => {
              close(false);
              onSignOut();
            }}
          >
            Logout
          </button>
          <Link
            href={profilePath(user.username)}
            role="menuitem"
            className="user-menu-item"
            onClick={() => close(false)}
          >
            My profile
          </Link>
          {liveMode && (
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={liveMode.on}
              className="user-menu-item"
              onClick={() => {
                close(false);
                liveMode.toggle();
              }}
            >
              Live mode
              {liveMode.on && <span aria-hidden="true"> ✓</span>}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
