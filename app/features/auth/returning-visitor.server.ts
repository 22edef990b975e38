import { and, eq, lt } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, sessions } from "~/platform/schema";
import type { SessionUser } from "./session.server";

/** A sign-in's audit row and its session are written moments apart; anything earlier than this was another visit. */
const SAME_SIGN_IN_MS = 60_000;

/**
 * Whether the person had signed in before the session they are using now, so a home page says 'Welcome back'
 * only to someone who is back: after registering, or at the first sign-in to an account an operator made, it
 * says 'Welcome'. Read from the audit log's successful sign-ins (by the stored lower-case address, which is
 * indexed).
 */
export async function signedInBefore(user: SessionUser): Promise<boolean> {
  const [session] = await db().select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
  if (!session) return false;
  const before = new Date(session.createdAt.getTime() - SAME_SIGN_IN_MS);
  const [earlier] = await db()
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.email, user.email.toLowerCase()),
        eq(auditEvents.kind, "LOGIN_SUCCESS"),
        eq(auditEvents.userId, user.id),
        lt(auditEvents.createdAt, before),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}
