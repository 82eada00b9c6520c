/** Which upload jobs' export notices this device has shown (spec 000 §4.1: once per active job). */
import { readStored, STORAGE_KEYS, writeStored } from "./storage";

/** Only the newest ids are kept, so the stored list stays small. */
const KEEP = 200;

export function shownExportNotices(): Set<number> {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.exportNotices) ?? "[]");
    return new Set(Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === "number") : []);
  } catch {
    return new Set();
  }
}

export function markExportNoticeShown(jobId: number): void {
  const ids = [...shownExportNotices(), jobId].slice(-KEEP);
  writeStored(STORAGE_KEYS.exportNotices, JSON.stringify(ids));
}
