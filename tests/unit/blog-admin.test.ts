import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deleteStoredFiles, readStoredFile, storedFileNames } from "~/platform/uploads/stored-files.server";
import { db, sqliteClient } from "~/platform/db.server";
import { blogPosts } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { SANITIZER_VERSION } from "~/features/blog/sanitize.server";
import { getPublishedPost, publishedPageIds } from "~/features/blog/posts.data.server";
import { ABANDONED_IMAGE_AGE_MS, adminPageIds, sweepAbandonedImages } from "~/features/admin/blog/posts.data.server";
import { sniffImageType } from "~/platform/uploads/images.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.blog";
import { action as viewAction, loader as viewLoader } from "~/routes/admin.blog.$id";
import { action as newAction } from "~/routes/admin.blog.new";
import { action as editAction } from "~/routes/admin.blog.$id.edit";
import { loader as rssLoader } from "~/routes/blog.rss[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { formRequest, getRequest, requestArgs } from "./helpers";
import { errorsOf, run, uniqueEmail } from "./support/auth-requests";
import { onPostgres } from "./engine";

const ORIGIN = "http://localhost";
const CONTENT = "<p>Family offices need governance that outlives the founder, and it starts early.</p>";

type Fn = (args: never) => unknown;
const call = (fn: Fn, request: Request, params: Record<string, string> = {}) =>
  run(() => (fn as unknown as (a: object) => unknown)({ request, params, context: {}, url: new URL(request.url), pattern: "" }));

/** A multipart POST as the editor sends it; fields are appended in the order given. */
function multipart(url: string, parts: [string, string | Blob, string?][], cookie?: string): Request {
  const body = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, filename);
  }
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(url, ORIGIN), { method: "POST", body, headers });
}

async function sessionFor(role: "admin" | "client" | "professional" | "user") {
  const { userId } = await upsertAccount({ email: uniqueEmail(`blog-${role}`), password: "Passw0rdX", role });
  const setCookie = await createSession(requestArgs(getRequest("/admin/login")), userId);
  return { userId, cookie: setCookie.split(";")[0] ?? "" };
}

let admin: { userId: string; cookie: string };
let png: Buffer;

beforeAll(async () => {
  admin = await sessionFor("admin");
  png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 20, g: 30, b: 60 } } }).png().toBuffer();
});

// Uploaded images live in the database (stored_files), not in a folder.
const uploads = async () => (await storedFileNames("")).filter((n) => n.endsWith(".webp"));
const rows = () => db().select().from(blogPosts).orderBy(blogPosts.id);

async function insertPost(values: Partial<typeof blogPosts.$inferInsert> & { slug: string }): Promise<number> {
  const [row] = await db()
    .insert(blogPosts)
    .values({ title: `Title ${values.slug}`, content: CONTENT, ...values })
    .returning({ id: blogPosts.id });
  if (!row) throw new Error("no post inserted");
  return row.id;
}

beforeEach(async () => {
  await db().delete(blogPosts);
  await deleteStoredFiles(await uploads());
});

