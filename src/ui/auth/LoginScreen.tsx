import { type FormEvent, useState } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { pathAfterSignIn } from "../../domain/appStart";
import { fieldMessages } from "../../domain/fieldMessages";
import { MSG } from "../../domain/messages";
import { forgetSignInReturn, peekSignInReturn } from "../../infra/signInReturn";
import { signInMachine } from "../../machines/signIn";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser, useSessionStarted } from "../session/SessionGate";
import AuthLayout from "./AuthLayout";
import { Field, FormMessages } from "./fields";
import { type SignInActors, signInActors } from "./signInActors";
import { useAppConfig } from "./useAppConfig";

type Props = { actors?: Partial<SignInActors> };

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

export default function LoginScreen({ actors }: Props) {
  const [, navigate] = useLocation();
  const user = useCurrentUser();
  const sessionStarted = useSessionStarted();
  const [showPassword, setShowPassword] = useState(false);
  const notify = useNotify();
  const [state, send] = useLiveMachine(
    useProvided(signInMachine, {
      actors: { ...signInActors(notify), ...actors },
      actions: {
        sessionStarted: (_, { response, user: signedIn }) => {
          sessionStarted(response.sessionid ?? "", signedIn);
          // Back to the page that was asked for (a deep link, or where the session ended).
          const asked = peekSignInReturn().path;
          forgetSignInReturn();
          navigate(pathAfterSignIn(asked), { replace: true });
        },
        goToPasswordExpiry: (_, { username }) => navigate("/change-password-expiry", { state: { username } }),
        goHome: () => navigate("/", { replace: true }),
      },
    }),
  );

  if (user && !state.matches("signedIn")) return <Redirect to="/dashboard" replace />;

  const { username, password, fieldErrors, detail, conflict } = state.context;
  const busy = state.matches("submitting") || state.matches("loggingOutAll");
  const inConflict = state.matches("conflict");
  // Said until the user signs in again (the remembered return is taken then).
  const sessionHasEnded = peekSignInReturn().sessionEnded && !state.matches("signedIn");
  const messages = [
    ...(inConflict && conflict ? [conflict.detail] : []),
    ...(detail && !inConflict ? [detail] : []),
    ...(state.matches("failed") ? ["The sign-in did not go through. Please try again."] : []),
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
