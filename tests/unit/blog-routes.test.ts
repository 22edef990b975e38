import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import type { BlogCategory } from "~/domain/blog-categories";
import { blogPosts } from "~/platform/schema";
import { loader as listLoader } from "~/routes/blog";
import { loader as postLoader } from "~/routes/blog.$slug";

type ListArgs = Parameters<typeof listLoader>[0];
type PostArgs = Parameters<typeof postLoader>[0];

function list(search = "") {
  const request = new Request(`http://localhost/blog${search}`);
  return listLoader({ request, params: {}, context: {} } as unknown as ListArgs);
}

function post(slug: string) {
  const request = new Request(`http://localhost/blog/${slug}`);
  return postLoader({ request, params: { slug }, context: {} } as unknown as PostArgs);
}

async function statusOf(fn: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await fn();
  } catch (thrown) {
    return (thrown as { init?: ResponseInit | null }).init?.status;
  }
  return undefined;
}

const CONTENT = "<p>Long enough content for a post, with <strong>some</strong> markup in it.</p>";

async function addPost(p: {
  slug: string;
  published?: boolean;
  category?: BlogCategory;
  createdAt?: Date;
  publishedAt?: Date | null;
  content?: string;
  featuredImage?: string | null;
  excerpt?: string | null;
}) {
  const createdAt = p.createdAt ?? new Date("2026-01-10T12:00:00Z");
  await db()
    .insert(blogPosts)
    .values({
      title: `Title ${p.slug}`,
      slug: p.slug,
      excerpt: p.excerpt === undefined ? `Excerpt ${p.slug}` : p.excerpt,
      content: p.content ?? CONTENT,
      published: p.published ?? true,
      publishedAt: p.publishedAt === undefined ? (p.published === false ? null : createdAt) : p.publishedAt,
      category: p.category ?? "general",
      featuredImage: p.featuredImage ?? null,
      createdAt,
      updatedAt: createdAt,
    });
}

beforeEach(async () => {
  await db().delete(blogPosts);
});

describe("/blog loader", async () => {
  it("lists only published posts, newest first by creation date", async () => {
    await addPost({ slug: "old", createdAt: new Date("2026-01-01T00:00:00Z") });
    await addPost({ slug: "new", createdAt: new Date("2026-03-01T00:00:00Z") });
    await addPost({ slug: "draft", published: false, createdAt: new Date("2026-04-01T00:00:00Z") });
    const result = await list();
    expect(result.posts.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(result.total).toBe(2);
    expect(result.category).toBeNull();
  });

  it("filters by category and reports the category's label", async () => {
    await addPost({ slug: "tax-1", category: "tax-planning" });
    await addPost({ slug: "legal-1", category: "legal" });
    await addPost({ slug: "tax-draft", category: "tax-planning", published: false });
    const result = await list("?category=tax-planning");
    expect(result.posts.map((p) => p.slug)).toEqual(["tax-1"]);
    expect(result.categoryLabel).toBe("Tax Planning");
    expect(result.posts[0]?.categoryLabel).toBe("Tax Planning");
  });

  it("treats category=all and an empty category as every category", async () => {
    await addPost({ slug: "a", category: "legal" });
    await addPost({ slug: "b", category: "insurance" });
    expect((await list("?category=all")).total).toBe(2);
    expect((await list("?category=")).total).toBe(2);
  });

  it("answers 404 for an unknown category or a malformed page", async () => {
    expect(await statusOf(() => list("?category=crypto"))).toBe(404);
    expect(await statusOf(() => list("?category=<script>"))).toBe(404);
    expect(await statusOf(() => list("?page=0"))).toBe(404);
    expect(await statusOf(() => list("?page=-1"))).toBe(404);
    expect(await statusOf(() => list("?page=two"))).toBe(404);
  });

  it("gives an empty list (not an error) when nothing is published", async () => {
    await addPost({ slug: "draft", published: false });
    const all = await list();
    expect(all.posts).toEqual([]);
    expect(all.pageCount).toBe(0);
    const legal = await list("?category=legal");
    expect(legal.posts).toEqual([]);
    expect(legal.categoryLabel).toBe("Legal");
  });

  it("pages by nine and answers 404 past the last page", async () => {
    for (let i = 0; i < 11; i++) {
      await addPost({ slug: `post-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = await list();
    expect(first.posts).toHaveLength(9);
    expect(first.pageCount).toBe(2);
    expect(first.posts[0]?.slug).toBe("post-10");
    const second = await list("?page=2");
    expect(second.posts.map((p) => p.slug)).toEqual(["post-1", "post-0"]);
    expect(await statusOf(() => list("?page=3"))).toBe(404);
  });

  it("shows the published date, else the created date, in long US style", async () => {
    await addPost({ slug: "p", createdAt: new Date("2026-01-02T10:00:00Z"), publishedAt: new Date("2026-03-04T10:00:00Z") });
    await addPost({ slug: "c", createdAt: new Date("2026-01-01T10:00:00Z"), publishedAt: null });
    const [p, c] = (await list()).posts;
    expect(p?.date).toBe("March 4, 2026");
    expect(c?.date).toBe("January 1, 2026");
  });

  it("passes on local featured images only", async () => {
    await addPost({ slug: "local", featuredImage: "/uploads/blog/a.png", createdAt: new Date("2026-02-01T00:00:00Z") });
    await addPost({ slug: "remote", featuredImage: "https://tracker.test/pixel.png", createdAt: new Date("2026-01-01T00:00:00Z") });
    const [local, remote] = (await list()).posts;
    expect(local?.featuredImage).toBe("/uploads/blog/a.png");
    expect(remote?.featuredImage).toBeNull();
  });
});

describe("/blog/:slug loader", async () => {
  it("returns a published post with its content sanitised", async () => {
    await addPost({
      slug: "safe",
      content: '<p onclick="x()">Hello <img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p><script>alert(2)</script>',
    });
    const { post: found } = await post("safe");
    expect(found.title).toBe("Title safe");
    expect(found.html).toBe("<p>Hello <a>link</a></p>");
  });

  it("answers 404 for a draft and for an unknown slug", async () => {
    await addPost({ slug: "hidden", published: false });
    expect(await statusOf(() => post("hidden"))).toBe(404);
    expect(await statusOf(() => post("no-such-post"))).toBe(404);
  });

  it("describes a post without an excerpt by the start of its text", async () => {
    await addPost({ slug: "plain", excerpt: null, content: "<h2>Intro</h2><p>Fees &amp; costs &lt;explained&gt;.</p>" });
    expect((await post("plain")).post.description).toBe("Intro Fees & costs <explained>.");
  });
});
