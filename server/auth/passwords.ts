/** Password hashing with scrypt (node:crypto), and the secret tokens and codes the auth routes hand out. */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** Where secret randomness comes from: node:crypto in the server, injectable so tests can control it. */
export type RandomBytes = (size: number) => Uint8Array;
export const cryptoRandomBytes: RandomBytes = (size) => randomBytes(size);

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Uint8Array, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string, random: RandomBytes): Promise<string> {
  const salt = Buffer.from(random(SALT_BYTES));
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash no password matches (its key is not what scrypt gives for any input we would try). Checking
 * an unknown user's password against it costs the same time as a real check, so the answer time
 * does not tell whether an account exists.
 */
export const UNMATCHABLE_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(SALT_BYTES).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;

/** A fresh secret token (session, conflict, reset): 32 random bytes, base64url. */
export const newToken = (random: RandomBytes): string => Buffer.from(random(32)).toString("base64url");

/** Tokens and codes are stored only as SHA-256 digests. */
export const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The largest multiple of a million below 2^32: values at or above it are drawn again, so no code is likelier. */
const CODE_LIMIT = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;

/** A six-digit one-time code, every value equally likely. */
export function newCode(random: RandomBytes): string {
  for (;;) {
    const value = Buffer.from(random(4)).readUInt32BE(0);
    if (value < CODE_LIMIT) return String(value % 1_000_000).padStart(6, "0");
  }
}
