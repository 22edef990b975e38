import { eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { profiles, users } from "~/platform/schema";

/** A member as other screens and mails name them: the profile's name, else the e-mail address. */
export type Person = { id: string; email: string; fullName: string | null; name: string; timeZone: string | null };

const personColumns = { id: users.id, email: users.email, fullName: profiles.fullName, timeZone: profiles.timeZone };
const asPerson = (row: Omit<Person, "name">): Person => ({ ...row, name: row.fullName?.trim() || row.email });

/** The members with these ids, by id (a deleted one is absent). Inside a transaction it reads through it (db()). */
export async function peopleByIds(userIds: readonly string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const rows = await db().select(personColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, asPerson(row)]));
}

/** One member, or null when there is no such account (or no id: a deleted client's introduction). */
export async function personById(userId: string | null | undefined): Promise<Person | null> {
  if (!userId) return null;
  const [row] = await db().select(personColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId)).limit(1);
  return row ? asPerson(row) : null;
}
