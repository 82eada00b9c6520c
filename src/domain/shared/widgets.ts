/** Constants and small rules of the shared widgets (spec 000 §2.5, §5, §9). */

export const TEXT_INPUT_MAX_LENGTH = 10000;
export const TEXT_INPUT_PLACEHOLDER = "Enter text";
export const SELECT_EMPTY_TEXT = "No Data";
export const SEARCHABLE_SELECT_PLACEHOLDER = "Search SKU...";
export const SEARCHABLE_SELECT_TRIGGER = "Select an option";
export const DROPDOWN_PANEL_MAX_HEIGHT_PX = 250;
export const CLICK_MENU_CLOSE_MS = 400;

export const STAT_CARD_DEFAULT_LABEL = "Total No. of Users";
export const STAT_CARD_SIZE_PX = { width: 285, height: 155 } as const;

export const GALLERY_INITIAL_SIZE_PX = 430;
export const GALLERY_ZOOM_STEP_PX = 30;
export const GALLERY_MAX_IMAGES = 3;
export const MAX_IMAGES_MESSAGE = "Max 3 images";

export type Rotation = 0 | 90 | 180 | 270;

/** Rotating by 90 degrees cycles through the four orientations. */
export function rotate(current: Rotation, direction: "left" | "right"): Rotation {
  return ((((current + (direction === "right" ? 90 : -90)) % 360) + 360) % 360) as Rotation;
}

/** The gallery's image size after zooming; never below one step. */
export function zoomed(size: number, direction: "in" | "out"): number {
  return Math.max(
    GALLERY_ZOOM_STEP_PX,
    size + (direction === "in" ? GALLERY_ZOOM_STEP_PX : -GALLERY_ZOOM_STEP_PX),
  );
}

/** The user badge shows the first letter of the name (of the user name when there is no name). */
export function badgeLetter(user: { readonly name: string; readonly username: string }): string {
  const first = [...(user.name.trim() || user.username.trim())][0];
  return first === undefined ? "?" : first.toUpperCase();
}
