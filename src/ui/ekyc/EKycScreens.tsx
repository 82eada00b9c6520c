/**
 * The code sign-in screens (spec 002 §2.11, 000 §5): the mobile number with Login (or "Logout All
 * Session" after a conflict), then the OTP with Resend after the countdown, Verify OTP and Go back
 * to login screen. Both run the group's one eKycLogin actor; each screen sends the user to the
 * other when the flow moves there.
 */
import { useSelector } from "@xstate/react";
import { type FormEvent, useEffect } from "react";
import { Redirect, useLocation } from "wouter";
import { fieldMessages } from "../../domain/auth";
import { MSG } from "../../domain/messages";
import { MOBILE_DIGITS, OTP_LENGTH } from "../../domain/otpLogin";
import { takeSessionConflict } from "../../infra/storage";
import { eKycScreenOf } from "../../machines/eKycLogin";
import { Field, FormMessages } from "../auth/fields";
import { type EKycLoginActor, eKycLoginActor, setEKycLoginEffects } from "./eKycLoginActor";
import type { SignInGroup } from "./groups";
import "./ekyc.css";

type Props = { group: SignInGroup; actor?: EKycLoginActor };

function useFlow({ group, actor }: Props) {
  const [, navigate] = useLocation();
  const flow = actor ?? eKycLoginActor(group.platform);
  useEffect(
    () =>
      setEKycLoginEffects({
        signedIn: () => navigate(group.signedInPath, { replace: true }),
        goHome: () => navigate("/", { replace: true }),
      }),
    [navigate, group.signedInPath],
  );
  const state = useSelector(flow, (s) => s);
  return { flow, state, screen: eKycScreenOf(state.value) };
}

/** The security badges of the mobile layout (spec 002 §2.11). */
function Badges() {
  return (
    <ul className="ekyc-badges" aria-label="Security">
      <li>ISO 27001</li>
      <li>256 bit encrypted</li>
    </ul>
  );
}

function EKycFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="ekyc-page">
      <div className="ekyc-card">
        <p className="ekyc-brand">Retail Scan · {title}</p>
        {children}
        <Badges />
      </div>
    </main>
  );
}

export function EKycLoginScreen(props: Props) {
  const { flow, state, screen } = useFlow(props);
  const send = flow.send;
  // A 451 met elsewhere was stored under key 451; show it here once (spec 002 §4).
  useEffect(() => {
    const conflict = takeSessionConflict();
    if (conflict) send({ type: "conflict.restored", body: conflict });
  }, [send]);

  if (screen === "otp") return <Redirect to={props.group.otpPath} />;
  const { mobile, fieldErrors, detail, conflict } = state.context;
  const inConflict = state.matches("conflict");
  const busy = state.matches("loggingIn") || state.matches("sendingOtp") || state.matches("loggingOutAll");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(inConflict ? { type: "logoutAll.submit" } : { type: "login.submit" });
  };
  const messages = [...(inConflict && conflict ? [conflict.detail] : []), ...(detail ? [detail] : [])];
  return (
    <EKycFrame title={props.group.title}>
      <h1 className="ekyc-title">Login with your mobile number</h1>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormMessages messages={messages} />
        <Field
          label="Mobile number"
          name="mobile"
          type="number"
          inputMode="numeric"
          autoComplete="tel-national"
          value={mobile}
          placeholder={`${MOBILE_DIGITS} digit mobile number`}
          onChange={(e) => send({ type: "mobile.change", value: e.target.value })}
          errors={fieldMessages(fieldErrors, "login_username")}
        />
        <button className="button button-primary" type="submit" disabled={busy}>
          {inConflict ? MSG.logoutAllSession : busy ? "Please wait…" : "Login"}
        </button>
      </form>
    </EKycFrame>
  );
}

export function EKycOtpScreen(props: Props) {
  const { flow, state, screen } = useFlow(props);
  const send = flow.send;
  if (screen === "login") return <Redirect to={props.group.loginPath} />;
  const { otp, otpError, phoneNumber, countdown } = state.context;
  const verifying = state.matches("verifying");
  const canResend = state.matches({ otpEntry: "resendReady" });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: "otp.submit" });
  };
  return (
    <EKycFrame title={props.group.title}>
      <h1 className="ekyc-title">OTP Send to Mobile Number</h1>
      <p className="ekyc-sent-to">{phoneNumber}</p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field
          label="OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={otp}
          onChange={(e) => send({ type: "otp.change", value: e.target.value })}
          errors={otpError ? [otpError] : []}
          maxLength={OTP_LENGTH}
        />
        <p className="ekyc-resend">
          {canResend ? (
            <button type="button" className="link-button" onClick={() => send({ type: "otp.resend" })}>
              Resend
            </button>
          ) : (
            <span aria-live="polite">Resend in {countdown} s</span>
          )}
        </p>
        <button className="button button-primary" type="submit" disabled={verifying}>
          {verifying ? "Please wait…" : "Verify OTP"}
        </button>
        <button type="button" className="link-button" onClick={() => send({ type: "back" })}>
          Go back to login screen
        </button>
      </form>
    </EKycFrame>
  );
}
