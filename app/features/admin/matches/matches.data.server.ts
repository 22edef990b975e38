import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { peopleByIds } from "~/features/auth/people.data.server";
import { professionals, shortlistDeclines } from "~/platform/schema";

/** Each user's name (their profile's, else their e-mail) and e-mail, by id. */
export const namesOf = (userIds: string[]): Promise<Map<string, { name: string; email: string }>> => peopleByIds(userIds);

/** The name, title and firm of the professionals with these ids (a removed one is absent). */
export async function professionalNames(ids: number[]) {
  if (ids.length === 0) return [];
  return await db()
    .select({ id: professionals.id, name: professionals.name, title: professionals.title, company: professionals.company })
    .from(professionals)
    .where(inArray(professionals.id, ids));
}

/** The professionals the client said "Not for me" to, with their reason, oldest first. */
export async function declinesOfClient(clientUserId: string) {
  const rows = await db()
    .select({ id: shortlistDeclines.professionalId, name: professionals.name, reason: shortlistDeclines.reason, at: shortlistDeclines.createdAt })
    .from(shortlistDeclines)
    .innerJoin(professionals, eq(professionals.id, shortlistDeclines.professionalId))
    .where(eq(shortlistDeclines.clientUserId, clientUserId))
    .orderBy(asc(shortlistDeclines.createdAt));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** How many directory entries matching never considers because they are not verified (deleted ones aside). */
export async function unverifiedCount(): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(professionals)
    .where(and(eq(professionals.verified, false), isNull(professionals.deletedAt)));
  return row?.n ?? 0;
}
