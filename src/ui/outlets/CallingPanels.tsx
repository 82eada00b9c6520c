/**
 * The calling executive's main tabs the spec names without content (001 §2.1; docs/calling.md):
 * invoice guidance (invoice calls), the payment result (kyc_update calls) and Details to Inform
 * (confirmation calls, the IFTU executive too), each built from the outlet's own data.
 */
import {
  type CallingFact,
  detailsToInform,
  invoiceGuidance,
  type PaymentOutcome,
  paymentResult,
} from "../../domain/outlets/calling";
import { NOT_AVAILABLE, type OutletReview } from "../../domain/outlets/outletReview";

function Facts({ facts, label }: { facts: readonly CallingFact[]; label: string }) {
  return (
    <dl className="calling-facts" aria-label={label}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value ?? NOT_AVAILABLE}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InvoiceGuidance({ outlet }: { outlet: OutletReview }) {
  const g = invoiceGuidance(outlet);
  return (
    <>
      <p>Guide the retailer to raise the invoice with these details:</p>
      <Facts facts={g.facts} label="What the invoice needs" />
      <p>{g.invoiceOnFile ? "An invoice is on file for this outlet." : "No invoice is on file yet."}</p>
      {g.missing.length > 0 ? (
        <>
          <p>Missing before the invoice can be raised:</p>
          <ul aria-label="Missing">
            {g.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing is missing.</p>
      )}
    </>
  );
}

const OUTCOME_TEXT: Readonly<Record<PaymentOutcome, string>> = {
  none: "No payment has been recorded for this outlet yet.",
  succeeded: "The latest payment succeeded.",
  notSucceeded: "The latest payment has not succeeded.",
};

export function PaymentResult({ outlet }: { outlet: OutletReview }) {
  const r = paymentResult(outlet);
  return (
    <>
      <p>{OUTCOME_TEXT[r.outcome]}</p>
      <Facts facts={r.facts} label="Latest payout and transaction" />
    </>
  );
}

export function DetailsToInform({ outlet }: { outlet: OutletReview }) {
  const d = detailsToInform(outlet);
  return (
    <>
      <h3>Payment</h3>
      <Facts facts={d.payment} label="Payment" />
      <h3>KYC details</h3>
      <Facts facts={d.kyc} label="KYC details" />
    </>
  );
}
