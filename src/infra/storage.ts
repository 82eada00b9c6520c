/** Every value the client keeps in local storage, under the keys the spec names. */
import { Exit, Schema } from "effect";
import { SessionConflictBody } from "../domain/auth";
import { isMobileDigits, rememberedAfter } from "../domain/otpLogin";
import { forgetLists } from "./listMemory";

export const STORAGE_KEYS = {
  sessionId: "sessionid",
  userName: "userName",
  reload: "reload",
  sessionConflict: "451",
  mobileToken: "mobileAccessToken",
  exportNotices: "exportNoticesShown",
  rememberedMobiles: "rememberedMobiles",
  // Live mode of the Machines area: "on" while it shows this page's running machines.
  liveMachines: "liveMachines",
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStored(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the session then lives only in the HttpOnly cookie.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

export function storeSession(sessionId: string, userName: string): void {
  writeStored(STORAGE_KEYS.sessionId, sessionId);
  writeStored(STORAGE_KEYS.userName, userName);
}

export function clearSession(): void {
  removeStored(STORAGE_KEYS.sessionId);
  removeStored(STORAGE_KEYS.userName);
  forgetLists();
}

export function storeSessionConflict(body: unknown): void {
  writeStored(STORAGE_KEYS.sessionConflict, JSON.stringify(body));
}

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

/** The mobile numbers this device signed a retailer in with, most recent first. */
export function rememberedMobiles(): string[] {
  try {
    const list: unknown = JSON.parse(readStored(STORAGE_KEYS.rememberedMobiles) ?? "[]");
    return Array.isArray(list)
      ? list.filter((d): d is string => typeof d === "string" && isMobileDigits(d))
      : [];
  } catch {
    return [];
  }
}

export function rememberMobile(digits: string): void {
  writeStored(STORAGE_KEYS.rememberedMobiles, JSON.stringify(rememberedAfter(rememberedMobiles(), digits)));
}

export function forgetMobiles(): void {
  removeStored(STORAGE_KEYS.rememberedMobiles);
}
