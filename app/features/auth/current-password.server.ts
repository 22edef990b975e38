import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { consume, releaseHit, type Limit } from "~/platform/rate-limit.server";
import { users } from "~/platform/schema";
import { verifyPassword, withHashingRoom } from "~/platform/password.server";

/**
 * Checks the password a signed-in person types again to confirm a step that cannot be undone, within
 * `limit` (counted per person). Only wrong passwords count: a right one gives its attempt back, and so
 * does a full hashing pool, whose 503 is thrown on (it says nothing about the password).
 */
export async function checkCurrentPassword(limit: Limit, userId: string, password: string): Promise<"right" | "wrong" | "too_many"> {
  const hit = consume(limit, userId);
  if (!hit.allowed) return "too_many";
  const giveBack = () => {
    if (hit.hitId !== undefined) releaseHit(hit.hitId);
  };
  const record = db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  let right = false;
  try {
    right = record ? await withHashingRoom(() => verifyPassword(password, record.hash)) : false;
  } catch (busy) {
    giveBack();
    throw busy;
  }
  if (!right) return "wrong";
  giveBack();
  return "right";
}
