/**
 * The staff two-step sign-in's own pages (docs/auth.md): /verify-otp, the code sent to the
 * account's mobile ("OTP Send to Mobile Number"), and /mfa-password, the password step again after
 * a spent code or an expired step. Both run the page's one staff sign-in flow with /login, and each
 * sends the user to the page the flow has moved to.
 */
import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { Redirect } from "wouter";
import { fieldMessages } from "../../domain/auth/fieldMessages";
import { OTP_LENGTH } from "../../domain/auth/otpLogin";
import { MFA_PASSWORD_TITLE, OTP_SENT_TITLE } from "../../domain/auth/twoStepSignIn";
import { signInPageOf } from "../../machines/auth/signIn";
import AuthLayout from "./AuthLayout";
import { Field, FormMessages } from "./fields";
import { useStaffSignInFlow } from "./staffSignIn";
import type { StaffSignInActor } from "./staffSignInFlow";

type Props = { actor?: StaffSignInActor };

/** The flow and its state; the page the flow belongs on when it is not this one. */
function usePage(page: "/verify-otp" | "/mfa-password", actor?: StaffSignInActor) {
  const flow = useStaffSignInFlow(actor);
  const state = useSelector(flow, (s) => s);
  const elsewhere = state.status === "active" && signInPageOf(state) !== page ? signInPageOf(state) : null;
  return { flow, state, elsewhere };
}

function BackToLogin({ onBack, disabled }: { onBack: () => void; disabled: boolean }) {
  return (
    <p className="auth-links">
      <button type="button" className="link-button" onClick={onBack} disabled={disabled}>
        Go back to login screen
      </button>
    </p>
  );
}

export function VerifyOtpScreen({ actor }: Props) {
  const { flow, state, elsewhere } = usePage("/verify-otp", actor);
  if (elsewhere) return <Redirect to={elsewhere} />;
  const { otp, otpError, phoneNumber, countdown } = state.context;
  const busy = state.hasTag("busy");
  const canResend = state.matches({ code: { codeEntry: "resendReady" } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: "otp.submit" });
  };
  return (
    <AuthLayout>
      <h1 className="auth-title">{OTP_SENT_TITLE}</h1>
      <p className="auth-lead">
        {state.matches({ code: "sendingCode" }) ? "Sending the code to " : "Enter the 6-digit code sent to "}
        <strong>{phoneNumber}</strong>.
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field
          label="OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={otp}
          maxLength={OTP_LENGTH}
          disabled={busy}
          errors={otpError ? [otpError] : []}
          onChange={(e) => flow.send({ type: "otp.change", value: e.target.value })}
        />
        <p className="auth-resend">
          {canResend ? (
            <button type="button" className="link-button" onClick={() => flow.send({ type: "otp.resend" })}>
              Resend OTP
            </button>
          ) : (
            <span aria-live="polite">{busy ? "" : `Resend OTP in ${countdown} s`}</span>
          )}
        </p>
        <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
          {busy ? "Please wait…" : "Verify OTP"}
        </button>
        <BackToLogin onBack={() => flow.send({ type: "back" })} disabled={busy} />
      </form>
    </AuthLayout>
  );
}

export function MfaPasswordScreen({ actor }: Props) {
  const { flow, state, elsewhere } = usePage("/mfa-password", actor);
  const [showPassword, setShowPassword] = useState(false);
  // Opened without a two-step sign-in under way, the flow belongs on the login page.
  if (elsewhere) return <Redirect to={elsewhere} />;
  const { username, password, fieldErrors, detail } = state.context;
  const busy = state.hasTag("busy");
  const messages = [
    ...(detail ? [detail] : []),
    ...(state.matches({ form: "failed" }) ? ["The sign-in did not go through. Please try again."] : []),
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: "login.submit" });
  };
  return (
    <AuthLayout>
      <h1 className="auth-title">{MFA_PASSWORD_TITLE}</h1>
      <p className="auth-lead">
        Signing in as <strong>{username.trim()}</strong>. A new code goes to the account's mobile after the
        password.
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormMessages messages={messages} />
        <Field
          label="Password"
          name="password"
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          autoFocus
          value={password}
          disabled={busy}
          errors={fieldMessages(fieldErrors, "password")}
          onChange={(e) => flow.send({ type: "password.change", value: e.target.value })}
        />
        <label className="checkbox">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          Show password
        </label>
        <button type="submit" className="button auth-submit" disabled={busy} aria-busy={busy}>
          {busy ? "Please wait…" : "Send OTP"}
        </button>
        <BackToLogin onBack={() => flow.send({ type: "back" })} disabled={busy} />
      </form>
    </AuthLayout>
  );
}
