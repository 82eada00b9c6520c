/**
 * The code sign-in screens (spec 002 §2.11, 000 §5): the mobile number with Login (or "Logout All
 * Session" after a conflict), then the OTP with Resend after the countdown, Verify OTP and Go back
 * to login screen. Both run the group's one eKycLogin actor; each screen sends the user to the
 * other when the flow moves there.
 */
import { useSelector } from "@xstate/react";
import type { FormEvent, ReactNode } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { fieldMessages } from "../../domain/auth/fieldMessages";
import { MOBILE_DIGITS, maskMobile, OTP_LENGTH } from "../../domain/auth/otpLogin";
import { MSG } from "../../domain/shared/messages";
import { forgetMobiles, rememberedMobiles } from "../../infra/rememberedMobiles";
import { eKycScreenOf } from "../../machines/ekyc/eKycLogin";
import { Field, FormMessages } from "../auth/fields";
import { useOptionalServices } from "../services";
import type { EKycLoginActor } from "./eKycFlows";
import { startGroupFlow } from "./eKycLoginActor";
import { RETAILER_NUMBER_PATHS, type SignInGroup } from "./groups";
import "./ekyc.css";

type Props = { group: SignInGroup; actor?: EKycLoginActor };

function useFlow({ group, actor }: Props) {
  const services = useOptionalServices();
  const flow =
    actor ?? services?.eKyc.actor(group.platform, () => startGroupFlow(group, services.application));
  if (!flow) throw new Error("The composition root provides the code sign-in flows");
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

/**
 * The number step's form, whatever gives the number: the conflict's message and "Logout All
 * Session", the last attempt's messages, and Login.
 */
function MobileForm({
  flow,
  state,
  group,
  children,
}: ReturnType<typeof useFlow> & Props & { children: ReactNode }) {
  const send = flow.send;
  const { detail, conflict } = state.context;
  const inConflict = state.matches("conflict");
  const busy = state.matches("loggingIn") || state.matches("sendingOtp") || state.matches("loggingOutAll");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(inConflict ? { type: "logoutAll.submit" } : { type: "login.submit" });
  };
  const messages = [...(inConflict && conflict ? [conflict.detail] : []), ...(detail ? [detail] : [])];
  return (
    <EKycFrame title={group.title}>
      <h1 className="ekyc-title">Login with your mobile number</h1>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormMessages messages={messages} />
        {children}
        <button className="button button-primary" type="submit" disabled={busy}>
          {inConflict ? MSG.logoutAllSession : busy ? "Please wait…" : "Login"}
        </button>
      </form>
    </EKycFrame>
  );
}

export function EKycLoginScreen(props: Props) {
  const flow = useFlow(props);
  if (flow.screen === "otp") return <Redirect to={props.group.otpPath} />;
  const { mobile, fieldErrors } = flow.state.context;
  const saved = props.group.remembersNumbers && rememberedMobiles().length > 0;
  return (
    <MobileForm {...props} {...flow}>
      <Field
        label="Mobile number"
        name="mobile"
        type="number"
        inputMode="numeric"
        autoComplete="tel-national"
        value={mobile}
        placeholder={`${MOBILE_DIGITS} digit mobile number`}
        onChange={(e) => flow.flow.send({ type: "mobile.change", value: e.target.value })}
        errors={fieldMessages(fieldErrors, "login_username")}
      />
      {saved && <Link href={RETAILER_NUMBER_PATHS.choose}>Choose a saved number</Link>}
    </MobileForm>
  );
}

/** /retailers/choose-mobile-number: a number this device signed in with, shown masked. */
export function ChooseMobileScreen(props: Props) {
  const flow = useFlow(props);
  const [, navigate] = useLocation();
  const numbers = rememberedMobiles();
  if (flow.screen === "otp") return <Redirect to={props.group.otpPath} />;
  if (numbers.length === 0) return <Redirect to={RETAILER_NUMBER_PATHS.enter} replace />;
  const { mobile, fieldErrors } = flow.state.context;
  const errors = fieldMessages(fieldErrors, "login_username");
  const forget = () => {
    forgetMobiles();
    navigate(RETAILER_NUMBER_PATHS.enter, { replace: true });
  };
  return (
    <MobileForm {...props} {...flow}>
      <fieldset className="ekyc-numbers" aria-describedby={errors.length ? "saved-number-errors" : undefined}>
        <legend>Choose your mobile number</legend>
        {numbers.map((digits) => (
          <label key={digits} className="ekyc-number">
            <input
              type="radio"
              name="mobile"
              value={digits}
              checked={mobile === digits}
              onChange={() => flow.flow.send({ type: "mobile.change", value: digits })}
            />
            {maskMobile(digits)}
          </label>
        ))}
        {errors.length > 0 && (
          <ul className="field-errors" id="saved-number-errors">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </fieldset>
      <p className="ekyc-links">
        <Link href={RETAILER_NUMBER_PATHS.enter}>Use another mobile number</Link>
        <button type="button" className="link-button" onClick={forget}>
          Forget saved numbers
        </button>
      </p>
    </MobileForm>
  );
}

/** /retailers/login: the saved numbers to choose from when this device has any, else the number field. */
export function RetailerEntry() {
  const to = rememberedMobiles().length > 0 ? RETAILER_NUMBER_PATHS.choose : RETAILER_NUMBER_PATHS.enter;
  return <Redirect to={to} replace />;
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