describe("the editor's action", () => {
  it("creates a draft with the slug made from the title, the clean copy and its rules version, the admin as author", async () => {
    const out = await call(
      newAction,
      multipart("/admin/blog/new", [
        ["intent", "save"],
        ["title", "Trusts & Estates: What Changes in 2027?"],
        ["slug", ""],
        ["content", `${CONTENT}<script>alert(1)</script><p onclick="x()" data-x="1" style="color:red">Hi</p>`],
        ["category", "estate-planning"],
        ["featuredImage", new Blob([]), ""],
      ], admin.cookie),
    );
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/blog" });
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
    const [row] = await rows();
    expect(row).toMatchObject({ slug: "trusts-estates-what-changes-in-2027", published: false, publishedAt: null, authorId: admin.userId, category: "estate-planning" });
    expect(row?.sanitizerVersion).toBe(SANITIZER_VERSION);
    expect(row?.contentHtml).not.toMatch(/script|onclick|data-x|style/);
    expect(row?.content).toContain("<script>");
  });

  it("stamps published_at when saved published and clears it when saved as a draft", async () => {
    const fields = (published: boolean): [string, string][] => [
      ["title", "Published Post"],
      ["slug", "published-post"],
      ["content", CONTENT],
      ["category", "general"],
      ...(published ? ([["published", "on"]] as [string, string][]) : []),
    ];
    await call(newAction, multipart("/admin/blog/new", fields(true), admin.cookie));
    const id = (await rows())[0]?.id ?? 0;
    expect((await rows())[0]?.publishedAt).toBeInstanceOf(Date);
    await call(editAction, multipart(`/admin/blog/${id}/edit`, fields(false), admin.cookie), { id: String(id) });
    expect((await rows())[0]).toMatchObject({ published: false, publishedAt: null });
  });

  it("refuses invalid input with the spec's messages, keeps the text, writes nothing", async () => {
    const out = await call(
      newAction,
      multipart("/admin/blog/new", [["title", ""], ["content", "too short"], ["excerpt", "x".repeat(501)], ["category", "crypto"]], admin.cookie),
    );
    expect(out.status).toBe(400);
    const errors = errorsOf(out.body);
    expect(errors.title).toEqual(["Title is required"]);
    expect(errors.content).toEqual(["Content must be at least 50 characters"]);
    expect(errors.excerpt).toEqual(["Excerpt must be less than 500 characters"]);
    expect(errors.category).toBeTruthy();
    expect((out.body as { result: { initialValue: Record<string, string> } }).result.initialValue.content).toBe("too short");
    expect(await rows()).toEqual([]);
  });

  it("answers a slug already in use with a field error", async () => {
    await insertPost({ slug: "taken" });
    const out = await call(newAction, multipart("/admin/blog/new", [["title", "Another"], ["slug", "taken"], ["content", CONTENT], ["category", "general"]], admin.cookie));
    expect(out.status).toBe(400);
    expect(errorsOf(out.body).slug?.[0]).toMatch(/already in use/);
    expect(await rows()).toHaveLength(1);
  });

  it("previews without saving: the content rendered through the allowlist", async () => {
    const out = await call(
      newAction,
      multipart("/admin/blog/new", [["intent", "preview"], ["title", "Draft"], ["content", `${CONTENT}<iframe src="x"></iframe>`], ["category", "general"]], admin.cookie),
    );
    expect(out.status).toBe(200);
    const preview = (out.body as { preview: { html: string; title: string } }).preview;
    expect(preview.title).toBe("Draft");
    expect(preview.html).toContain("Family offices");
    expect(preview.html).not.toContain("iframe");
    expect(await rows()).toEqual([]);
  });
});

