// @vitest-environment node
/** The reference image rule (001 §3 Question reference_images; docs/survey.md), with literal cases. */
import { describe, expect, it } from "vitest";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import {
  ReferenceImagesSave,
  readReferenceImages,
  referenceImageAlt,
  referenceImageProblems,
  splitReferenceImages,
} from "../../src/domain/survey/referenceImages";
import { checkValue, rowValidator, UPLOAD_TYPES } from "../../src/domain/uploads/uploadTypes";

const noRefs = () => [];

describe("reference images", () => {
  it("splits on ; and new lines, trims, and leaves blanks out", () => {
    expect(splitReferenceImages(" https://cdn.example.in/a.jpg ;\n/reference-images/b.svg\r\n\n;")).toEqual([
      "https://cdn.example.in/a.jpg",
      "/reference-images/b.svg",
    ]);
    expect(splitReferenceImages("   ")).toEqual([]);
  });

  it("takes https addresses and paths of this site", () => {
    expect(
      readReferenceImages(
        "https://cdn.example.in/boards/good.jpg?w=640;HTTPS://Example.in/x.png\n/reference-images/shop-board-visible.svg",
      ),
    ).toEqual({
      images: [
        "https://cdn.example.in/boards/good.jpg?w=640",
        "HTTPS://Example.in/x.png",
        "/reference-images/shop-board-visible.svg",
      ],
      problems: [],
    });
  });

  it("names each bad address by its place, with what is wrong", () => {
    expect(
      referenceImageProblems([
        "http://cdn.example.in/a.jpg",
        "ftp://cdn.example.in/a.jpg",
        "images/a.jpg",
        "//evil.example/a.jpg",
        "https://user:secret@cdn.example.in/a.jpg",
        "https://cdn.example.in/a b.jpg",
      ]),
    ).toEqual([
      "A question takes at most 5 reference images; 6 were given.",
      "Reference image 1 (http://cdn.example.in/a.jpg) is not served over https: give its https:// address.",
      "Reference image 2 (ftp://cdn.example.in/a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
      "Reference image 3 (images/a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
      "Reference image 4 (//evil.example/a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
      "Reference image 5 (https://user:secret@cdn.example.in/a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
      "Reference image 6 (https://cdn.example.in/a b.jpg) holds a space: separate addresses with ; or a new line, and write a space inside an address as %20.",
    ]);
  });

  it("refuses a repeated address, a backslash path, javascript: and an address over 1000 characters", () => {
    const long = `https://cdn.example.in/${"a".repeat(980)}.jpg`;
    expect(
      referenceImageProblems(["/r/a.svg", "/r/a.svg", "/\\evil.example/a.jpg", "javascript:alert(1)", long]),
    ).toEqual([
      "Reference image 2 (/r/a.svg) repeats an earlier one.",
      "Reference image 3 (/\\evil.example/a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
      "Reference image 4 (javascript:alert(1)) is not an image address: give an https:// address or a path of this site starting with /.",
      "Reference image 5 is longer than 1000 characters.",
    ]);
  });

  it("is the questions upload's rule for the reference_images column, one cell's problems together", () => {
    expect(
      checkValue({ kind: "imageAddresses" }, "/r/a.svg;https://cdn.example.in/b.png", noRefs),
    ).toBeNull();
    expect(checkValue({ kind: "imageAddresses" }, "http://x.in/a.jpg;a.jpg", noRefs)).toBe(
      "Reference image 1 (http://x.in/a.jpg) is not served over https: give its https:// address. Reference image 2 (a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
    );
    const validate = rowValidator(UPLOAD_TYPES.questions, {
      refs: noRefs,
      recordExists: () => false,
      mayGrant: () => true,
    });
    const row = { question_group: "Shop Details", name: "Board", type: "yes_or_no", is_mandatory: "yes" };
    expect(validate({ ...row, reference_images: "a.jpg" }, 2).problems).toEqual([
      {
        field: "reference_images",
        message:
          "Reference image 1 (a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
      },
    ]);
    expect(validate({ ...row, name: "Board 2", reference_images: "" }, 3).problems).toEqual([]);
  });

  it("is the question screen's save rule, every problem under the field", () => {
    expect(decodeFields(ReferenceImagesSave, { reference_images: ["/r/a.svg"], version: 3 })).toEqual({
      ok: true,
      value: { reference_images: ["/r/a.svg"], version: 3 },
    });
    expect(
      decodeFields(ReferenceImagesSave, { reference_images: ["a.jpg", "/r/a.svg", "/r/a.svg"], version: 3 }),
    ).toEqual({
      ok: false,
      errors: {
        reference_images: [
          "Reference image 1 (a.jpg) is not an image address: give an https:// address or a path of this site starting with /.",
          "Reference image 3 (/r/a.svg) repeats an earlier one.",
        ],
      },
    });
  });

  it("describes each image for readers", () => {
    expect(referenceImageAlt("Shop board visible?", 2)).toBe("Reference image 2 of Shop board visible?");
  });
});
