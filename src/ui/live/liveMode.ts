/**
 * Whether live mode is on in this browser: turned on from the user menu by a holder of the
 * machines permission, and kept (also after signing out, so the sign-in form can be watched)
 * until turned off.
 */
import { useSyncExternalStore } from "react";
import { readStored, removeStored, STORAGE_KEYS, writeStored } from "../../infra/storage";

const listeners = new Set<() => void>();

const isOn = (): boolean => readStored(STORAGE_KEYS.liveMachines) === "on";

export function setLiveMode(on: boolean): void {
  if (on) writeStored(STORAGE_KEYS.liveMachines, "on");
  else removeStored(STORAGE_KEYS.liveMachines);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveMode(): boolean {
  return useSyncExternalStore(subscribe, isOn, () => false);
}
