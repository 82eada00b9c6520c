import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { Link } from "wouter";
import { PASSWORD_RULE_TEXT } from "../../domain/auth/password";
import AuthLayout from "./AuthLayout";
import { useForgotPasswordFlow } from "./ForgotPasswordScreen";
import { FormMessages, NewPasswordFields } from "./fields";
import type { ForgotPasswordActor } from "./forgotPasswordFlow";

/** Step two of a forgotten password: the new password, once the code is verified. */
export default function ResetPasswordScreen({ actor }: { actor?: ForgotPasswordActor }) {
  const flow = useForgotPasswordFlow(actor);
  const ready = useSelector(flow, (s) => s.hasTag("newPassword"));
  const busy = useSelector(flow, (s) => s.hasTag("busy"));
  const { newPassword, confirmPassword, problems, fieldErrors, detail } = useSelector(flow, (s) => s.context);

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
          <NewPasswordFields
            newPassword={newPassword}
            confirmPassword={confirmPassword}
            fieldErrors={fieldErrors}
            disabled={busy}
            autoFocus
            onNewPassword={(value) => flow.send({ type: "newPassword.change", value })}
            onConfirmPassword={(value) => flow.send({ type: "confirmPassword.change", value })}
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
