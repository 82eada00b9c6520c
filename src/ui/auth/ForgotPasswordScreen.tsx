import { useSelector } from "@xstate/react";
import { type FormEvent, useEffect } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { fieldMessages } from "../../domain/fieldMessages";
import { notify } from "../notifications/notifier";
import { useServices } from "../services";
import AuthLayout from "./AuthLayout";
import { Field, FormMessages } from "./fields";
import { startForgotPassword } from "./forgotPasswordActor";
import type { ForgotPasswordActor } from "./forgotPasswordFlow";

/** Wires the shared flow's navigation to the router of the screen showing it. */
export function useForgotPasswordFlow(actor?: ForgotPasswordActor): ForgotPasswordActor {
  const [, navigate] = useLocation();
  const { forgotPassword } = useServices();
  const flow = actor ?? forgotPassword.actor(startForgotPassword);
  useEffect(() => {
    forgotPassword.setEffects({
      showResetPassword: () => navigate("/reset-password"),
      finished: (detail) => {
        notify("success", detail);
        navigate("/login", { replace: true });
      },
    });
  }, [navigate, forgotPassword]);
  return flow;
}

/** Step one of a forgotten password: the user name, then the code sent to the user. */
export default function ForgotPasswordScreen({ actor }: { actor?: ForgotPasswordActor }) {
  const flow = useForgotPasswordFlow(actor);
  const { username, code, fieldErrors, detail } = useSelector(flow, (s) => s.context);
  const choosingPassword = useSelector(flow, (s) => s.hasTag("newPassword"));
  const spent = useSelector(flow, (s) => s.matches("codeSpent"));
  const codeStep = useSelector(flow, (s) => s.hasTag("codeStep"));
  const busy = useSelector(flow, (s) => s.hasTag("busy"));

  if (choosingPassword) return <Redirect to="/reset-password" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send(
      spent ? { type: "code.resend" } : codeStep ? { type: "code.submit" } : { type: "code.request" },
    );
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">Forgot password</h1>
      <form className="auth-form" onSubmit={submit} noValidate>
        {spent ? (
          <>
            {/* The spent code can no longer be verified: the one way on is a new code. */}
            <FormMessages messages={detail ? [detail] : []} />
            <button type="submit" className="button auth-submit" autoFocus>
              Resend code
            </button>
          </>
        ) : codeStep ? (
          <>
            <FormMessages
              messages={[`A verification code was sent for ${username}. It is valid for 10 minutes.`]}
              tone="info"
            />
            <FormMessages messages={detail ? [detail] : []} />
            <Field
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              value={code}
              disabled={busy}
              errors={[...fieldMessages(fieldErrors, "code_value"), ...fieldMessages(fieldErrors, "code")]}
              onChange={(e) => flow.send({ type: "code.change", value: e.target.value })}
            />
            <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
              Verify code
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => flow.send({ type: "code.resend" })}
            >
              Resend code
            </button>
          </>
        ) : (
          <>
            <p className="auth-lead">
              Enter your user name and we will send you a code to reset your password.
            </p>
            <FormMessages messages={detail ? [detail] : []} />
            <Field
              label="Username"
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              disabled={busy}
              errors={fieldMessages(fieldErrors, "login_username")}
              onChange={(e) => flow.send({ type: "username.change", value: e.target.value })}
            />
            <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
              Send code
            </button>
          </>
        )}
        <p className="auth-links">
          <Link href="/login">Back to login</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