describe("featured images", () => {
  const save = (url: string, file: Blob, filename: string, params: Record<string, string> = {}, extra: [string, string][] = []) =>
    call(
      url.endsWith("/new") ? newAction : editAction,
      // The file first, the text after it: text after a refused file still arrives.
      multipart(url, [["featuredImage", file, filename], ["title", "With Image"], ["slug", "with-image"], ["content", CONTENT], ["category", "general"], ...extra], admin.cookie),
      params,
    );

  it("re-encodes a real PNG to WebP at several widths, metadata stripped, and stores the set", async () => {
    const jpeg = await sharp(png).jpeg().withExif({ IFD0: { Copyright: "secret-location" } }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await save("/admin/blog/new", new Blob([jpeg], { type: "image/jpeg" }), "photo.jpg");
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/blog" });
    const [row] = await rows();
    expect(row?.featuredImageMeta).toMatchObject({ widths: [480, 960, 1200], width: 1200, height: 600 });
    expect(row?.featuredImage).toMatch(/^\/uploads\/blog-[a-z0-9]+-[a-f0-9]{16}-1200\.webp$/);
    expect(await uploads()).toHaveLength(3);
    for (const f of await uploads()) {
      const meta = await sharp((await readStoredFile(f))?.bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }
    const post = await getPublishedPost("with-image");
    expect(post).toBeNull(); // a draft
  });

  it("refuses a text file named .png with the spec's message, keeps the text, writes nothing", async () => {
    const out = await save("/admin/blog/new", new Blob(["just some text"], { type: "image/png" }), "evil.png");
    expect(out.status).toBe(400);
    const body = out.body as { image: { error: { title: string; message: string } }; result: { initialValue: Record<string, string> } };
    expect(body.image.error).toEqual({ title: "Invalid File Type", message: "Only JPEG, PNG, GIF, and WebP images are allowed" });
    expect(body.result.initialValue).toMatchObject({ title: "With Image", content: CONTENT });
    expect(await rows()).toEqual([]);
    expect(await uploads()).toEqual([]);
  });

  it("refuses an SVG even when it claims to be an image", () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(png)).toBe("png");
  });

  it("drops a 6 MB file past 5 MB while it streams: 'Image must be less than 5MB', the text after it kept", async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    png.copy(big);
    const out = await save("/admin/blog/new", new Blob([big], { type: "image/png" }), "big.png");
    expect(out.status).toBe(400);
    const body = out.body as { image: { error: { title: string; message: string } }; result: { initialValue: Record<string, string> } };
    expect(body.image.error).toEqual({ title: "File Too Large", message: "Image must be less than 5MB" });
    expect(body.result.initialValue).toMatchObject({ title: "With Image", content: CONTENT, category: "general" });
    expect(await rows()).toEqual([]);
  });

  it("deletes the old files when the image is replaced, removed, or the post deleted", async () => {
    await save("/admin/blog/new", new Blob([new Uint8Array(png)]), "a.png");
    const id = (await rows())[0]?.id ?? 0;
    const first = await uploads();
    expect(first).toHaveLength(3);

    await save(`/admin/blog/${id}/edit`, new Blob([new Uint8Array(png)]), "b.png", { id: String(id) });
    const second = await uploads();
    expect(second).toHaveLength(3);
    expect(second.some((f) => first.includes(f))).toBe(false);

    await save(`/admin/blog/${id}/edit`, new Blob([]), "", { id: String(id) }, [["removeImage", "1"]]);
    expect(await uploads()).toEqual([]);
    expect((await rows())[0]).toMatchObject({ featuredImage: null, featuredImageMeta: null });

    await save(`/admin/blog/${id}/edit`, new Blob([new Uint8Array(png)]), "c.png", { id: String(id) });
    expect(await uploads()).toHaveLength(3);
    const out = await call(viewAction, formRequest(`/admin/blog/${id}`, { intent: "delete" }, { cookie: admin.cookie }), { id: String(id) });
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/blog" });
    expect(await rows()).toEqual([]);
    expect(await uploads()).toEqual([]);
  });

  it("never takes another post's image as this editor's pending upload", async () => {
    await save("/admin/blog/new", new Blob([new Uint8Array(png)]), "theirs.png");
    const theirs = (await rows())[0]?.featuredImageMeta?.base ?? "";
    const out = await call(newAction, multipart("/admin/blog/new", [["intent", "remove-image"], ["pendingImage", theirs]], admin.cookie));
    expect((out.body as { image: { pending: unknown } }).image.pending).toBeNull();
    expect(await uploads()).toHaveLength(3);
  });

  it("sweeps images older than a day that no post points at, and only those", async () => {
    await save("/admin/blog/new", new Blob([new Uint8Array(png)]), "kept.png");
    const keptBase = (await rows())[0]?.featuredImageMeta?.base ?? "";
    const abandoned = await call(newAction, multipart("/admin/blog/new", [["intent", "upload"], ["featuredImage", new Blob([new Uint8Array(png)]), "left.png"]], admin.cookie));
    const leftBase = (abandoned.body as { image: { pending: { base: string } } }).image.pending.base;
    expect(await uploads()).toHaveLength(6);
    // Both are young: nothing goes.
    expect(await sweepAbandonedImages()).toBe(0);
    // A day later the unsaved upload goes; the saved post's image stays.
    expect(await sweepAbandonedImages(Date.now() + ABANDONED_IMAGE_AGE_MS + 60_000)).toBe(1);
    expect((await uploads()).every((f) => f.startsWith(keptBase))).toBe(true);
    expect((await uploads()).some((f) => f.startsWith(leftBase))).toBe(false);
    expect(await uploads()).toHaveLength(3);
  });

  it("keeps an image uploaded in a round that failed validation for the next round (no JavaScript)", async () => {
    const out = await call(
      newAction,
      multipart("/admin/blog/new", [["featuredImage", new Blob([new Uint8Array(png)]), "a.png"], ["title", ""], ["content", CONTENT], ["category", "general"]], admin.cookie),
    );
    expect(out.status).toBe(400);
    const base = (out.body as { image: { pending: { base: string } } }).image.pending.base;
    expect(base).toMatch(/^blog-/);
    const saved = await call(
      newAction,
      multipart("/admin/blog/new", [["pendingImage", base], ["title", "Now Titled"], ["content", CONTENT], ["category", "general"]], admin.cookie),
    );
    expect(saved.kind).toBe("redirect");
    expect((await rows())[0]?.featuredImageMeta?.base).toBe(base);
  });
});

