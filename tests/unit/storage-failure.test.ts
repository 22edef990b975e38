// A write either happens or the person is told it did not (docs/decisions/030-storage-failures.md): a full or read-only database, a
// lock held elsewhere, an uploaded image the database cannot take. Each case answers 503 with what was
// typed kept, and leaves nothing behind.
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { db, REQUEST_BUSY_TIMEOUT_MS, sqliteClient, WRITE_LOCK_WAIT_MS, writeLockFree } from "~/platform/db.server";
import { driverError } from "~/platform/db-errors.server";
import { config } from "~/platform/config.server";
import { blogPosts, userRoles } from "~/platform/schema";
import { NOT_SAVED_MESSAGE } from "~/platform/storage-failure.server";
import { SIGN_IN_UNAVAILABLE } from "~/platform/http/not-saved.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { IMAGE_ERRORS } from "~/platform/uploads/image";
import { action as newPostAction } from "~/routes/admin.blog.new";
import { action as postAction } from "~/routes/admin.blog.$id";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { getRequest, nextCookie, requestArgs } from "./helpers";
import { errorsOf, post, run, uniqueEmail, type Outcome } from "./support/auth-requests";
import { onPostgres } from "./engine";

const ORIGIN = "http://localhost";
// The database's failures are made with SQLite's own switches (pragmas, a second connection's lock):
// those cases are SQLite-only; PostgreSQL's storage errors reach the same 503 through db-errors.server.ts.
const sqlite = () => sqliteClient()!;
type Fn = (args: never) => unknown;
const call = (fn: Fn, request: Request, params: Record<string, string> = {}) =>
  run(() => (fn as unknown as (a: object) => unknown)({ ...requestArgs(request), params, url: new URL(request.url), pattern: "" }));

function multipart(url: string, fields: Record<string, string | Blob>, cookie: string): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, "photo.png");
  }
  return new Request(new URL(url, ORIGIN), { method: "POST", body, headers: { Origin: ORIGIN, Cookie: cookie } });
}

/** What the re-rendered form shows: its form-level message and the values it keeps. */
function formOf(outcome: Outcome) {
  const body = outcome.body as { result?: { initialValue?: Record<string, unknown> }; initialValue?: Record<string, unknown> };
  return { messages: errorsOf(outcome.body)[""] ?? [], kept: body.result?.initialValue ?? body.initialValue ?? {} };
}

