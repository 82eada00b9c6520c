// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  cryptoRandomBytes,
  digest,
  hashPassword,
  newCode,
  newToken,
  type RandomBytes,
  UNMATCHABLE_HASH,
  verifyPassword,
} from "../../server/auth/passwords";
import { slowDownMs } from "../../server/auth/throttle";

/** A random source that hands out the given 32-bit words in turn. */
function words(...values: number[]): RandomBytes {
  let next = 0;
  return (size) => {
    const out = Buffer.alloc(size);
    for (let offset = 0; offset + 4 <= size; offset += 4)
      out.writeUInt32BE(values[next++ % values.length]!, offset);
    return out;
  };
}

describe("one-time codes", () => {
  it("are six digits taken from the injected random source", () => {
    expect(newCode(words(1))).toBe("000001");
    expect(newCode(words(123_456_789))).toBe("456789");
  });

  it("draw again rather than favour low codes when a value falls past the last whole million", () => {
    expect(newCode(words(0xffff_ffff, 0xffff_0000, 42))).toBe("000042");
  });

  it("from node:crypto are always six digits", () => {
    for (let i = 0; i < 200; i++) expect(newCode(cryptoRandomBytes)).toMatch(/^\d{6}$/);
  });
});

describe("tokens", () => {
  it("are 32 random bytes in base64url, stored only as their SHA-256", () => {
    const token = newToken(cryptoRandomBytes);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(digest(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(newToken(cryptoRandomBytes)).not.toBe(token);
  });
});

describe("password hashes", () => {
  it("are scrypt with the parameters and salt stored alongside, and verify only the right password", async () => {
    const hash = await hashPassword("Demo@12345", cryptoRandomBytes);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("Demo@12345", hash)).toBe(true);
    expect(await verifyPassword("Demo@12346", hash)).toBe(false);
    expect(await hashPassword("Demo@12345", cryptoRandomBytes)).not.toBe(hash);
  });

  it("the stand-in hash for unknown users matches nothing, and malformed hashes verify nothing", async () => {
    expect(await verifyPassword("", UNMATCHABLE_HASH)).toBe(false);
    expect(await verifyPassword("Demo@12345", UNMATCHABLE_HASH)).toBe(false);
    expect(await verifyPassword("Demo@12345", "md5$abc")).toBe(false);
  });
});

describe("failed-login slow-down", () => {
  it("starts at the 4th failure, grows by 500 ms and stops growing at 3 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(slowDownMs)).toEqual([
      0, 0, 0, 500, 1000, 1500, 2000, 2500, 3000, 3000,
    ]);
  });
});
