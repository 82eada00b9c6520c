/**
 * The RSA key pair sign-in codes travel under (spec 002 §5: the OTP is encrypted with a public
 * key). Made on first need and kept in the database with the rest of the data, never in the
 * repository; several processes starting at once keep the first pair written. The browser
 * encrypts with RSA-OAEP and SHA-256 (WebCrypto); only the server holds the private key.
 */
import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from "node:crypto";
import type { Db } from "../db/db";

const KEY_NAME = "otp_rsa";

export type OtpKeys = { publicKeySpki: string; privateKey: KeyObject };

const loaded = new WeakMap<Db, Promise<OtpKeys>>();

/** The key pair of this database, made and stored the first time it is asked for. */
export function otpKeys(db: Db, now: () => number): Promise<OtpKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrCreate(db, now);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}

async function loadOrCreate(db: Db, now: () => number): Promise<OtpKeys> {
  const [stored] = await db.query<{ public_key: string; private_key: string }>(
    "SELECT public_key, private_key FROM server_keys WHERE name = $1",
    [KEY_NAME],
  );
  if (stored) return asKeys(stored);
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  await db.query(
    `INSERT INTO server_keys (name, public_key, private_key, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO NOTHING`,
    [
      KEY_NAME,
      pair.publicKey.export({ type: "spki", format: "der" }).toString("base64"),
      pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      new Date(now()),
    ],
  );
  const [kept] = await db.query<{ public_key: string; private_key: string }>(
    "SELECT public_key, private_key FROM server_keys WHERE name = $1",
    [KEY_NAME],
  );
  if (!kept) throw new Error("otpKeys: the key pair was not stored.");
  return asKeys(kept);
}

const asKeys = (row: { public_key: string; private_key: string }): OtpKeys => ({
  publicKeySpki: row.public_key,
  privateKey: createPrivateKey(row.private_key),
});

/** The clear text of a base64 RSA-OAEP (SHA-256) ciphertext, or null when it is not one made with our key. */
export function decryptOtp(keys: OtpKeys, ciphertext: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null;
  try {
    return privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(ciphertext, "base64"),
    ).toString("utf8");
  } catch {
    return null;
  }
}
