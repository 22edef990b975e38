import { isNull, sql } from "drizzle-orm";
import { transaction } from "~/platform/db.server";
import { blogPosts, formSubmissions, professionals } from "~/platform/schema";

export type DashboardCounts = {
  posts: { total: number; published: number; drafts: number };
  submissions: { total: number; new: number };
  professionals: { total: number; verified: number; unverified: number };
};

/** The dashboard's three figures, counted in the database. */
export async function dashboardCounts(): Promise<DashboardCounts> {
  const count = (where: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const total = sql<number>`count(*)`.mapWith(Number);
  // One read transaction, so the three figures describe the same moment.
  return transaction(async (tx) => {
    const [posts] = await tx.select({ total, published: count(sql`${blogPosts.published} = true`) }).from(blogPosts);
    const [submissions] = await tx.select({ total, new: count(sql`${formSubmissions.status} = 'new'`) }).from(formSubmissions);
    const [pros] = await tx.select({ total, verified: count(sql`${professionals.verified} = true`) }).from(professionals).where(isNull(professionals.deletedAt));
    const p = posts ?? { total: 0, published: 0 };
    const r = pros ?? { total: 0, verified: 0 };
    return {
      posts: { total: p.total, published: p.published, drafts: p.total - p.published },
      submissions: { total: submissions?.total ?? 0, new: submissions?.new ?? 0 },
      professionals: { total: r.total, verified: r.verified, unverified: r.total - r.verified },
    };
  });
}
