import { count } from "drizzle-orm";
import { transaction } from "~/platform/db.server";
import { blogPosts, professionals, verifications } from "~/platform/schema";
import { VETTING_ITEMS, type StoredVettingCheck } from "~/domain/vetting";
import { SANITIZER_VERSION } from "~/features/blog/sanitize.server";
import { renderPostHtml } from "~/features/blog/render.server";
import { slugify } from "~/features/blog/slug";
import { DEMO_POSTS } from "./demo-posts";
import { DEMO_PROFESSIONALS } from "./demo-professionals";

const DAY = 24 * 60 * 60_000;


/** What the demo's verified professionals say instead of a registration: they are fictional. */
export const DEMO_EXEMPTION = "Demo profile: a fictional professional who is on no regulator's register.";

export type SeedResult = { seeded: boolean; posts: number; professionals: number };

/**
 * Demo blog posts and professionals, only for a database that has neither: a restart, or a site
 * whose admins have already added or deleted content, is left alone.
 */
export async function seedDemoContent(now = Date.now()): Promise<SeedResult> {
  // Sanitizing is done before the transaction, which should only hold the database.
  const posts = DEMO_POSTS.map((post) => {
    const written = new Date(now - post.daysAgo * DAY);
    return {
      title: post.title,
      slug: slugify(post.title),
      excerpt: post.excerpt,
      content: post.content.trim(),
      format: post.format ?? "html",
      contentHtml: renderPostHtml(post.content.trim(), post.format ?? "html"),
      sanitizerVersion: SANITIZER_VERSION,
      category: post.category,
      published: post.published,
      // Published a couple of hours after it was written, as an editor would.
      publishedAt: post.published ? new Date(written.getTime() + 2 * 60 * 60_000) : null,
      createdAt: written,
      updatedAt: written,
    };
  });
  const demoChecklist = (verifiedAt: Date): StoredVettingCheck[] => {
    const checkedAt = new Date(verifiedAt.getTime() - DAY).toISOString();
    return VETTING_ITEMS.map((item) => ({
      item,
      checkedAt,
      checkedBy: null,
      checkedOn: item === "register" ? checkedAt.slice(0, 10) : null,
      note: item === "register" ? DEMO_EXEMPTION : null,
    }));
  };
  const pros = DEMO_PROFESSIONALS.map(({ daysAgo, ...fields }) => ({
    ...fields,
    createdAt: new Date(now - daysAgo * DAY),
    // Vetting took a few days after joining; the profile says "Verified by WealthMatch on" that date.
    verifiedAt: fields.verified ? new Date(now - Math.max(0, daysAgo - 5) * DAY) : null,
    // "Verified" is shown only beside a checked registration or a stated reason why none applies
    // (showsVerified): a fictional professional has no register record, and the profile says so.
    registerExemption: fields.verified ? DEMO_EXEMPTION : null,
  }));
  // The transaction takes the write lock (SQLite) or is serializable (PostgreSQL) before the emptiness
  // check, so two processes starting together cannot both decide the database is empty.
  return transaction(async (tx) => {
    const postCount = (await tx.select({ n: count() }).from(blogPosts))[0]?.n ?? 0;
    const proCount = (await tx.select({ n: count() }).from(professionals))[0]?.n ?? 0;
    if (postCount > 0 || proCount > 0) return { seeded: false, posts: 0, professionals: 0 };
    for (const post of posts) await tx.insert(blogPosts).values(post);
    for (const pro of pros) {
      const [row] = await tx.insert(professionals).values(pro).returning({ id: professionals.id });
      // A verified demo professional went through the whole checklist, so the demo matches and its profiles say what was checked.
      if (row && pro.verifiedAt) await tx.insert(verifications).values({ professionalId: row.id, verifiedAt: pro.verifiedAt, verifiedBy: null, checks: demoChecklist(pro.verifiedAt) });
    }
    return { seeded: true, posts: DEMO_POSTS.length, professionals: DEMO_PROFESSIONALS.length };
  });
}