describe("the list's actions", () => {
  it("toggles Draft/Published with the spec's toasts, stamping and clearing published_at", async () => {
    const id = await insertPost({ slug: "toggle-me" });
    const toggle = () => call(listAction, formRequest("/admin/blog", { intent: "toggle", id: String(id), back: "/admin/blog?page=1" }, { cookie: admin.cookie }));
    const on = await toggle();
    expect(on).toMatchObject({ kind: "redirect", location: "/admin/blog?page=1" });
    expect((await rows())[0]?.published).toBe(true);
    expect((await rows())[0]?.publishedAt).toBeInstanceOf(Date);
    await toggle();
    expect((await rows())[0]).toMatchObject({ published: false, publishedAt: null });
  });

  it("never redirects a list action off the admin list", async () => {
    const id = await insertPost({ slug: "stay-home" });
    const out = await call(listAction, formRequest("/admin/blog", { intent: "toggle", id: String(id), back: "https://evil.example/" }, { cookie: admin.cookie }));
    expect(out.location).toBe("/admin/blog");
  });

  it("lists 20 a page, newest first, searching titles", async () => {
    for (let i = 0; i < 25; i++) await insertPost({ slug: `p-${i}`, title: i % 5 === 0 ? `Needle ${i}` : `Hay ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    const page1 = await call(listLoader, getRequest("/admin/blog", { cookie: admin.cookie }));
    const body = page1.body as { posts: { title: string }[]; pageCount: number; total: number };
    expect(body.posts).toHaveLength(20);
    expect(body.posts[0]?.title).toBe("Hay 24");
    expect(body.posts[19]?.title).toBe("Needle 5");
    expect(body.pageCount).toBe(2);
    const found = await call(listLoader, getRequest("/admin/blog?q=needle", { cookie: admin.cookie }));
    expect((found.body as { posts: { title: string }[] }).posts.map((p) => p.title)).toEqual(["Needle 20", "Needle 15", "Needle 10", "Needle 5", "Needle 0"]);
    const wild = await call(listLoader, getRequest("/admin/blog?q=%25", { cookie: admin.cookie }));
    expect((wild.body as { total: number }).total).toBe(0);
  });

  it("shows a draft to the admin at /admin/blog/{id} and 404s an unknown id", async () => {
    const id = await insertPost({ slug: "secret-draft" });
    const out = await call(viewLoader, getRequest(`/admin/blog/${id}`, { cookie: admin.cookie }), { id: String(id) });
    expect((out.body as { post: { title: string; published: boolean } }).post).toMatchObject({ title: "Title secret-draft", published: false });
    const missing = await call(viewLoader, getRequest("/admin/blog/999", { cookie: admin.cookie }), { id: "999" });
    expect(missing.status).toBe(404);
  });
});

describe("a non-admin posting to any blog action", () => {
  const OUTSIDERS = ["client", "professional", "user", "signed-out"] as const;

  it.each(OUTSIDERS)("as %s gets 403 and changes nothing", async (who) => {
    const cookie = who === "signed-out" ? undefined : (await sessionFor(who)).cookie;
    const id = await insertPost({ slug: "guarded", published: true, publishedAt: new Date() });
    const before = await rows();
    const editorParts: [string, string | Blob, string?][] = [
      ["featuredImage", new Blob([new Uint8Array(png)]), "a.png"],
      ["title", "Hijacked"],
      ["slug", "hijacked"],
      ["content", CONTENT],
      ["category", "general"],
      ["published", "on"],
    ];
    const attempts: [Fn, Request, Record<string, string>][] = [
      [listAction, formRequest("/admin/blog", { intent: "toggle", id: String(id) }, { cookie }), {}],
      [listAction, formRequest("/admin/blog", { intent: "delete", id: String(id) }, { cookie }), {}],
      [viewAction, formRequest(`/admin/blog/${id}`, { intent: "delete" }, { cookie }), { id: String(id) }],
      [viewAction, formRequest(`/admin/blog/${id}`, { intent: "toggle" }, { cookie }), { id: String(id) }],
      [newAction, multipart("/admin/blog/new", editorParts, cookie), {}],
      [newAction, multipart("/admin/blog/new", [["intent", "upload"], ["featuredImage", new Blob([new Uint8Array(png)]), "a.png"]], cookie), {}],
      [editAction, multipart(`/admin/blog/${id}/edit`, editorParts, cookie), { id: String(id) }],
      [editAction, multipart(`/admin/blog/${id}/edit`, [["intent", "remove-image"]], cookie), { id: String(id) }],
    ];
    for (const [fn, request, params] of attempts) {
      const out = await call(fn, request, params);
      expect(out.status, `${request.method} ${request.url}`).toBe(403);
      expect(out.cookies).toEqual([]);
    }
    expect(await rows()).toEqual(before);
    expect(await uploads()).toEqual([]);
  });
});

describe("display sanitising", () => {
  it("cleans again a post whose stored copy was made by older rules, and refreshes the copy", async () => {
    await insertPost({
      slug: "old-rules",
      published: true,
      publishedAt: new Date(),
      content: `${CONTENT}<img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>`,
      contentHtml: `<p>stale copy</p><img src=x onerror="alert(1)">`,
      sanitizerVersion: SANITIZER_VERSION - 1,
    });
    const post = await getPublishedPost("old-rules");
    expect(post?.html).toContain("Family offices");
    expect(post?.html).not.toMatch(/onerror|<img|javascript:|stale/);
    expect((await db().select().from(blogPosts).where(eq(blogPosts.slug, "old-rules")).limit(1))[0]?.sanitizerVersion).toBe(SANITIZER_VERSION);
  });

  it("serves the stored copy when it is current", async () => {
    await insertPost({ slug: "current", published: true, publishedAt: new Date(), contentHtml: "<p>stored copy</p>", sanitizerVersion: SANITIZER_VERSION });
    expect((await getPublishedPost("current"))?.html).toBe("<p>stored copy</p>");
  });
});

describe("feeds", () => {
  it("RSS: the 20 latest published posts with absolute links; drafts left out", async () => {
    for (let i = 0; i < 23; i++) await insertPost({ slug: `feed-${i}`, published: true, publishedAt: new Date(Date.UTC(2026, 0, 1 + i)), createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    await insertPost({ slug: "feed-draft", createdAt: new Date(Date.UTC(2027, 0, 1)) });
    const res = (await rssLoader({ request: getRequest("/blog/rss.xml"), params: {}, context: {} } as never)) as Response;
    expect(res.headers.get("Content-Type")).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<link>http://localhost/blog/feed-22</link>");
    expect(xml).not.toContain("feed-draft");
    expect(xml).not.toContain("/blog/feed-2</link>");
  });

  it("sitemap: every published post with its lastmod, no drafts", async () => {
    await insertPost({ slug: "in-map", published: true, publishedAt: new Date(), updatedAt: new Date("2026-03-04T05:06:07Z") });
    await insertPost({ slug: "not-in-map" });
    const res = (await sitemapLoader({ request: getRequest("/sitemap.xml"), params: {}, context: {} } as never)) as Response;
    const xml = await res.text();
    expect(xml).toContain("<loc>http://localhost/blog/in-map</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>");
    expect(xml).not.toContain("not-in-map");
  });
});

// SQLite-only: EXPLAIN QUERY PLAN and these index names are SQLite's; PostgreSQL plans by its own statistics.
describe.skipIf(onPostgres)("query plans (lists stay fast at any size)", () => {
  const plan = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    const rows = sqliteClient()!.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[];
    return rows.map((r) => r.detail).join("\n");
  };

  it("pages the public list, a category and the admin list from an index, without sorting and without reading rows", () => {
    const all = plan(publishedPageIds({ category: null, page: 50 }));
    expect(all).toMatch(/USING COVERING INDEX blog_posts_published_created/);
    expect(all).not.toMatch(/TEMP B-TREE/);
    const category = plan(publishedPageIds({ category: "tax-planning", page: 50 }));
    expect(category).toMatch(/USING COVERING INDEX blog_posts_category_published_created/);
    expect(category).not.toMatch(/TEMP B-TREE/);
    const adminList = plan(adminPageIds({ page: 3, q: "" }));
    expect(adminList).toMatch(/USING COVERING INDEX blog_posts_created_at/);
    expect(adminList).not.toMatch(/TEMP B-TREE/);
  });

  it("finds a post by its slug through the unique index", () => {
    const detail = (sqliteClient()!.prepare("EXPLAIN QUERY PLAN SELECT * FROM blog_posts WHERE slug = ? AND published = 1").all("x") as { detail: string }[])
      .map((r) => r.detail)
      .join("\n");
    expect(detail).toMatch(/USING INDEX sqlite_autoindex_blog_posts|USING INDEX blog_posts_slug_unique/);
  });
});
