/** Password rules used by the reset and expiry screens and enforced by the server. */

export const PASSWORD_MIN_LENGTH = 8;
/** Days after which a password must be changed at the next login. */
export const PASSWORD_MAX_AGE_DAYS = 90;

export const PASSWORD_RULE_TEXT =
  "Use at least 8 characters with an uppercase letter, a lowercase letter, a digit and a symbol.";

/** Every problem with a proposed new password, in a fixed order; empty when acceptable. */
export function passwordProblems(password: string, confirm: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push("Password must be at least 8 characters.");
  if (!/[A-Z]/.test(password)) problems.push("Password must contain an uppercase letter.");
  if (!/[a-z]/.test(password)) problems.push("Password must contain a lowercase letter.");
  if (!/[0-9]/.test(password)) problems.push("Password must contain a digit.");
  if (!/[^A-Za-z0-9]/.test(password)) problems.push("Password must contain a symbol.");
  if (password !== confirm) problems.push("Passwords do not match.");
  return problems;
}

/** Whether a password last changed at `changedAt` has expired at `now` (both epoch ms). */
export function isPasswordExpired(changedAt: number, now: number): boolean {
  return now - changedAt > PASSWORD_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
}
