import { describe, expect, it } from "vitest";
import { actionConflict, UPLOAD_MSG, uploadCancelledByConfirm } from "../../src/domain/uploads/bulkUpload";

const job = (status: Parameters<typeof actionConflict>[0]["status"], message: string | null = null) => ({
  status,
  message,
  total_clean_objects: 3,
});

describe("actionConflict: why an action on a job lost a race", () => {
  it("names what the other request did", () => {
    expect(actionConflict(job("active"))).toBe(UPLOAD_MSG.alreadyConfirmed);
    expect(actionConflict(job("under_activation"))).toBe(UPLOAD_MSG.paymentUnderway);
    expect(actionConflict(job("cancelled"))).toBe(UPLOAD_MSG.alreadyCancelled);
    expect(actionConflict(job("cancelled", uploadCancelledByConfirm(12)))).toBe(
      "Cancelled when upload 12 was confirmed.",
    );
  });

  it("is null where the job's state is not another request's doing", () => {
    expect(actionConflict(job("completed"))).toBeNull();
    expect(actionConflict(job("processing"))).toBeNull();
    expect(actionConflict(job("failed", "The first sheet has no header row."))).toBeNull();
    expect(actionConflict(job("cancelled", "Cancelled when upload twelve was confirmed."))).toBe(
      UPLOAD_MSG.alreadyCancelled,
    );
  });
});