let admin: string;
beforeAll(async () => {
  const { userId } = await upsertAccount({ email: uniqueEmail("storage-admin"), password: "Passw0rdX", role: "admin" });
  admin = (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
});

afterEach(() => {
  if (onPostgres) return;
  sqlite().pragma("query_only = OFF");
  sqlite().pragma("max_page_count = 1073741823");
  sqlite().pragma("defer_foreign_keys = OFF");
});

/** The database takes no new pages: what is stored stays, anything that needs room fails (SQLITE_FULL). */
const fillDatabase = () => sqlite().pragma(`max_page_count = ${Number(sqlite().pragma("page_count", { simple: true }))}`);
/** The database refuses every write (SQLITE_READONLY), as a read-only file or mount does. */
const readOnlyDatabase = () => sqlite().pragma("query_only = ON");

describe.skipIf(onPostgres)("the data layer (SQLite's own commit, busy wait and write lock)", () => {
  it("raises a write's commit failure even when the write returns a row", async () => {
    // An autocommit write commits when better-sqlite3 resets the statement after a single step (.get()),
    // and that reset's error was dropped: the write was reported done and was gone. A deferred foreign
    // key is checked at commit, like a full disk there.
    sqlite().pragma("defer_foreign_keys = ON");
    const failure = await db()
      .insert(userRoles)
      .values({ userId: "nobody-at-all", role: "client" })
      .returning()
      .then(() => undefined, (error: unknown) => driverError(error));
    expect(String(failure)).toMatch(/FOREIGN KEY/);
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, "nobody-at-all"))).toEqual([]);
  });

  it("answers 503 for a lock held elsewhere past the wait, having kept the event loop turning meanwhile", async () => {
    const other = new Database(config().databasePath);
    other.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      const started = performance.now();
      const outcome = await run(() => db().insert(userRoles).values({ userId: "x", role: "client" }));
      const waited = performance.now() - started;
      expect(outcome.status).toBe(503);
      expect(waited).toBeGreaterThanOrEqual(WRITE_LOCK_WAIT_MS - 500);
      // Each try blocks at most REQUEST_BUSY_TIMEOUT_MS; between tries other work runs.
      expect(ticks).toBeGreaterThan(WRITE_LOCK_WAIT_MS / (REQUEST_BUSY_TIMEOUT_MS * 4));
    } finally {
      clearInterval(ticker);
      other.exec("ROLLBACK");
      other.close();
    }
  }, 20_000);

  it("queues a write that meets another connection's short write (the other app worker) instead of answering 503", async () => {
    // Held longer than one try's busy wait inside SQLite: before, the write answered 503 "Not saved".
    const other = new Database(config().databasePath);
    other.exec("BEGIN IMMEDIATE");
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("ROLLBACK");
        resolve();
      }, REQUEST_BUSY_TIMEOUT_MS * 4),
    );
    try {
      const slug = `queued-${Date.now()}`;
      const row = { title: "Queued", excerpt: "e", content: "<p>c</p>", category: "general" as const };
      const outcomes = await Promise.all([
        run(() => db().transaction((tx) => tx.insert(blogPosts).values({ ...row, slug: `${slug}-tx` }))),
        run(() => db().insert(blogPosts).values({ ...row, slug: `${slug}-alone` })),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
      const stored = await db().select({ slug: blogPosts.slug }).from(blogPosts).where(like(blogPosts.slug, `${slug}-%`));
      expect(stored.map((r) => r.slug).sort()).toEqual([`${slug}-alone`, `${slug}-tx`]);
    } finally {
      await released;
      other.close();
    }
  });

  it("lets a post wait for another connection's write lock without holding up other work, and go on once it is free", async () => {
    const other = new Database(config().databasePath);
    other.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      expect(await writeLockFree(300)).toBe(false);
      // The event loop kept turning while the post waited (a synchronous wait would allow none).
      expect(ticks).toBeGreaterThan(5);
      setTimeout(() => other.exec("ROLLBACK"), 100);
      expect(await writeLockFree(5000)).toBe(true);
    } finally {
      clearInterval(ticker);
      if (other.inTransaction) other.exec("ROLLBACK");
      other.close();
    }
  });
});

