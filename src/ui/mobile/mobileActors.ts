/**
 * The edge of the mobile access machine: the access token is made from the device's clock and the
 * server's public key and kept in local storage.
 */
import appConfigRead from "virtual:declared-read/auth/appConfig";
import { fromCallback, fromPromise } from "xstate";
import type { AppConfig } from "../../domain/auth/auth";
import { accessTokenDigits } from "../../domain/mobile/mobile";
import type { AccessAnswer } from "../../domain/mobile/mobileAnswers";
import { readDeclared } from "../../infra/declaredRead";
import { encryptOtp } from "../../infra/otpCrypto";
import { STORAGE_KEYS, writeStored } from "../../infra/storage";
import { type MobileAccessEvent, mobileAccessMachine } from "../../machines/mobile/mobileAccess";
import { checkLinkAccess } from "./linkReads";

/** The device's own minute: what the spec's token is made of (002 §4, §9). */
function minuteDigits(now: Date): string {
  return accessTokenDigits({
    year: now.getFullYear(),
    month: now.getMonth() + 1,
    day: now.getDate(),
    hour: now.getHours(),
    minute: now.getMinutes(),
  });
}

export const mobileAccessActors = {
  viewport: fromCallback<MobileAccessEvent>(({ sendBack }) => {
    const resized = () => sendBack({ type: "viewport.changed", width: window.innerWidth });
    window.addEventListener("resize", resized);
    return () => window.removeEventListener("resize", resized);
  }),
  // The server's key is read by its shape (infra/declaredRead), as the login page reads it: the
  // phone then loads none of the sign-in endpoints' declarations.
  makeToken: fromPromise<string>(async ({ signal }) => {
    const digits = minuteDigits(new Date());
    const config = await readDeclared<AppConfig>(appConfigRead, signal);
    return encryptOtp(digits, config.otp_public_key);
  }),
  // The access check is a declared read too: the page loads no Effect before it shows.
  checkAccess: fromPromise<AccessAnswer, { slug: string; token: string }>(({ input, signal }) =>
    checkLinkAccess(input.slug, input.token, signal),
  ),
};

export const providedMobileAccess = (actors: Partial<typeof mobileAccessActors> = {}) =>
  mobileAccessMachine.provide({
    actors: { ...mobileAccessActors, ...actors },
    actions: { storeToken: (_, { token }) => writeStored(STORAGE_KEYS.mobileToken, token) },
  });
