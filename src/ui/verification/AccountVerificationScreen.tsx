/**
 * Account verification and its secure variant (000 route list; 001 §7 bank account verify): a
 * penny-drop on an account number at an IFSC, answering the holder's name at the bank. The secure
 * variant also names the holder expected and passes only when the bank's name matches it
 * (docs/verification.md). The recent account checks are listed below.
 */
import { useState } from "react";
import type { ScreenCheck } from "../../domain/verification/verification";
import { LoadingButton, TextInput } from "../widgets/Controls";
import CheckResult from "./CheckResult";
import RecentChecks from "./RecentChecks";
import { useVerificationCheck, type VerificationCheckActors } from "./useVerificationCheck";
import VerifierOnly from "./VerifierOnly";

const FOUND = [["other_account_holder_name", "Account holder"]] as const;

type Fields = { account: string; ifsc: string; phone: string; holder: string | null };

/** The fields as the check's body; the secure variant (a holder, even blank) names the expected name. */
const accountCheck = ({ account, ifsc, phone, holder }: Fields): ScreenCheck => ({
  check: "bankAccount",
  body: {
    to_account_number: account.trim(),
    to_account_ifsc_code: ifsc.trim().toUpperCase(),
    ...(phone.trim() ? { phone_number: phone.trim() } : {}),
    ...(holder === null ? {} : { expected_name: holder.trim() }),
  },
});

function AccountCheck({ secure, actors }: { secure: boolean; actors?: VerificationCheckActors }) {
  const [fields, setFields] = useState<Fields>({
    account: "",
    ifsc: "",
    phone: "",
    holder: secure ? "" : null,
  });
  const [state, send] = useVerificationCheck(accountCheck(fields), actors);
  const editable = state.can({ type: "request.change", request: state.context.request });
  const set = (field: keyof Fields, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    send({ type: "request.change", request: accountCheck(next) });
  };
  return (
    <form
      className="card verification-form"
      aria-labelledby="account-check-title"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "check" });
      }}
    >
      <h2 id="account-check-title">{secure ? "Check an account and its holder" : "Check an account"}</h2>
      {secure && (
        <p className="page-lead">
          A penny-drop to the account that passes only when the bank's holder has the same name as the one
          given here (the same words, in any order and case).
        </p>
      )}
      <div className="verification-fields">
        <TextInput
          label="Account number"
          inputMode="numeric"
          maxLength={18}
          placeholder="9 to 18 digits"
          value={fields.account}
          disabled={!editable}
          onChange={(e) => set("account", e.target.value.replace(/\D/g, ""))}
        />
        <TextInput
          label="IFSC code"
          maxLength={11}
          placeholder="SBIN0001234"
          value={fields.ifsc}
          disabled={!editable}
          onChange={(e) => set("ifsc", e.target.value.toUpperCase())}
        />
        <TextInput
          label="Linked phone number (optional)"
          maxLength={13}
          placeholder="+919876543210"
          value={fields.phone}
          disabled={!editable}
          onChange={(e) => set("phone", e.target.value)}
        />
        {secure && (
          <TextInput
            label="Account holder's name"
            maxLength={200}
            placeholder="As on record"
            value={fields.holder ?? ""}
            disabled={!editable}
            onChange={(e) => set("holder", e.target.value)}
          />
        )}
      </div>
      <LoadingButton type="submit" loading={state.hasTag("busy")} disabled={!state.can({ type: "check" })}>
        Check
      </LoadingButton>
      <CheckResult state={state} labels={FOUND} />
    </form>
  );
}

function AccountVerification({ secure, actors }: { secure: boolean; actors?: VerificationCheckActors }) {
  const title = secure ? "Secure account verification" : "Account verification";
  return (
    <VerifierOnly title={title}>
      <div className="page">
        <h1>{title}</h1>
        <AccountCheck secure={secure} actors={actors} />
        <RecentChecks kinds={["bank_account"]} />
      </div>
    </VerifierOnly>
  );
}

export default function AccountVerificationScreen({ actors }: { actors?: VerificationCheckActors }) {
  return <AccountVerification secure={false} actors={actors} />;
}

export function SecureAccountVerificationScreen({ actors }: { actors?: VerificationCheckActors }) {
  return <AccountVerification secure={true} actors={actors} />;
}
