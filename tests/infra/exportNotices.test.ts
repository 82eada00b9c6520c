import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { markExportNoticeShown, shownExportNotices } from "../../src/infra/exportNotices";
import { STORAGE_KEYS } from "../../src/infra/storage";
import { MemoryStorage } from "./fakes";

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("export notices shown", () => {
  it("remembers the upload jobs whose notice was shown", () => {
    expect([...shownExportNotices()]).toEqual([]);
    markExportNoticeShown(4);
    markExportNoticeShown(9);
    expect([...shownExportNotices()]).toEqual([4, 9]);
  });

  it("reads a damaged stored value as nothing shown", () => {
    storage.setItem(STORAGE_KEYS.exportNotices, "{not json");
    expect([...shownExportNotices()]).toEqual([]);
    storage.setItem(STORAGE_KEYS.exportNotices, JSON.stringify(["x", 3]));
    expect([...shownExportNotices()]).toEqual([3]);
  });

  it("keeps only the newest 200", () => {
    for (let id = 1; id <= 205; id++) markExportNoticeShown(id);
    const shown = [...shownExportNotices()];
    expect(shown).toHaveLength(200);
    expect(shown[0]).toBe(6);
  });
});
