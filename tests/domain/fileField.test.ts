/** File fields' rule: types told by content, the size limit, and the one sentence a refusal gives. */
import { describe, expect, it } from "vitest";
import { fieldProblems } from "../../src/domain/admin/resource";
import { PROJECT_DECK, PROJECT_LOGO, projects } from "../../src/domain/admin/resources/projects";
import {
  type ChosenFile,
  fileKeepsRule,
  fileRuleMessage,
  fileSize,
  fileTypeOf,
  isChosenFile,
  isStoredFile,
  MB,
} from "../../src/domain/shared/fileField";

const bytesOf = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const PNG = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "rest");
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const chosen = (name: string, bytes: Uint8Array): ChosenFile => ({ name, bytes });

describe("file rules", () => {
  it("says the rule in one sentence written from the field's label, types and limit", () => {
    expect(fileRuleMessage("Logo", PROJECT_LOGO)).toBe(
      "The logo must be a PNG, JPEG or WebP image of at most 2 MB.",
    );
    expect(fileRuleMessage("Deck", PROJECT_DECK)).toBe(
      "The deck must be a PDF or PowerPoint file of at most 10 MB.",
    );
  });

  it("tells types by content, whatever the name says", () => {
    expect(fileTypeOf(PROJECT_LOGO, PNG)?.label).toBe("PNG");
    expect(fileTypeOf(PROJECT_LOGO, bytesOf([0xff, 0xd8, 0xff, 0xe0]))?.label).toBe("JPEG");
    expect(fileTypeOf(PROJECT_LOGO, bytesOf("RIFF", [0, 0, 0, 0], "WEBPVP8 "))?.label).toBe("WebP");
    expect(fileTypeOf(PROJECT_LOGO, bytesOf("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(fileTypeOf(PROJECT_DECK, bytesOf("%PDF-1.7"))?.label).toBe("PDF");
    // A .pptx is a zip holding ppt/presentation.xml; a workbook is a zip too, and is refused.
    expect(
      fileTypeOf(PROJECT_DECK, bytesOf(ZIP, "....[Content_Types].xml....ppt/presentation.xml"))?.label,
    ).toBe("PowerPoint");
    expect(fileTypeOf(PROJECT_DECK, bytesOf(ZIP, "....xl/workbook.xml"))).toBeUndefined();
  });

  it("keeps files within the limit, and refuses empty and larger ones", () => {
    expect(fileKeepsRule(PROJECT_LOGO, chosen("logo.png", PNG))).toBe(true);
    expect(fileKeepsRule(PROJECT_LOGO, chosen("logo.png", new Uint8Array()))).toBe(false);
    const large = new Uint8Array(2 * MB + 1);
    large.set(PNG);
    expect(fileKeepsRule(PROJECT_LOGO, chosen("logo.png", large))).toBe(false);
    expect(fileKeepsRule(PROJECT_LOGO, chosen("logo.png", large.subarray(0, 2 * MB)))).toBe(true);
  });

  it("gives the field's problems: none for no file or a stored one, the rule for a wrong file", () => {
    const logo = projects.fields.logo!;
    expect(fieldProblems(logo, null)).toEqual([]);
    expect(fieldProblems(logo, { id: 4, name: "logo.png", size: 10, content_type: "image/png" })).toEqual([]);
    expect(fieldProblems(logo, chosen("logo.png", PNG))).toEqual([]);
    expect(fieldProblems(logo, chosen("logo.png", bytesOf("%PDF-1.7")))).toEqual([
      fileRuleMessage("Logo", PROJECT_LOGO),
    ]);
    expect(fieldProblems(logo, "logo.png")).toEqual([fileRuleMessage("Logo", PROJECT_LOGO)]);
  });

  it("tells a chosen file from a stored one and shows sizes as people read them", () => {
    expect(isChosenFile(chosen("a.png", PNG))).toBe(true);
    expect(isStoredFile(chosen("a.png", PNG))).toBe(false);
    expect(isStoredFile({ id: 3, name: "a.png", size: 1, content_type: "image/png" })).toBe(true);
    expect(isStoredFile({ id: 0 })).toBe(false);
    expect(fileSize(300)).toBe("1 KB");
    expect(fileSize(180 * 1024)).toBe("180 KB");
    expect(fileSize(2.4 * MB)).toBe("2.4 MB");
  });
});
