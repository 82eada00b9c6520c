/**
 * The KYC provider adapters (spec 001 §7): PAN, GST (names and registration status), bank account
 * (penny-drop) and UPI checks asked of an outside provider. An adapter owns its call's timeout and
 * answers what the provider said as a value; a provider that did not answer in time or at all
 * throws ProviderTimeout or ProviderUnavailable, which the service may retry.
 */

export type ProviderFound = { ok: true; reference: string; data: Record<string, string> };
/** The provider answered that the value is not on its records (or does not match). */
export type ProviderRefused = { ok: false; reference: string | null; reason: string };
export type ProviderAnswer = ProviderFound | ProviderRefused;

export interface KycProvider {
  /** The name recorded with each check (a vendor's, or "simulator"). */
  readonly name: string;
  pan(pan: string): Promise<ProviderAnswer>;
  /** data: tradeNam, lgnm, dty (the registration status). */
  gst(gstin: string): Promise<ProviderAnswer>;
  /** A penny-drop: data.name is the holder's name at the bank. */
  bankAccount(request: {
    accountNumber: string;
    ifsc: string;
    phone: string | null;
  }): Promise<ProviderAnswer>;
  /** data.name is the UPI account's name. */
  upi(upiId: string): Promise<ProviderAnswer>;
}

/** The provider did not answer within PROVIDER_TIMEOUT_MS. */
export class ProviderTimeout extends Error {}
/** The provider could not be reached or failed (a 5xx): worth another try. */
export class ProviderUnavailable extends Error {}

/** How long one provider call may take before it counts as not answered. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Calls of one check at most: the first and two retries after ProviderUnavailable. */
export const PROVIDER_ATTEMPTS = 3;
/** Wait before retry n: n times this. */
export const PROVIDER_RETRY_STEP_MS = 500;
