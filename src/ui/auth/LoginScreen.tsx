import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { Link, Redirect } from "wouter";
import { fieldMessages } from "../../domain/auth/fieldMessages";
import { MSG } from "../../domain/shared/messages";
import { peekSignInReturn } from "../../infra/signInReturn";
import { signInPageOf } from "../../machines/auth/signIn";
import { useCurrentUser } from "../session/SessionGate";
import AuthLayout from "./AuthLayout";
import { Field, FormMessages } from "./fields";
import { useStaffSignInFlow } from "./staffSignIn";
import type { StaffSignInActor } from "./staffSignInFlow";
import { useAppConfig } from "./useAppConfig";

type Props = { actor?: StaffSignInActor };

/** Single sign-on buttons, one per provider the server is configured with (none otherwise). */
function SingleSignOn() {
  const providers = useAppConfig()?.sso_providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="sso">
      <p className="sso-or">or</p>
      {providers.map((p) => (
        <a key={p.id} className="button button-secondary sso-button" href={p.start_url}>
          {p.label}
        </a>
      ))}
    </div>
  );
}

/**
 * The staff login (spec 000 §8): user name and password, the 451's "Logout All Session". A
 * two-step account goes on to /verify-otp; the flow is shared with that page and /mfa-password.
 */
export default function LoginScreen({ actor }: Props) {
  const user = useCurrentUser();
  const [showPassword, setShowPassword] = useState(false);
  const flow = useStaffSignInFlow(actor);
  const state = useSelector(flow, (s) => s);
  const send = flow.send;

  if (user && !state.matches("signedIn")) return <Redirect to="/dashboard" replace />;
  if (state.status === "active" && signInPageOf(state) !== "/login")
    return <Redirect to={signInPageOf(state)} />;

  const { username, password, fieldErrors, detail, conflict } = state.context;
  const busy = state.hasTag("busy");
  const inConflict = state.matches({ form: "conflict" });
  // Said until the user signs in again (the remembered return is taken then).
  const sessionHasEnded = peekSignInReturn().sessionEnded && !state.matches("signedIn");
  const messages = [
    ...(inConflict && conflict ? [conflict.detail] : []),
    ...(detail && !inConflict ? [detail] : []),
    ...(state.matches({ form: "failed" }) ? ["The sign-in did not go through. Please try again."] : []),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(inConflict ? { type: "logoutAll.submit" } : { type: "login.submit" });
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">{MSG.loginPrompt}</h1>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormMessages messages={sessionHasEnded ? [MSG.sessionEnded] : []} tone="info" />
        <FormMessages messages={messages} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          disabled={busy}
          errors={fieldMessages(fieldErrors, "login_username")}
          onChange={(e) => send({ type: "username.change", value: e.target.value })}
        />
        <Field
          label="Password"
          name="password"
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          value={password}
          disabled={busy}
          errors={fieldMessages(fieldErrors, "password")}
          onChange={(e) => send({ type: "password.change", value: e.target.value })}
        />
        <label className="checkbox">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          Show password
        </label>
        <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
          {busy ? "Please wait…" : inConflict ? MSG.logoutAllSession : "Login"}
        </button>
        <p className="auth-links">
          <Link href="/forgot-password">Forgot password?</Link>
        </p>
      </form>
      <SingleSignOn />
    </AuthLayout>
  );
}
