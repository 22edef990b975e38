import { consume, releaseHit, type Limit } from "~/platform/rate-limit.server";
import { verifyPassword, withHashingRoom } from "~/platform/password.server";
import { passwordHashOf } from "./users.data.server";

/**
 * Checks the password a signed-in person types again to confirm a step that cannot be undone, within
 * `limit` (counted per person). Only wrong passwords count: a right one gives its attempt back, and so
 * does a full hashing pool, whose 503 is thrown on (it says nothing about the password).
 */
export async function checkCurrentPassword(limit: Limit, userId: string, password: string): Promise<"right" | "wrong" | "too_many"> {
  const hit = await consume(limit, userId);
  if (!hit.allowed) return "too_many";
  const giveBack = async () => {
    if (hit.hitId !== undefined) await releaseHit(hit.hitId);
  };
  const hash = await passwordHashOf(userId);
  let right = false;
  try {
    right = hash ? await withHashingRoom(() => verifyPassword(password, hash)) : false;
  } catch (busy) {
    await giveBack();
    throw busy;
  }
  if (!right) return "wrong";
  await giveBack();
  return "right";
}
