import type { FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { fromPromise } from "xstate";
import type { FormOutcome } from "../../domain/auth/auth";
import { fieldMessages } from "../../domain/auth/fieldMessages";
import { PASSWORD_RULE_TEXT } from "../../domain/auth/password";
import { passwordExpiryChange } from "../../infra/api/auth";
import { formOutcome } from "../../infra/api/authOutcomes";
import { runApi } from "../../infra/http";
import { passwordExpiryMachine } from "../../machines/auth/passwordExpiry";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import AuthLayout from "./AuthLayout";
import { Field, FormMessages, NewPasswordFields } from "./fields";

export const passwordExpiryActors = {
  changeExpiredPassword: fromPromise<
    FormOutcome,
    { login_username: string; old_password: string; new_password: string; confirm_password: string }
  >(({ input, signal }) => runApi(formOutcome(passwordExpiryChange(input)), { signal })),
};

/** The user name the login screen carried here in the history state, if any. */
function carriedUsername(): string {
  const state = globalThis.history?.state as { username?: unknown } | null;
  return typeof state?.username === "string" ? state.username : "";
}

export default function PasswordExpiryScreen({ actors }: { actors?: Partial<typeof passwordExpiryActors> }) {
  const notify = useNotify();
  const [, navigate] = useLocation();
  const [state, send] = useLiveMachine(
    useProvided(passwordExpiryMachine, {
      actors: { ...passwordExpiryActors, ...actors },
      actions: {
        finished: (_, { detail }) => {
          notify("success", detail);
          navigate("/login", { replace: true });
        },
      },
    }),
    { input: { username: carriedUsername() } },
  );
  const { username, oldPassword, newPassword, confirmPassword, problems, fieldErrors, detail } =
    state.context;
  const busy = state.matches("changing");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: "password.submit" });
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">Your password has expired</h1>
      <form className="auth-form" onSubmit={submit} noValidate>
        <p className="auth-lead">Choose a new password to continue. {PASSWORD_RULE_TEXT}</p>
        <FormMessages messages={[...problems, ...(detail ? [detail] : [])]} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          disabled={busy}
          errors={fieldMessages(fieldErrors, "login_username")}
          onChange={(e) => send({ type: "field.change", field: "username", value: e.target.value })}
        />
        <Field
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={oldPassword}
          disabled={busy}
          errors={fieldMessages(fieldErrors, "old_password")}
          onChange={(e) => send({ type: "field.change", field: "oldPassword", value: e.target.value })}
        />
        <NewPasswordFields
          newPassword={newPassword}
          confirmPassword={confirmPassword}
          fieldErrors={fieldErrors}
          disabled={busy}
          onNewPassword={(value) => send({ type: "field.change", field: "newPassword", value })}
          onConfirmPassword={(value) => send({ type: "field.change", field: "confirmPassword", value })}
        />
        <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
          Change password
        </button>
        <p className="auth-links">
          <Link href="/login">Back to login</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
