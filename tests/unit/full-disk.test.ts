// A real full disk, not a simulated one: the database lives on a small tmpfs this test mounts and fills.
// On a real ENOSPC SQLite rolls the transaction back itself; the data layer must not then fail its own
// ROLLBACK and bury the storage error, so every form that writes answers the 503 "Not saved" page with what
// was typed kept (docs/decisions/030-storage-failures.md). storage-failure.test.ts covers the same answers
// made with SQLite's pragmas, which never take this path. Mounting needs root: elsewhere the file is skipped
// with the reason printed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resetConfigForTests } from "~/platform/config.server";
import { db, setDatabaseForTests, sqliteClient, transaction } from "~/platform/db.server";
import { blogPosts, formSubmissions, newsletterSubscribers, oneTimeTokens, profiles } from "~/platform/schema";
import { FIELD_ONLY_HONEYPOT } from "~/platform/http/honeypot";
import { NOT_SAVED_MESSAGE, STORAGE_RETRY_AFTER_SECONDS } from "~/platform/storage-failure.server";
import { IMAGE_ERRORS } from "~/platform/uploads/image";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { action as newPostAction } from "~/routes/admin.blog.new";
import { action as loginAction } from "~/routes/login";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as subscribeAction } from "~/routes/newsletter";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { action as accountAction } from "~/routes/account";
import { formRequest, fromAddress, getRequest, nextCookie, requestArgs } from "./helpers";
import { errorsOf, post, run, uniqueEmail, type Outcome } from "./support/auth-requests";
import { onPostgres } from "./engine";
import { captureLogs } from "./support/logs";

const ORIGIN = "http://localhost";
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "wm-full-disk-"));
const filler = path.join(mountPoint, "filler");

