/**
 * PAN verification (000 route list; 001 §7 verify GST or PAN): checks one PAN (the holder's name)
 * or GST number (trade name, legal name, registration status) outside any outlet, with the §8
 * texts, and lists the recent PAN and GST checks.
 */
import type { ScreenCheck } from "../../domain/verification/verification";
import { LoadingButton, Select, TextInput } from "../widgets/Controls";
import CheckResult from "./CheckResult";
import RecentChecks from "./RecentChecks";
import { useVerificationCheck, type VerificationCheckActors } from "./useVerificationCheck";
import VerifierOnly from "./VerifierOnly";

const TITLE = "PAN verification";
const FOUND = [
  ["name", "PAN holder"],
  ["tradeNam", "Trade name"],
  ["lgnm", "Legal name"],
  ["dty", "Registration status"],
] as const;

const panGst = (input_type: "pan" | "gst", input: string): ScreenCheck => ({
  check: "panGst",
  body: { input_type, input: input.trim().toUpperCase() },
});

function PanGstCheck({ actors }: { actors?: VerificationCheckActors }) {
  const [state, send] = useVerificationCheck(panGst("pan", ""), actors);
  const { body } = state.context.request as Extract<ScreenCheck, { check: "panGst" }>;
  const change = (request: ScreenCheck) => send({ type: "request.change", request });
  const editable = state.can({ type: "request.change", request: state.context.request });
  return (
    <form
      className="card verification-form"
      aria-labelledby="pan-check-title"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "check" });
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
          value={body.input_type}
          onChange={(v) => change(panGst(v as "pan" | "gst", ""))}
        />
        <TextInput
          label={body.input_type === "pan" ? "PAN number" : "GST number"}
          placeholder={body.input_type === "pan" ? "ABCDE1234F" : "27ABCDE1234F1Z5"}
          maxLength={body.input_type === "pan" ? 10 : 15}
          value={body.input}
          disabled={!editable}
          onChange={(e) => change(panGst(body.input_type, e.target.value))}
        />
      </div>
      <LoadingButton type="submit" loading={state.hasTag("busy")} disabled={!state.can({ type: "check" })}>
        Check
      </LoadingButton>
      <CheckResult state={state} labels={FOUND} />
    </form>
  );
}

export default function PanVerificationScreen({ actors }: { actors?: VerificationCheckActors }) {
  return (
    <VerifierOnly title={TITLE}>
      <div className="page">
        <h1>{TITLE}</h1>
        <PanGstCheck actors={actors} />
        <RecentChecks kinds={["pan", "gst"]} />
      </div>
    </VerifierOnly>
  );
}
