/** Keyboard focus for overlays (dialogs, the filter drawer): focus moves in, Tab stays in, and returns. */
import { type RefObject, useEffect } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The elements Tab visits inside a container, in order (those inside a closed disclosure left out). */
function tabbable(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    const closed = el.closest("details:not([open])");
    return !closed || (el.tagName === "SUMMARY" && el.parentElement === closed);
  });
}

/** While `active`, focus sits inside the container; afterwards it goes back to where it was. */
export function useFocusInside(container: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const before = document.activeElement as HTMLElement | null;
    const first = container.current ? tabbable(container.current)[0] : undefined;
    (first ?? container.current)?.focus();
    return () => before?.focus();
  }, [container, active]);
}

/** Keeps Tab and Shift+Tab cycling inside the container. */
export function trapTab(e: React.KeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== "Tab" || !container) return;
  const items = tabbable(container);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (e.shiftKey && (document.activeElement === first || document.activeElement === container)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
