// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answerVerificationAfterEdit,
  inputFormatOk,
  maskedInput,
  namesMatch,
  VERIFICATION_MSG,
  verificationResets,
} from "../../src/domain/verification/verification";

describe("001 §8 verification texts, word for word", () => {
  it("keeps the spec's wording, typos included", () => {
    expect(VERIFICATION_MSG.gstSuccess).toBe("GST number validated successfully.");
    expect(VERIFICATION_MSG.gstFailure).toBe(
      "Invalid GST format. The given GST number is not in the proper format.",
    );
    expect(VERIFICATION_MSG.panSuccess).toBe("PAN number validated successfully.");
    expect(VERIFICATION_MSG.panFailure).toBe(
      "Invalid PAN number. The given PAN number is not in the proper format or invalid.",
    );
    expect(VERIFICATION_MSG.questionSuccess).toBe("Validated Successfully !!");
    expect(VERIFICATION_MSG.upiSuccess).toBe("Validated Successfully !!1");
    expect(VERIFICATION_MSG.questionFailure).toBe("Validation Failed !!");
    expect(VERIFICATION_MSG.accountSuccess).toBe("Validated Sucessfully !!");
    expect(VERIFICATION_MSG.noProvider).toBe("No KYC provider is configured");
  });
});

describe("§4.3 a changed value is not verified", () => {
  it("names RS000006's changed PAN, and nothing for a value written again", () => {
    expect(verificationResets({ pan_number: "WVHPM2825B" }, { pan_number: "ABCDE1234F" })).toEqual([
      "pan_number",
    ]);
    expect(verificationResets({ pan_number: "WVHPM2825B" }, { pan_number: " wvhpm2825b " })).toEqual([]);
    expect(
      verificationResets(
        { pan_number: "A", gst_number: "B", ifsc_code: "SBIN0000001", account_number: "123456789" },
        { ifsc_code: "HDFC0000001", account_number: "123456789" },
      ),
    ).toEqual(["ifsc_code"]);
  });

  it("resets exactly the values whose text changed (property)", () => {
    const value = fc.option(fc.stringMatching(/^[A-Z0-9]{0,6}$/), { nil: null });
    fc.assert(
      fc.property(value, value, (a, b) => {
        const resets = verificationResets({ pan_number: a }, { pan_number: b });
        expect(resets.length === 1).toBe((a ?? "") !== (b ?? ""));
      }),
    );
  });

  it("clears verified on a changed answer and verified_secondary on a changed linked IFSC only", () => {
    const before = {
      single_input: "123456789012",
      other_ifsc_code: "SBIN0000001",
      verified: true,
      verified_secondary: true,
    };
    expect(
      answerVerificationAfterEdit("account_number", before, {
        single_input: "123456789012",
        other_ifsc_code: "HDFC0000001",
      }),
    ).toEqual({ verified: true, verified_secondary: false });
    expect(
      answerVerificationAfterEdit("account_number", before, {
        single_input: "999999999",
        other_ifsc_code: "SBIN0000001",
      }),
    ).toEqual({ verified: false, verified_secondary: true });
    // A text answer has no verified state to lose.
    expect(
      answerVerificationAfterEdit(
        "text",
        { ...before, verified: true },
        { single_input: "x", other_ifsc_code: "SBIN0000001" },
      ),
    ).toEqual({ verified: true, verified_secondary: true });
  });
});

describe("the checks' inputs", () => {
  it("checks 000 §7.6 formats before any provider is asked", () => {
    expect(inputFormatOk("pan", "WVHPM2825B")).toBe(true);
    expect(inputFormatOk("pan", "WVHPM2825")).toBe(false);
    expect(inputFormatOk("ifsc", "SBIN0000001")).toBe(true);
    expect(inputFormatOk("ifsc", "SBIN1000001")).toBe(false);
    expect(inputFormatOk("bank_account", "12345678")).toBe(false);
    expect(inputFormatOk("upi", "ramesh.kumar@okicici")).toBe(true);
  });

  it("never writes a whole PAN, account number or UPI id to a log", () => {
    expect(maskedInput("pan", "WVHPM2825B")).toBe("******825B");
    expect(maskedInput("bank_account", "123456789012")).toBe("********9012");
    expect(maskedInput("upi", "ramesh.kumar@okicici")).toBe("**********ar@okicici");
    expect(maskedInput("ifsc", "sbin0000001")).toBe("SBIN0000001");
  });

  it("matches names word for word, in any order and case", () => {
    expect(namesMatch("Ramesh Kumar", "KUMAR  RAMESH")).toBe(true);
    expect(namesMatch("Ramesh Kumar", "Ramesh K")).toBe(false);
    expect(namesMatch("", "")).toBe(false);
  });
});
