import { describe, expect, it } from "vitest";
import {
  callingTrackerReasonsComplete,
  formatPhone433,
  isSuccessfulReason,
  paymentResult,
  savedAnswersComplete,
} from "../../src/domain/outlets/calling";

describe("the calling desk's rules (001 §2.3, §4.5)", () => {
  it("shows a phone 4-3-3, a +91 prefix stripped", () => {
    expect(formatPhone433("9876543210")).toBe("9876 543 210");
    expect(formatPhone433("+919876543210")).toBe("9876 543 210");
    expect(formatPhone433("12345")).toBe("12345");
  });

  it("counts a reason as successful when it includes 'successful'", () => {
    expect(isSuccessfulReason("call_successful")).toBe(true);
    expect(isSuccessfulReason("not_reachable")).toBe(false);
    expect(isSuccessfulReason(null)).toBe(false);
  });

  it("calls the reasons complete when every reason includes 'successful', or reasons were given for all items", () => {
    expect(callingTrackerReasonsComplete([{ reason: null }, { reason: null }])).toBe(false);
    expect(callingTrackerReasonsComplete([{ reason: "call_successful" }, { reason: null }])).toBe(true);
    expect(callingTrackerReasonsComplete([{ reason: "not_reachable" }, { reason: null }])).toBe(false);
    expect(
      callingTrackerReasonsComplete([
        { reason: "call_successful" },
        { reason: "not_reachable" },
        { reason: null },
      ]),
    ).toBe(false);
    expect(callingTrackerReasonsComplete([{ reason: "not_reachable" }, { reason: "wrong_number" }])).toBe(
      true,
    );
    expect(callingTrackerReasonsComplete([])).toBe(true);
  });

  it("calls the saved answers complete when their count equals the question groups and none is empty", () => {
    expect(savedAnswersComplete([[1], [2]], 2)).toBe(true);
    expect(savedAnswersComplete([[1], []], 2)).toBe(false);
    expect(savedAnswersComplete([[1]], 2)).toBe(false);
  });

  it("says whether the latest payment succeeded, and that there is none before the first", () => {
    const outlet = (payment_status: string | null) => ({
      name: "Joshi Bazaar",
      gst_number: null,
      pan_number: null,
      gst_legal_name: null,
      gst_trade_name: null,
      workflow_object: {
        amount_to_pay: "1250.00",
        client_payout_month: null,
        rs_payout_month: null,
        payment_status,
        payment_date: null,
        payment_remarks: null,
        utr_number: null,
        bank: null,
        branch: null,
        account_number: null,
        ifsc_code: null,
        account_holder_name: null,
        invoice_data: null,
      },
    });
    expect(paymentResult(outlet(null)).outcome).toBe("none");
    expect(paymentResult(outlet(" ")).outcome).toBe("none");
    expect(paymentResult(outlet("payment_successful")).outcome).toBe("succeeded");
    expect(paymentResult(outlet("payment_failed")).outcome).toBe("notSucceeded");
  });
});
