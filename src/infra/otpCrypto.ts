/**
 * The OTP travels encrypted with the server's public key (spec 002 §5, encryption flag on):
 * RSA-OAEP with SHA-256 through the browser's WebCrypto, the key from config/ (SPKI, base64).
 */
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

export async function encryptOtp(otp: string, publicKeySpki: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "spki",
    fromBase64(publicKeySpki),
    { name: "RSA-OAEP", hash: "SHA-256" },
    false,
    ["encrypt"],
  );
  return toBase64(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(otp)));
}
