/** The mobile numbers this device signed a retailer in with (local storage), most recent first. */
import { isMobileDigits, rememberedAfter } from "../domain/auth/otpLogin";
import { readStored, removeStored, STORAGE_KEYS, writeStored } from "./storage";

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
