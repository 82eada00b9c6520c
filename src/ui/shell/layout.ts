/** Layout constants of the dashboard shell (spec 000 §9). */
export const SIDE_MENU_WIDTH_EXPANDED = "14%";
export const SIDE_MENU_WIDTH_COLLAPSED = "6%";
/** Below this width the side menu becomes a full-width panel under the header. */
export const MOBILE_BREAKPOINT_PX = 600;

export function sideMenuWidth(collapsed: boolean): string {
  return collapsed ? SIDE_MENU_WIDTH_COLLAPSED : SIDE_MENU_WIDTH_EXPANDED;
}

/** Whether the viewport is a phone's (the menu then starts closed). */
export function isMobileViewport(): boolean {
  return globalThis.matchMedia?.(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches === true;
}

export const PRODUCT_NAME = "Retail Scan";
