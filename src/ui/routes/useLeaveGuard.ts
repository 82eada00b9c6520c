import { useEffect } from "react";

/** An in-app link the click would follow to another page: not a new tab, a download or this page. */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return false;
  const to = new URL(link.href, window.location.href);
  return to.origin === window.location.origin && to.pathname !== window.location.pathname;
}

/**
 * While a form holds unsaved changes, leaving asks first: a link in the app asks the question and
 * stays unless the user agrees; a reload, a closed tab or another address gets the browser's own
 * question (browsers do not show a page's words there).
 */
export function useLeaveGuard(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    // Capture on the document runs before the router's click handler, so a refusal stops it.
    const onClick = (event: MouseEvent) => {
      if (leavingLink(event) && !window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [unsaved, question]);
}
