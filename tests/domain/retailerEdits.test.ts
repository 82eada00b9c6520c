import { describe, expect, it } from "vitest";
import {
  changedTypes,
  editProblems,
  GST_INVALID,
  OutletEditBody,
  PAN_INVALID,
  PIN_INVALID,
  TEXT_FIELDS,
} from "../../src/domain/outlets/outletEdit";
import {
  CHOOSE_REASON,
  DecisionBody,
  raisedOn,
  requestHeading,
  requestTable,
  savingBlocked,
  tableCell,
} from "../../src/domain/outlets/retailerRequests";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import { MAX_IMAGES_MESSAGE } from "../../src/domain/shared/widgets";
import { sampleEditValues } from "../machines/fixtures/outletEdit";
import { samplePendingDetail } from "../machines/fixtures/retailerSamples";

describe("the request review table (001 §2.6, §3)", () => {
  it("capitalises cells and cuts them at 23 characters plus dots", () => {
    expect(tableCell("savings")).toBe("Savings");
    expect(tableCell("12, Old Market Road, Bengaluru")).toBe("12, Old Market Road, Be...");
    expect(tableCell("12, Old Market Road, Be")).toBe("12, Old Market Road, Be");
    expect(tableCell(null)).toBe("N/A");
  });

  it("maps the store fields, phone 1 and 2 as phone and alternate phone, and marks changed rows", () => {
    const rows = requestTable(samplePendingDetail, "store_details");
    expect(rows.map((r) => r.field)).toEqual([
      "Name",
      "Email",
      "Address",
      "State",
      "City",
      "Pin Code",
      "Phone Number",
      "Alternate Phone Number",
    ]);
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(["Address"]);
    expect(rows.find((r) => r.field === "Phone Number")!.current).toBe("9876543210");
  });

  it("reads the PAN holder from the PAN answer and the branch name from the bank", () => {
    const tax = requestTable(samplePendingDetail, "tax_details");
    expect(tax.find((r) => r.field === "Pan Holder Name")!.current).toBe("Ravi Kumar");
    const bank = requestTable(samplePendingDetail, "bank_details");
    expect(bank.find((r) => r.field === "Branch Name")!.current).toBe("State Bank of India");
  });

  it("titles and dates a request in the spec's words", () => {
    expect(requestHeading("bank_details")).toBe("Bank Details Edit Request");
    expect(raisedOn("2026-11-20T04:30:00Z")).toBe("Raised on 20-Nov-2026 at 10:00 AM");
    expect(raisedOn("2026-11-20T18:45:00Z")).toBe("Raised on 21-Nov-2026 at 12:15 AM");
  });

  it("blocks saving while any request is pending (§4.4)", () => {
    expect(
      savingBlocked([{ retailer_master_status: "accepted" }, { retailer_master_status: "pending" }]),
    ).toBe(true);
    expect(savingBlocked([{ retailer_master_status: "rejected" }])).toBe(false);
  });
});

describe("the decision body", () => {
  it("needs a reason from the list when rejecting", () => {
    expect(decodeFields(DecisionBody, { request_id: 3, status: "rejected" })).toEqual({
      ok: false,
      errors: { rejection_reason: [CHOOSE_REASON] },
    });
    expect(
      decodeFields(DecisionBody, { request_id: 3, status: "rejected", rejection_reason: "nope" }),
    ).toEqual({
      ok: false,
      errors: { rejection_reason: ['"nope" is not a valid choice.'] },
    });
    expect(
      decodeFields(DecisionBody, { request_id: 3, status: "rejected", rejection_reason: "proof_not_clear" }),
    ).toEqual({
      ok: true,
      value: { request_id: 3, status: "rejected", rejection_reason: "proof_not_clear" },
    });
    expect(decodeFields(DecisionBody, { request_id: "x", status: "maybe" })).toEqual({
      ok: false,
      errors: { request_id: ["Give the id of one record."], status: ['"maybe" is not a valid choice.'] },
    });
  });
});

describe("the outlet edit (001 §3, §5.5)", () => {
  it("checks PAN and GST with the shared validators and keeps every message per field", () => {
    const errors = editProblems({ ...sampleEditValues, pan_number: "ABC123", gst_number: "29ABCPK1234F1Z4" });
    expect(errors).toEqual({ pan_number: [PAN_INVALID], gst_number: [GST_INVALID] });
    expect(editProblems(sampleEditValues)).toEqual({});
  });

  it("says what is wrong with an IFSC: its length, else its pattern (000 §5: four letters, a zero, six)", () => {
    expect(editProblems({ ...sampleEditValues, ifsc_code: "HDFC000123" }).ifsc_code).toEqual([
      "IFSC Code must be exactly 11 characters! ",
    ]);
    expect(editProblems({ ...sampleEditValues, ifsc_code: "ABCD1234567" }).ifsc_code).toEqual([
      "IFSC Code must be four letters, a zero and six letters or digits! ",
    ]);
    expect(editProblems({ ...sampleEditValues, ifsc_code: "HDFC0001234" }).ifsc_code).toBeUndefined();
  });

  it("makes one request per type with a changed field or a proof image", () => {
    const data = {
      ...sampleEditValues,
      pan_number: "ABCPE9876K",
      ownership_proof: [],
      address_proof: [4],
      bank_related_photo_proofs: [],
      gst_number_photo_proofs: [],
      pan_number_photo_proofs: [],
    };
    expect(changedTypes(sampleEditValues, data)).toEqual(["store_details", "tax_details"]);
  });

  it("reads the PATCH body: unknown fields, bad lists and a fourth image are named", () => {
    const data = Object.fromEntries(TEXT_FIELDS.map((f) => [f, sampleEditValues[f]]));
    const read = decodeFields(OutletEditBody, {
      data: { ...data, colour: "red", address_proof: [1, 2, 3, 4], pan_number_photo_proofs: "x" },
    });
    expect(read).toEqual({
      ok: false,
      errors: {
        colour: ["Not a field of the outlet edit form."],
        address_proof: [MAX_IMAGES_MESSAGE],
        pan_number_photo_proofs: ["Give a list of image ids."],
      },
    });
    const good = decodeFields(OutletEditBody, {
      data: { ...data, pan_number: "abcpe9876k", address_proof: [4, 4] },
    });
    expect(good.ok && good.value.pan_number).toBe("ABCPE9876K");
    expect(good.ok && good.value.address_proof).toEqual([4]);
    expect(decodeFields(OutletEditBody, { data: null })).toEqual({
      ok: false,
      errors: { data: ["Give the edited fields as an object."] },
    });
    expect(decodeFields(OutletEditBody, { data: { ...data, pin_code: "12" } })).toEqual({
      ok: false,
      errors: { pin_code: [PIN_INVALID] },
    });
  });
});
