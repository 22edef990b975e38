import crypto from "node:crypto";
import bcrypt from "bcryptjs";

const COST = Number(process.env.BCRYPT_COST ?? 12);

// bcrypt reads only the first 72 bytes; hashing with SHA-256 first makes every byte count.
function prehash(password: string): string {
  return crypto.createHash("sha256").update(password, "utf8").digest("base64");
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prehash(password), COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), hash);
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummy);
  return false;
}
