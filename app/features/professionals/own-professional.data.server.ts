import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals } from "~/platform/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { sameEmail } from "~/features/auth/users.data.server";

type ProfessionalRow = typeof professionals.$inferSelect;

/**
 * The directory entry this person may see and edit. Registration links the entry it creates to the
 * account, and only a linked entry is editable. Matching on e-mail alone is not enough: nobody proves they own
 * an address when they register, so an unlinked entry with the same e-mail (one an admin added) is
 * shown to a professional read-only and never to anyone else, until the professional, with the address
 * confirmed, links it to their account (docs/decisions/010, 023).
 */
export async function findOwnProfessional(
  user: Pick<SessionUser, "id" | "email" | "roles">,
): Promise<{ row: ProfessionalRow; editable: boolean } | undefined> {
  const [linked] = await db().select().from(professionals).where(eq(professionals.userId, user.id)).limit(1);
  if (linked) return { row: linked, editable: true };
  if (!user.roles.includes("professional")) return undefined;
  const [byEmail] = await db()
    .select()
    .from(professionals)
    .where(and(sameEmail(professionals.email, user.email), isNull(professionals.userId)))
    .limit(1);
  return byEmail ? { row: byEmail, editable: false } : undefined;
}

/** The fixed list of services first, then whatever else the entry lists (an admin may have written others). */
