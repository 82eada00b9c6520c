import { type InputHTMLAttributes, useId } from "react";
import type { FieldErrors } from "../../domain/auth/auth";
import { fieldMessages } from "../../domain/auth/fieldMessages";

type FieldProps = {
  label: string;
  errors?: readonly string[];
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its errors linked for screen readers. */
export function Field({ label, errors = [], ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errorId : undefined}
        {...input}
      />
      {errors.length > 0 && (
        <ul className="field-errors" id={errorId}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A form-level message: the server's detail or the rule problems. */
export function FormMessages({
  messages,
  tone = "error",
}: {
  messages: readonly string[];
  tone?: "error" | "info";
}) {
  if (messages.length === 0) return null;
  return (
    <div className={`form-messages form-messages-${tone}`} role={tone === "error" ? "alert" : "status"}>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/** The new password and its confirmation, as every password-changing screen asks for them. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  fieldErrors,
  disabled,
  autoFocus,
  onNewPassword,
  onConfirmPassword,
}: {
  newPassword: string;
  confirmPassword: string;
  fieldErrors: FieldErrors;
  disabled: boolean;
  autoFocus?: boolean;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}) {
  return (
    <>
      <Field
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={newPassword}
        disabled={disabled}
        errors={fieldMessages(fieldErrors, "new_password")}
        onChange={(e) => onNewPassword(e.target.value)}
      />
      <Field
        label="Confirm password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        disabled={disabled}
        errors={fieldMessages(fieldErrors, "confirm_password")}
        onChange={(e) => onConfirmPassword(e.target.value)}
      />
    </>
  );
}
