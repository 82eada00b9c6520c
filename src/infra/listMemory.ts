/**
 * What each outlet list remembers in this tab's session storage: its last address query (for the
 * outlet page's way back) and its selection (so Back to the list keeps the ticked outlets). It is
 * forgotten with the session (`forgetLists` in ./storage).
 */
import { Exit, Schema } from "effect";
import { LIST_MEMORY_KEY } from "./storage";

const RememberedOutlet = Schema.Struct({
  id: Schema.Number,
  rsid: Schema.String,
  workflow_state: Schema.String,
  subProject: Schema.String,
  version: Schema.Number,
});
const RememberedList = Schema.Struct({
  search: Schema.String,
  selection: Schema.Array(RememberedOutlet),
});
const Memory = Schema.Record(Schema.String, RememberedList);
export type RememberedList = typeof RememberedList.Type;

const EMPTY: RememberedList = { search: "", selection: [] };

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readAll(): Record<string, RememberedList> {
  try {
    const raw = store()?.getItem(LIST_MEMORY_KEY);
    if (!raw) return {};
    const decoded = Schema.decodeUnknownExit(Memory)(JSON.parse(raw));
    return Exit.isSuccess(decoded) ? { ...decoded.value } : {};
  } catch {
    return {};
  }
}

/** The list at this path as last seen in this tab (nothing remembered: no query, no selection). */
export function rememberedList(path: string): RememberedList {
  return readAll()[path] ?? EMPTY;
}

export function rememberList(path: string, list: RememberedList): void {
  try {
    store()?.setItem(LIST_MEMORY_KEY, JSON.stringify({ ...readAll(), [path]: list }));
  } catch {
    // Storage full or disabled: the list then starts afresh after Back.
  }
}
