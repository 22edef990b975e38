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

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (thrown) {
    return (thrown as { init?: ResponseInit | null }).init?.status;
  }
  return undefined;
}

const CONTENT = "<p>Long enough content for a post, with <strong>some</strong> markup in it.</p>";

function addPost(p: {
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
  db()
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
    })
    .run();
}

beforeEach(() => {
  db().delete(blogPosts).run();
});

describe("/blog loader", () => {
  it("lists only published posts, newest first by creation date", () => {
    addPost({ slug: "old", createdAt: new Date("2026-01-01T00:00:00Z") });
    addPost({ slug: "new", createdAt: new Date("2026-03-01T00:00:00Z") });
    addPost({ slug: "draft", published: false, createdAt: new Date("2026-04-01T00:00:00Z") });
    const result = list();
    expect(result.posts.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(result.total).toBe(2);
    expect(result.category).toBeNull();
  });

  it("filters by category and reports the category's label", () => {
    addPost({ slug: "tax-1", category: "tax-planning" });
    addPost({ slug: "legal-1", category: "legal" });
    addPost({ slug: "tax-draft", category: "tax-planning", published: false });
    const result = list("?category=tax-planning");
    expect(result.posts.map((p) => p.slug)).toEqual(["tax-1"]);
    expect(result.categoryLabel).toBe("Tax Planning");
    expect(result.posts[0]?.categoryLabel).toBe("Tax Planning");
  });

  it("treats category=all and an empty category as every category", () => {
    addPost({ slug: "a", category: "legal" });
    addPost({ slug: "b", category: "insurance" });
    expect(list("?category=all").total).toBe(2);
    expect(list("?category=").total).toBe(2);
  });

  it("answers 404 for an unknown category or a malformed page", () => {
    expect(statusOf(() => list("?category=crypto"))).toBe(404);
    expect(statusOf(() => list("?category=<script>"))).toBe(404);
    expect(statusOf(() => list("?page=0"))).toBe(404);
    expect(statusOf(() => list("?page=-1"))).toBe(404);
    expect(statusOf(() => list("?page=two"))).toBe(404);
  });

  it("gives an empty list (not an error) when nothing is published", () => {
    addPost({ slug: "draft", published: false });
    const all = list();
    expect(all.posts).toEqual([]);
    expect(all.pageCount).toBe(0);
    const legal = list("?category=legal");
    expect(legal.posts).toEqual([]);
    expect(legal.categoryLabel).toBe("Legal");
  });

  it("pages by nine and answers 404 past the last page", () => {
    for (let i = 0; i < 11; i++) {
      addPost({ slug: `post-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = list();
    expect(first.posts).toHaveLength(9);
    expect(first.pageCount).toBe(2);
    expect(first.posts[0]?.slug).toBe("post-10");
    const second = list("?page=2");
    expect(second.posts.map((p) => p.slug)).toEqual(["post-1", "post-0"]);
    expect(statusOf(() => list("?page=3"))).toBe(404);
  });

  it("shows the published date, else the created date, in long US style", () => {
    addPost({ slug: "p", createdAt: new Date("2026-01-02T10:00:00Z"), publishedAt: new Date("2026-03-04T10:00:00Z") });
    addPost({ slug: "c", createdAt: new Date("2026-01-01T10:00:00Z"), publishedAt: null });
    const [p, c] = list().posts;
    expect(p?.date).toBe("March 4, 2026");
    expect(c?.date).toBe("January 1, 2026");
  });

  it("passes on local featured images only", () => {
    addPost({ slug: "local", featuredImage: "/uploads/blog/a.png", createdAt: new Date("2026-02-01T00:00:00Z") });
    addPost({ slug: "remote", featuredImage: "https://tracker.test/pixel.png", createdAt: new Date("2026-01-01T00:00:00Z") });
    const [local, remote] = list().posts;
    expect(local?.featuredImage).toBe("/uploads/blog/a.png");
    expect(remote?.featuredImage).toBeNull();
  });
});

describe("/blog/:slug loader", () => {
  it("returns a published post with its content sanitised", () => {
    addPost({
      slug: "safe",
      content: '<p onclick="x()">Hello <img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p><script>alert(2)</script>',
    });
    const { post: found } = post("safe");
    expect(found.title).toBe("Title safe");
    expect(found.html).toBe("<p>Hello <a>link</a></p>");
  });

  it("answers 404 for a draft and for an unknown slug", () => {
    addPost({ slug: "hidden", published: false });
    expect(statusOf(() => post("hidden"))).toBe(404);
    expect(statusOf(() => post("no-such-post"))).toBe(404);
  });

  it("describes a post without an excerpt by the start of its text", () => {
    addPost({ slug: "plain", excerpt: null, content: "<h2>Intro</h2><p>Fees &amp; costs &lt;explained&gt;.</p>" });
    expect(post("plain").post.description).toBe("Intro Fees & costs <explained>.");
  });
});
