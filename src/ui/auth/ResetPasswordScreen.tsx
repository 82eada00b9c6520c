import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { Link } from "wouter";
import { fieldMessages } from "../../domain/auth";
import { PASSWORD_RULE_TEXT } from "../../domain/password";
import AuthLayout from "./AuthLayout";
import { useForgotPasswordFlow } from "./ForgotPasswordScreen";
import { Field, FormMessages } from "./fields";
import type { ForgotPasswordActor } from "./forgotPasswordActor";

/** Step two of a forgotten password: the new password, once the code is verified. */
export default function ResetPasswordScreen({ actor }: { actor?: ForgotPasswordActor }) {
  const flow = useForgotPasswordFlow(actor);
  const state = useSelector(flow, (s) => s);
  const ready = state.matches("choosingPassword") || state.matches("changing");
  const { newPassword, confirmPassword, problems, fieldErrors, detail } = state.context;
  const busy = state.matches("changing");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: "password.submit" });
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">Reset password</h1>
      {ready ? (
        <form className="auth-form" onSubmit={submit} noValidate>
          <p className="auth-lead">{PASSWORD_RULE_TEXT}</p>
          <FormMessages messages={[...problems, ...(detail ? [detail] : [])]} />
          <Field
            label="New password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={newPassword}
            disabled={busy}
            errors={fieldMessages(fieldErrors, "new_password")}
            onChange={(e) => flow.send({ type: "newPassword.change", value: e.target.value })}
          />
          <Field
            label="Confirm password"
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            disabled={busy}
            errors={fieldMessages(fieldErrors, "confirm_password")}
            onChange={(e) => flow.send({ type: "confirmPassword.change", value: e.target.value })}
          />
          <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
            Change password
          </button>
        </form>
      ) : (
        <div className="auth-form">
          <p className="auth-lead">
            To reset your password, first ask for a verification code and enter it. The code proves the
            account is yours.
          </p>
          <p className="auth-links">
            <Link href="/forgot-password">Get a verification code</Link>
          </p>
        </div>
      )}
    </AuthLayout>
  );
}
