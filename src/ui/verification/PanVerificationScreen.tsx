/**
 * PAN verification (000 route list; 001 §7 verify GST or PAN): checks one PAN (the holder's name)
 * or GST number (trade name, legal name, registration status) outside any outlet, with the §8
 * texts, and lists the recent PAN and GST checks.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Effect } from "effect";
import { useState } from "react";
import { checkPanGst, verificationKeys } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { LoadingButton, Select, TextInput } from "../widgets/Controls";
import CheckResult, { type Outcome } from "./CheckResult";
import RecentChecks from "./RecentChecks";
import VerifierOnly from "./VerifierOnly";

const TITLE = "PAN verification";
const FOUND = [
  ["name", "PAN holder"],
  ["tradeNam", "Trade name"],
  ["lgnm", "Legal name"],
  ["dty", "Registration status"],
] as const;

type Answer = Effect.Success<ReturnType<typeof checkPanGst>>;

/** The names the check found, labelled; a refusal as it is. */
const outcomeOf = (answer: Answer | undefined): Outcome | undefined =>
  answer &&
  ("refused" in answer
    ? answer
    : {
        detail: answer.detail,
        found: FOUND.flatMap(([key, label]) => (answer[key] ? [[label, answer[key]] as const] : [])),
      });

function PanGstCheck() {
  const queries = useQueryClient();
  const [inputType, setInputType] = useState<"pan" | "gst">("pan");
  const [input, setInput] = useState("");
  const check = useMutation({
    mutationFn: () => runApi(checkPanGst({ input_type: inputType, input: input.trim().toUpperCase() })),
    onSettled: () => void queries.invalidateQueries({ queryKey: verificationKeys.checks }),
  });
  return (
    <form
      className="card verification-form"
      aria-labelledby="pan-check-title"
      onSubmit={(e) => {
        e.preventDefault();
        check.mutate();
      }}
    >
      <h2 id="pan-check-title">Check a PAN or GST number</h2>
      <div className="verification-fields">
        <Select
          label="Number"
          options={[
            { label: "PAN", value: "pan" },
            { label: "GST", value: "gst" },
          ]}
          value={inputType}
          onChange={(v) => {
            setInputType(v as "pan" | "gst");
            setInput("");
            check.reset();
          }}
        />
        <TextInput
          label={inputType === "pan" ? "PAN number" : "GST number"}
          placeholder={inputType === "pan" ? "ABCDE1234F" : "27ABCDE1234F1Z5"}
          maxLength={inputType === "pan" ? 10 : 15}
          value={input}
          onChange={(e) => setInput(e.target.value.toUpperCase())}
        />
      </div>
      <LoadingButton type="submit" loading={check.isPending} disabled={input.trim() === ""}>
        Check
      </LoadingButton>
      <CheckResult outcome={outcomeOf(check.data)} failed={check.isError} />
    </form>
  );
}

export default function PanVerificationScreen() {
  return (
    <VerifierOnly title={TITLE}>
      <div className="page">
        <h1>{TITLE}</h1>
        <PanGstCheck />
        <RecentChecks kinds={["pan", "gst"]} />
      </div>
    </VerifierOnly>
  );
}