describe.skipIf(onPostgres)("a full or read-only database (SQLite's pragmas make it so)", () => {
  const postFields = (title: string) => ({
    intent: "save",
    title,
    slug: "",
    excerpt: "What a founder should settle before the sale.",
    // Longer than a page, so the row needs new pages of a database that has none to give.
    content: `<p>${"Governance that outlives the founder starts long before the sale. ".repeat(120)}</p>`,
    category: "wealth-management",
    featuredImageAlt: "",
  });

  it("answers a new post 503 with the editor and every field kept, and stores nothing", async () => {
    const before = (await db().select({ id: blogPosts.id }).from(blogPosts)).length;
    fillDatabase();
    const outcome = await call(newPostAction, multipart("/admin/blog/new", postFields("Liquidity events"), admin));
    expect(outcome.status).toBe(503);
    const form = formOf(outcome);
    expect(form.messages).toEqual([NOT_SAVED_MESSAGE]);
    expect(form.kept).toMatchObject({ title: "Liquidity events", excerpt: "What a founder should settle before the sale." });
    sqlite().pragma("max_page_count = 1073741823");
    expect((await db().select({ id: blogPosts.id }).from(blogPosts)).length).toBe(before);
  });

  it("answers unpublishing and deleting a post with the 503 'not saved' page, never a success, and changes nothing", async () => {
    const [row] = await db()
      .insert(blogPosts)
      .values({ title: "Kept", slug: `kept-${Date.now()}`, excerpt: "e", content: "<p>c</p>", category: "general", published: true, publishedAt: new Date() })
      .returning({ id: blogPosts.id });
    const id = String(row!.id);
    readOnlyDatabase();
    for (const intent of ["toggle", "delete"]) {
      const outcome = await call(postAction, post(`/admin/blog/${id}`, { intent }, { cookie: admin }), { id });
      expect(outcome.kind, intent).toBe("data");
      expect(outcome.status, intent).toBe(503);
      expect(outcome.body, intent).toMatchObject({ reason: "storage" });
    }
    sqlite().pragma("query_only = OFF");
    expect((await db().select({ published: blogPosts.published }).from(blogPosts).where(eq(blogPosts.id, row!.id)).limit(1))[0]).toEqual({ published: true });
  });

  it("answers a sign-in 503 with the e-mail kept and says the site, not the password, is at fault", async () => {
    const email = uniqueEmail("storage-signin");
    await upsertAccount({ email, password: "Passw0rdX", role: "client" });
    readOnlyDatabase();
    const outcome = await call(loginAction, post("/login", { email, password: "Passw0rdX" }));
    expect(outcome.status).toBe(503);
    expect(outcome.cookies.some((c) => c.startsWith("wm_session="))).toBe(false);
    const form = formOf(outcome);
    expect(form.messages).toEqual([SIGN_IN_UNAVAILABLE]);
    expect(form.kept).toMatchObject({ email });
    expect(form.kept).not.toHaveProperty("password");
  });

  it("keeps a registering person on the step with their answers and the plain message", async () => {
    // Steps 1 and 2 of a Wealth Creator, then the credentials step, whose e-mail check writes.
    let cookie = "";
    const step = async (fields: Record<string, string>) => {
      const outcome = await call(registerAction, post("/register", fields, { cookie }));
      cookie = nextCookie(new Headers(outcome.cookies.map((c) => ["Set-Cookie", c] as [string, string])), cookie);
      return outcome;
    };
    expect((await step({ intent: "continue", step: "1", userType: "client" })).status).toBe(303);
    expect((await step({ intent: "continue", step: "2", firstName: "Ada", lastName: "Lovelace" })).status).toBe(303);
    readOnlyDatabase();
    const email = uniqueEmail("storage-register");
    const outcome = await step({ intent: "continue", step: "3", email, password: "Str0ng-Passw0rd!", confirmPassword: "Str0ng-Passw0rd!" });
    expect(outcome.status).toBe(503);
    const body = outcome.body as { view: { step: number; values: Record<string, unknown> }; result: { error: Record<string, string[]> } };
    expect(body.view.step).toBe(3);
    expect(body.view.values).toMatchObject({ email });
    expect(body.result.error[""]).toEqual([NOT_SAVED_MESSAGE]);
  });
});

describe.skipIf(onPostgres)("a database that takes no more files (SQLite's page limit makes it so)", () => {
  it("says the upload failed (503), not that the image is of the wrong type", async () => {
    // Noise, so its WebP copies are larger than the free room left in the database's pages.
    const noise = { type: "gaussian", mean: 128, sigma: 60 } as const;
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 20, g: 30, b: 60 }, noise } }).png().toBuffer();
    // Uploaded images are stored in the database: a full one takes none, as a full disk does.
    fillDatabase();
    const outcome = await call(newPostAction, multipart("/admin/blog/new", { intent: "upload", title: "With a picture", featuredImage: new Blob([png]) }, admin));
    expect(outcome.status).toBe(503);
    expect((outcome.body as { image: { error: unknown } }).image.error).toEqual(IMAGE_ERRORS.failed);
  });
});
