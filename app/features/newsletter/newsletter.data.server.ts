import { and, count, desc, eq, inArray } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { blogPosts, newsletterSubscribers, type SubscriberStatus } from "~/platform/schema";

export type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * A request to subscribe `email`: a new or unsubscribed address becomes pending with a new subscription
 * moment, a pending one gets a new moment (so only the latest link confirms); a confirmed address is left
 * as it is. Returns the row to mail a confirmation link to, or null when there is nothing to confirm.
 */
export async function requestSubscription(email: string, now: Date): Promise<Subscriber | null> {
  return transaction(async (tx) => {
    await tx
      .insert(newsletterSubscribers)
      .values({ email, status: "pending", subscribedAt: now, createdAt: now })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
    if (!row || row.status === "confirmed") return null;
    if (row.subscribedAt.getTime() === now.getTime() && row.status === "pending") return row;
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", subscribedAt: now, confirmedAt: null })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    return updated ?? null;
  });
}

export async function subscriberById(id: number): Promise<Subscriber | null> {
  return (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).limit(1))[0] ?? null;
}

/** Pending -> confirmed, at the subscription moment the link was made for (a later request made a new link). */
export async function confirmSubscription(id: number, subscribedAt: Date, now: Date): Promise<void> {
  await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, "pending"), eq(newsletterSubscribers.subscribedAt, subscribedAt)));
}

export async function unsubscribe(id: number, now: Date): Promise<void> {
  await db()
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.id, id), inArray(newsletterSubscribers.status, ["pending", "confirmed"])));
}

export const SUBSCRIBERS_PER_PAGE = 50;

/** The admin's list: newest first, one page, and how many there are in each state. */
export async function listSubscribers(page: number) {
  const rows = await db()
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(SUBSCRIBERS_PER_PAGE)
    .offset((page - 1) * SUBSCRIBERS_PER_PAGE);
  const counts = await db()
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const byStatus: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const c of counts) byStatus[c.status] = c.n;
  const total = byStatus.pending + byStatus.confirmed + byStatus.unsubscribed;
  return { rows, byStatus, total, pageCount: Math.max(1, Math.ceil(total / SUBSCRIBERS_PER_PAGE)) };
}

/** Every subscriber, oldest first (the CSV export), read in pages so a long list is never one huge result. */
export async function* allSubscribers(batch = 1000): AsyncGenerator<Subscriber[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await db().select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id).limit(batch).offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

export async function confirmedSubscriberIds(): Promise<number[]> {
  const rows = await db().select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed"));
  return rows.map((r) => r.id);
}

export async function confirmedCount(): Promise<number> {
  return (await db().select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed")))[0]?.n ?? 0;
}

/** The post a newsletter mail carries: only while it is published. */
export async function publishedPostForMail(id: number) {
  const [row] = await db()
    .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, excerpt: blogPosts.excerpt, content: blogPosts.content, format: blogPosts.format })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), eq(blogPosts.published, true)))
    .limit(1);
  return row ?? null;
}
