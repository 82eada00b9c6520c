import type { FieldErrors } from "./auth";

/** Every message of a field-error body, for a form's error list. */
export function fieldMessages(errors: FieldErrors, field: string): readonly string[] {
  return errors[field] ?? [];
}
