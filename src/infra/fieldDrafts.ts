/**
 * The outlet drafts kept on the field auditor's phone (local storage) until the server has made
 * their outlets: by user, newest change first. Signing out keeps them, so a draft waits for its
 * auditor's next sign-in on this phone.
 */
import type { OutletDraftFields } from "../domain/ekyc/fieldCapture";
import { readStored, STORAGE_KEYS, writeStored } from "./storage";

export type KeptDraft = { key: string; fields: OutletDraftFields; attempted: boolean; saved: string };
type Store = Record<string, KeptDraft[]>;

const isDraft = (d: unknown): d is KeptDraft =>
  typeof d === "object" &&
  d !== null &&
  typeof (d as KeptDraft).key === "string" &&
  typeof (d as KeptDraft).fields === "object" &&
  Array.isArray((d as KeptDraft).fields?.photos);

function readStore(): Store {
  try {
    const store: unknown = JSON.parse(readStored(STORAGE_KEYS.outletDrafts) ?? "{}");
    if (typeof store !== "object" || store === null || Array.isArray(store)) return {};
    return Object.fromEntries(
      Object.entries(store).map(([user, drafts]) => [
        user,
        Array.isArray(drafts) ? drafts.filter(isDraft) : [],
      ]),
    );
  } catch {
    return {};
  }
}

/** The user's drafts, newest change first. */
export const keptDrafts = (user: string): KeptDraft[] => readStore()[user] ?? [];

export const keptDraft = (user: string, key: string): KeptDraft | null =>
  keptDrafts(user).find((d) => d.key === key) ?? null;

/** Keeps a draft as it now stands. */
export function keepDraft(user: string, draft: Omit<KeptDraft, "saved">, now = new Date()): void {
  const store = readStore();
  const others = (store[user] ?? []).filter((d) => d.key !== draft.key);
  store[user] = [{ ...draft, saved: now.toISOString() }, ...others];
  writeStored(STORAGE_KEYS.outletDrafts, JSON.stringify(store));
}

export function forgetDraft(user: string, key: string): void {
  const store = readStore();
  store[user] = (store[user] ?? []).filter((d) => d.key !== key);
  writeStored(STORAGE_KEYS.outletDrafts, JSON.stringify(store));
}

/** A new draft's key: the server makes one outlet per key. */
export const newDraftKey = (): string => crypto.randomUUID();
