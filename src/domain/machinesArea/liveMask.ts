/**
 * What live mode may show of a running machine's context and events: everything except secrets.
 * A value is masked when its field's name says it is a secret (a password, a token, a one-time
 * code, a session id, a cookie or a key), at any depth; strings that look like a bearer header are
 * masked wherever they are. Masked values keep no length or prefix, so nothing can be guessed.
 */

export const MASKED = "••••••";

/** Field names whose values are secrets: password, new_password, otp, reset_token, sessionid... */
const SECRET_FIELD =
  /pass(word|code|phrase)?$|password|token|secret|^otp|otp$|^pin$|session_?id|authori[sz]ation|cookie|api_?key|private_?key|^code$|_code$|^signature$/i;
/** Codes that are not secrets although their names end in "code". */
const PUBLIC_CODE =
  /^(ifsc|pin_?code|postal_?code|zip_?code|state_?code|country_?code|status_?code|error_?code|language_?code)$/i;
const BEARER = /^(sessionid|bearer|token|basic)\s+\S+/i;

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name) && !PUBLIC_CODE.test(name);

const MAX_DEPTH = 6;

/** A copy of `value` safe to show: secrets masked, functions and actor references named, depth bounded. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return BEARER.test(value) ? MASKED : value;
  if (value === null || typeof value !== "object") {
    return typeof value === "function" ? "(function)" : value;
  }
  if (depth >= MAX_DEPTH) return "…";
  // A chosen file's content (a form's file field) is shown by its size, not byte by byte.
  if (ArrayBuffer.isView(value)) return `(${value.byteLength} bytes)`;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  // An actor held in context (a child machine) is shown by its id, not walked into.
  if ("sessionId" in value && "send" in value)
    return `(actor ${String((value as { id?: unknown }).id ?? "")})`;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      isSecretField(k) && v !== null && v !== undefined && v !== "" ? MASKED : maskSecrets(v, depth + 1),
    ]),
  );
}

/**
 * An event as live mode shows it: masked like any value, and, when its type names a secret field
 * ("password.change", "otp.change", "newPassword.change"), every field but its type masked too,
 * since such an event carries what the user types into that field.
 */
export function maskEvent(event: { type: string } & Record<string, unknown>): unknown {
  const aboutSecret = event.type.split(".").some(isSecretField);
  if (!aboutSecret) return maskSecrets(event);
  return Object.fromEntries(
    Object.entries(event).map(([k, v]) => [k, k === "type" || v === "" || v == null ? v : MASKED]),
  );
}
