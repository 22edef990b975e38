import crypto from "node:crypto";

/**
 * Secrets kept in the database encrypted at rest (AES-256-GCM), so a copy of the database without the
 * key reveals none of them. A sealed value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url); the
 * key id (4 bytes of the key's SHA-256) says which key sealed it, so values sealed with the previous key
 * still open while they are re-sealed with the current one.
 */
const VERSION = "v1";

export type Keys = { current: Buffer; previous?: Buffer | undefined };

export function keyId(key: Buffer): string {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 6);
}

export function seal(plain: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, keyId(key), iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

/** Whether a value is sealed with the current key (else it is plain, or sealed with the previous one). */
export function isSealedWith(value: string, key: Buffer): boolean {
  return isSealed(value) && value.split(".")[1] === keyId(key);
}

/** The plain value; throws when neither key sealed it or it was altered. A plain (never sealed) value comes back as it is. */
export function open(value: string, keys: Keys): string {
  if (!isSealed(value)) return value;
  const [, id, iv, tag, body] = value.split(".");
  const key = [keys.current, keys.previous].find((k) => k && keyId(k) === id);
  if (!key || !iv || !tag || body === undefined) throw new Error(`a secret sealed with key ${id ?? "?"}, which is neither TWO_FACTOR_KEY nor TWO_FACTOR_PREVIOUS_KEY`);
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
