import { eq, inArray } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, profiles, users } from "~/platform/schema";

/** Each user's name (their profile's, else their e-mail) and e-mail, by id. */
export async function namesOf(userIds: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db()
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, { name: r.fullName?.trim() || r.email, email: r.email }]));
}

/** The name, title and firm of the professionals with these ids (a removed one is absent). */
export async function professionalNames(ids: number[]) {
  if (ids.length === 0) return [];
  return await db()
    .select({ id: professionals.id, name: professionals.name, title: professionals.title, company: professionals.company })
    .from(professionals)
    .where(inArray(professionals.id, ids));
}