function mountTmpfs(): string | undefined {
  if (onPostgres) return "the database is PostgreSQL's (its full disk is the server's, answered through the same 503)";
  if (process.getuid?.() !== 0) return "mounting a small tmpfs needs root";
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=12m", "tmpfs", mountPoint], { stdio: "pipe" });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}
const skipReason = mountTmpfs();
if (skipReason) console.log(`[full-disk] skipped: ${skipReason}`);

/**
 * Writes to the filler file until the file system has no room left at all. The write-ahead log is emptied
 * first (a checkpoint that truncates it), as after a quiet spell: otherwise small writes reuse its room.
 */
function fillDisk(): void {
  sqliteClient()?.pragma("wal_checkpoint(TRUNCATE)");
  const fd = fs.openSync(filler, "a");
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}
const freeDisk = () => fs.rmSync(filler, { force: true });

type Fn = (args: never) => unknown;
const call = (fn: Fn, request: Request) =>
  run(() => (fn as unknown as (a: object) => unknown)({ ...requestArgs(request), params: {}, url: new URL(request.url), pattern: "" }));

/** The form-level message and the kept values of a re-rendered form. */
function formOf(outcome: Outcome) {
  const body = outcome.body as { result?: { initialValue?: Record<string, unknown> }; initialValue?: Record<string, unknown> };
  return { messages: errorsOf(outcome.body)[""] ?? [], kept: body.result?.initialValue ?? body.initialValue ?? {} };
}

describe.skipIf(skipReason !== undefined)("a real full disk (a 12 MB tmpfs filled to the last byte)", () => {
  let admin = "";
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    process.env.DATABASE_PATH = path.join(mountPoint, "wealthmatch.db");
    resetConfigForTests();
    await setDatabaseForTests(undefined);
    const { userId } = await upsertAccount({ email: uniqueEmail("disk-admin"), password: "Passw0rdX", role: "admin" });
    admin = (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
  });
  beforeEach(() => {
    // The storage layer logs each failure once: expected here, kept out of the test output.
    logs = captureLogs();
    return () => {
      logs.restore();
      freeDisk();
    };
  });
  afterAll(async () => {
    await setDatabaseForTests(undefined);
    delete process.env.DATABASE_PATH;
    resetConfigForTests();
    execFileSync("umount", [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it("a transaction that runs out of room fails with the storage error, not its own rollback's", async () => {
    fillDisk();
    const failure = await transaction(async (tx) => {
      for (let i = 0; i < 50; i++) {
        await tx.insert(blogPosts).values({ title: "t", slug: `disk-${Date.now()}-${i}`, excerpt: "e", content: "x".repeat(100_000), category: "general" });
      }
    }).then(() => undefined, (error: unknown) => error);
    expect(failure).toMatchObject({ init: { status: 503, headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) } }, data: { reason: "storage" } });
    expect(logs.text()).not.toMatch(/cannot rollback/);
    freeDisk();
    expect(await db().select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.category, "general"))).toEqual([]);
  });

  it("a new blog post answers 503 with every field kept, and nothing is stored", async () => {
    fillDisk();
    const body = new FormData();
    const fields = { intent: "save", title: "Liquidity events", slug: "", excerpt: "Before the sale.", content: `<p>${"Governance. ".repeat(2000)}</p>`, category: "wealth-management", featuredImageAlt: "" };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const outcome = await call(newPostAction, new Request(`${ORIGIN}/admin/blog/new`, { method: "POST", body, headers: { Origin: ORIGIN, Cookie: admin } }));
    expect(outcome.status).toBe(503);
    expect(formOf(outcome)).toEqual({ messages: [NOT_SAVED_MESSAGE], kept: expect.objectContaining({ title: "Liquidity events", excerpt: "Before the sale." }) });
    freeDisk();
    expect(await db().select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, "Liquidity events"))).toEqual([]);
  });

  it("an image upload says the upload failed (503), not that the image is of the wrong type", async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 20, g: 30, b: 60 }, noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    fillDisk();
    const body = new FormData();
    body.append("intent", "upload");
    body.append("title", "With a picture");
    body.append("featuredImage", new Blob([new Uint8Array(png)]), "photo.png");
    const outcome = await call(newPostAction, new Request(`${ORIGIN}/admin/blog/new`, { method: "POST", body, headers: { Origin: ORIGIN, Cookie: admin } }));
    expect(outcome.status).toBe(503);
    expect((outcome.body as { image: { error: unknown } }).image.error).toEqual(IMAGE_ERRORS.failed);
  });

  it("a sign-in answers 503 with the e-mail kept and no session", async () => {
    const email = uniqueEmail("disk-signin");
    await upsertAccount({ email, password: "Passw0rdX", role: "client" });
    fillDisk();
    const outcome = await call(loginAction, post("/login", { email, password: "Passw0rdX" }, { ip: "198.51.100.201" }));
    expect(outcome.status).toBe(503);
    expect(outcome.cookies.some((c) => c.startsWith("wm_session="))).toBe(false);
    expect(formOf(outcome).kept).toMatchObject({ email });
  });

  it("a password reset request answers 503 with the address kept, and no token is stored", async () => {
    const email = uniqueEmail("disk-forgot");
    const { userId } = await upsertAccount({ email, password: "Passw0rdX", role: "client" });
    fillDisk();
    const outcome = await call(forgotAction, post("/forgot-password", { email }, { ip: "198.51.100.202" }));
    expect(outcome.status).toBe(503);
    expect(formOf(outcome).kept).toMatchObject({ email });
    freeDisk();
    expect(await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId))).toEqual([]);
  });

  it("a newsletter subscription answers 503 with the address kept, and nobody is subscribed", async () => {
    const email = uniqueEmail("disk-newsletter");
    fillDisk();
    const outcome = await call(subscribeAction, post("/newsletter", { email, [FIELD_ONLY_HONEYPOT.nameFieldName]: "" }, { ip: "198.51.100.203" }));
    expect(outcome.status).toBe(503);
    freeDisk();
    expect(await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
  });

  it("a contact message answers 503 with the message kept, and nothing is stored", async () => {
    // The page as a browser opens it: its CSRF token and honeypot fields, and the cookie they came with.
    const page = await call(contactLoader, getRequest("/contact"));
    const { csrf, honeypot } = page.body as { csrf: string; honeypot: { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string } };
    const cookie = nextCookie(new Headers(page.cookies.map((c): [string, string] => ["Set-Cookie", c])));
    const email = uniqueEmail("disk-contact");
    const fields: Record<string, string> = {
      csrf,
      [honeypot.nameFieldName]: "",
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      inquiryType: "client",
      message: "Please keep this message about my family's estate when the disk is full.",
    };
    if (honeypot.validFromFieldName) fields[honeypot.validFromFieldName] = honeypot.encryptedValidFrom;
    fillDisk();
    const outcome = await call(contactAction, fromAddress(formRequest("/contact", fields, { cookie }), "198.51.100.204"));
    expect(outcome.status).toBe(503);
    // The contact form says it in its own words (its alert and the message above the fields).
    const body = outcome.body as { alert?: { title: string; description: string }; result: { initialValue: Record<string, string> } };
    expect(body.alert).toEqual({ title: "Error", description: "Failed to send message. Please try again." });
    expect(formOf(outcome).messages).toEqual(["Failed to send message. Please try again."]);
    expect(body.result.initialValue).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email, message: fields.message });
    freeDisk();
    expect(await db().select().from(formSubmissions).where(eq(formSubmissions.email, email))).toEqual([]);
  });

  describe("/account", () => {
    let member = "";
    let memberId = "";
    beforeAll(async () => {
      const { userId } = await upsertAccount({ email: uniqueEmail("disk-account"), password: "Passw0rdX", role: "client", name: "Grace Hopper" });
      memberId = userId;
      member = (await createSession(requestArgs(getRequest("/account")), userId)).split(";")[0] ?? "";
    });
    const stored = async () => (await db().select({ fullName: profiles.fullName, timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.userId, memberId)))[0];

    it("a new name answers 503 with both names kept, and the old name stays", async () => {
      fillDisk();
      const outcome = await call(accountAction, post("/account", { intent: "name", firstName: "Amazing", lastName: "Grace" }, { cookie: member, ip: "198.51.100.205" }));
      expect(outcome.status).toBe(503);
      const body = outcome.body as { intent: string; reply: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
      expect(body.intent).toBe("name");
      expect(body.reply.error?.[""]).toEqual([NOT_SAVED_MESSAGE]);
      expect(body.reply.initialValue).toMatchObject({ firstName: "Amazing", lastName: "Grace" });
      freeDisk();
      expect(await stored()).toMatchObject({ fullName: "Grace Hopper" });
    });

    it("a time zone answers 503 with the zone kept, and none is saved", async () => {
      fillDisk();
      const outcome = await call(accountAction, post("/account", { intent: "time-zone", timeZone: "Europe/Zurich" }, { cookie: member, ip: "198.51.100.206" }));
      expect(outcome.status).toBe(503);
      const body = outcome.body as { intent: string; reply: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
      expect(body.intent).toBe("time-zone");
      expect(body.reply.error?.[""]).toEqual([NOT_SAVED_MESSAGE]);
      expect(body.reply.initialValue).toMatchObject({ timeZone: "Europe/Zurich" });
      freeDisk();
      expect(await stored()).toMatchObject({ timeZone: null });
    });
  });
});
