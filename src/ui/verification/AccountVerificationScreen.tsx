/**
 * Account verification and its secure variant (000 route list; 001 §7 bank account verify): a
 * penny-drop on an account number at an IFSC, answering the holder's name at the bank. The secure
 * variant also names the holder expected and passes only when the bank's name matches it
 * (docs/verification.md). The recent account checks are listed below.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { checkBankAccount, verificationKeys } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { LoadingButton, TextInput } from "../widgets/Controls";
import CheckResult from "./CheckResult";
import RecentChecks from "./RecentChecks";
import VerifierOnly from "./VerifierOnly";

function AccountCheck({ secure }: { secure: boolean }) {
  const queries = useQueryClient();
  const [account, setAccount] = useState("");
  const [ifsc, setIfsc] = useState("");
  const [phone, setPhone] = useState("");
  const [holder, setHolder] = useState("");
  const check = useMutation({
    mutationFn: () =>
      runApi(
        checkBankAccount({
          to_account_number: account.trim(),
          to_account_ifsc_code: ifsc.trim().toUpperCase(),
          ...(phone.trim() ? { phone_number: phone.trim() } : {}),
          ...(secure ? { expected_name: holder.trim() } : {}),
        }),
      ),
    onSettled: () => void queries.invalidateQueries({ queryKey: verificationKeys.checks }),
  });
  const answer = check.data;
  const ready = account.trim() !== "" && ifsc.trim() !== "" && (!secure || holder.trim() !== "");
  return (
    <form
      className="card verification-form"
      aria-labelledby="account-check-title"
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate();
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
          value={account}
          onChange={(e) => setAccount(e.target.value.replace(/\D/g, ""))}
        />
        <TextInput
          label="IFSC code"
          maxLength={11}
          placeholder="SBIN0001234"
          value={ifsc}
          onChange={(e) => setIfsc(e.target.value.toUpperCase())}
        />
        <TextInput
          label="Linked phone number (optional)"
          maxLength={13}
          placeholder="+919876543210"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        {secure && (
          <TextInput
            label="Account holder's name"
            maxLength={200}
            placeholder="As on record"
            value={holder}
            onChange={(e) => setHolder(e.target.value)}
          />
        )}
      </div>
      <LoadingButton type="submit" loading={check.isPending} disabled={!ready}>
        Check
      </LoadingButton>
      <CheckResult
        outcome={
          answer &&
          ("refused" in answer
            ? answer
            : {
                detail: answer.detail,
                found: [
                  ["Account holder", answer.other_account_holder_name],
                  ...(answer.name_match === null
                    ? []
                    : [["Name match", answer.name_match ? "Matches" : "Does not match"] as const]),
                ],
              })
        }
        failed={check.isError}
      />
    </form>
  );
}

function AccountVerification({ secure }: { secure: boolean }) {
  const title = secure ? "Secure account verification" : "Account verification";
  return (
    <VerifierOnly title={title}>
      <div className="page">
        <h1>{title}</h1>
        <AccountCheck secure={secure} />
        <RecentChecks kinds={["bank_account"]} />
      </div>
    </VerifierOnly>
  );
}

export default function AccountVerificationScreen() {
  return <AccountVerification secure={false} />;
}

export function SecureAccountVerificationScreen() {
  return <AccountVerification secure={true} />;
}
