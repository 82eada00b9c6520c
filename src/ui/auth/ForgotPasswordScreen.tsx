import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import { Link, Redirect } from "wouter";
import { fieldMessages } from "../../domain/auth/fieldMessages";
import { navigationOf, notificationsOf, useServices } from "../services";
import AuthLayout from "./AuthLayout";
import { Field, FormMessages } from "./fields";
import { startForgotPassword } from "./forgotPasswordActor";
import type { ForgotPasswordActor } from "./forgotPasswordFlow";

/**
 * The flow the two screens share. It outlives the screen that started it, so it leads through the
 * application's navigation and notifies through its notification bar.
 */
export function useForgotPasswordFlow(actor?: ForgotPasswordActor): ForgotPasswordActor {
  const { forgotPassword, application } = useServices();
  if (actor) return actor;
  const go = (to: string, replace: boolean) =>
    navigationOf(application).send({ type: "navigation.go", to, replace });
  return forgotPassword.actor(() =>
    startForgotPassword({
      showResetPassword: () => go("/reset-password", false),
      finished: (detail) => {
        notificationsOf(application).send({ type: "notification.show", kind: "success", text: detail });
        go("/login", true);
      },
    }),
  );
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
