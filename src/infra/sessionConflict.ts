/** The 451 body the HTTP layer stored under key 451 (spec 002 §4), read back with its Schema. */
import { Exit, Schema } from "effect";
import { SessionConflictBody } from "../domain/auth/auth";
import { readStored, removeStored, STORAGE_KEYS } from "./storage";

/** Reads the 451 body stored by the HTTP layer and clears it (spec 002 §4: cleared when read). */
export function takeSessionConflict(): SessionConflictBody | null {
  const raw = readStored(STORAGE_KEYS.sessionConflict);
  if (raw === null) return null;
  removeStored(STORAGE_KEYS.sessionConflict);
  try {
    const decoded = Schema.decodeUnknownExit(SessionConflictBody)(JSON.parse(raw));
    return Exit.isSuccess(decoded) ? decoded.value : null;
  } catch {
    return null;
  }
}
