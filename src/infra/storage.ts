/**
 * Every value the client keeps in local storage, under the keys the spec names. Plain reads and
 * writes only: what is decoded with a Schema (the 451 body, the remembered mobiles) has its own
 * module, so the page's entry does not carry Effect.
 */
export const STORAGE_KEYS = {
  sessionId: "sessionid",
  userName: "userName",
  sessionConflict: "451",
  mobileToken: "mobileAccessToken",
  exportNotices: "exportNoticesShown",
  rememberedMobiles: "rememberedMobiles",
  // Live mode of the Machines area: "on" while it shows this page's running machines.
  liveMachines: "liveMachines",
  // The field auditors' outlet drafts, kept on the phone until the server has made them.
  outletDrafts: "outletDrafts",
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

/** This tab's session storage key of what the outlet lists remember (src/infra/listMemory.ts). */
export const LIST_MEMORY_KEY = "outletLists";

/** Forgets every outlet list's memory (with the session). */
export function forgetLists(): void {
  try {
    globalThis.sessionStorage?.removeItem(LIST_MEMORY_KEY);
  } catch {
    // nothing to forget
  }
}

export function clearSession(): void {
  removeStored(STORAGE_KEYS.sessionId);
  removeStored(STORAGE_KEYS.userName);
  forgetLists();
}

export function storeSessionConflict(body: unknown): void {
  writeStored(STORAGE_KEYS.sessionConflict, JSON.stringify(body));
}
