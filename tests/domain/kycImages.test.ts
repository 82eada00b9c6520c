import { describe, expect, it } from "vitest";
import { imageTypeOf, isImageEntry, NOT_AN_IMAGE, rsidOfImageName } from "../../src/domain/uploads/kycImages";

describe("KYC image names", () => {
  it("reads the RSID from the name, without folders, extension or what follows an underscore", () => {
    expect(rsidOfImageName("RS000001.jpg")).toBe("RS000001");
    expect(rsidOfImageName("kyc/mumbai/RS000001_pan.jpeg")).toBe("RS000001");
    expect(rsidOfImageName("RS000002_bank_front.png")).toBe("RS000002");
    expect(rsidOfImageName("RS000003")).toBe("RS000003");
  });

  it("leaves out folders and the files an operating system adds", () => {
    expect(isImageEntry("kyc/")).toBe(false);
    expect(isImageEntry("__MACOSX/kyc/._RS000001.jpg")).toBe(false);
    expect(isImageEntry("kyc/.DS_Store")).toBe(false);
    expect(isImageEntry("kyc/RS000001.jpg")).toBe(true);
  });

  it("tells the image type from the first bytes, whatever the name says", () => {
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(imageTypeOf(new TextEncoder().encode("%PDF-1.7"))).toBe(NOT_AN_IMAGE);
  });
});
