import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { blogPosts, professionals } from "~/platform/schema";
import { seedDemoContent } from "~/features/seed/demo.server";
import { DEMO_POSTS } from "~/features/seed/demo-posts";
import { ALLOWED_TAGS } from "~/features/blog/sanitize.server";
import { slugify } from "~/features/blog/slug";
import { BLOG_CATEGORIES } from "~/domain/blog-categories";

const counts = async () => ({
  posts: (await db().select({ n: count() }).from(blogPosts))[0]?.n,
  professionals: (await db().select({ n: count() }).from(professionals))[0]?.n,
});

describe("seedDemoContent", () => {
  it("fills an empty database once; running again changes nothing", async () => {
    expect(await counts()).toEqual({ posts: 0, professionals: 0 });
    expect((await seedDemoContent()).seeded).toBe(true);
    const first = await counts();
    expect(first.posts).toBe(DEMO_POSTS.length);
    expect(first.professionals).toBe(8);

    expect(await seedDemoContent()).toEqual({ seeded: false, posts: 0, professionals: 0 });
    expect(await counts()).toEqual(first);
  });

  it("leaves a database with any professional alone, even without posts", async () => {
    await db().delete(blogPosts);
    expect((await seedDemoContent()).seeded).toBe(false);
    expect((await counts()).posts).toBe(0);
  });

  it("leaves a database with any post alone, even without professionals", async () => {
    await db().delete(professionals);
    await db().insert(blogPosts).values({ title: "Mine", slug: "mine", content: "<p>An admin's own post.</p>", published: true });
    expect((await seedDemoContent()).seeded).toBe(false);
    expect(await counts()).toEqual({ posts: 1, professionals: 0 });
  });
});

describe("demo content", () => {
  const published = DEMO_POSTS.filter((p) => p.published);

  it("has at least six published posts across different categories, and a draft", () => {
    expect(published.length).toBeGreaterThanOrEqual(6);
    expect(new Set(published.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    expect(DEMO_POSTS.some((p) => !p.published)).toBe(true);
  });

  it("has a published post in every blog category, so no category filter is empty", () => {
    expect(new Set(published.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
  });

  it("uses only the allowed tags, no attributes but href, and 400-900 words per post", () => {
    for (const post of DEMO_POSTS) {
      const tags = [...post.content.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)];
      for (const [, name, attrs] of tags) {
        expect(ALLOWED_TAGS as readonly string[]).toContain(name?.toLowerCase());
        expect(attrs?.replace(/\s*href="[^"]*"/g, "").trim()).toBe("");
      }
      const words = post.content.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;
      expect(words, post.title).toBeGreaterThanOrEqual(400);
      expect(words, post.title).toBeLessThanOrEqual(900);
    }
  });

  it("has unique slugs and posts spread over past months", () => {
    const slugs = DEMO_POSTS.map((p) => slugify(p.title));
    expect(new Set(slugs).size).toBe(slugs.length);
    const days = DEMO_POSTS.map((p) => p.daysAgo);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(90);
  });

  it("stores professionals with every field, some verified, some featured, some neither", async () => {
    await seedDemoContentFresh();
    const all = await db().select().from(professionals);
    for (const p of all) {
      for (const key of ["name", "title", "company", "email", "bio", "phone", "location"] as const) {
        expect(p[key], `${p.name} ${key}`).toBeTruthy();
      }
      expect(p.experienceYears).toBeGreaterThan(0);
      expect(p.specialties.length).toBeGreaterThan(0);
      expect(p.certifications.length).toBeGreaterThan(0);
    }
    expect(all.some((p) => p.verified)).toBe(true);
    expect(all.some((p) => p.featured)).toBe(true);
    expect(all.some((p) => !p.verified && !p.featured)).toBe(true);
  });
});

async function seedDemoContentFresh() {
  await db().delete(blogPosts);
  await db().delete(professionals);
  expect((await seedDemoContent()).seeded).toBe(true);
}
