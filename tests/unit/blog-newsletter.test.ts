import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, blogPosts, jobs, newsletterSubscribers } from "~/platform/schema";
import { FIELD_ONLY_HONEYPOT } from "~/platform/http/honeypot";
import { mailSettled } from "~/platform/mail.server";
import { runDueJobs } from "~/platform/jobs.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { renderPostHtml } from "~/features/blog/render.server";
import { sanitizePostHtml } from "~/features/blog/sanitize.server";
import { getPublishedPost } from "~/features/blog/posts.data.server";
import { csvCell, csvDocument } from "~/features/newsletter/csv";
import { registerNewsletterJobs } from "~/features/newsletter/newsletter-jobs.server";
import { TOO_MANY_SUBSCRIBES } from "~/features/newsletter/newsletter.server";
import * as subscribe from "~/routes/newsletter";
import * as confirm from "~/routes/newsletter.confirm";
import * as unsubscribePage from "~/routes/newsletter.unsubscribe";
import * as oneClick from "~/routes/newsletter.unsubscribe.one-click";
import * as csvRoute from "~/routes/admin.newsletter.subscribers[.]csv";
import * as adminList from "~/routes/admin.newsletter";
import * as send from "~/routes/admin.blog.$id.send";
import { action as newPostAction } from "~/routes/admin.blog.new";
import { getRequest, requestArgs, routeArgs } from "./helpers";
import { errorsOf, post, run, uniqueEmail } from "./support/auth-requests";

type Fn = (args: never) => unknown;
const call = (fn: Fn, request: Request, params: Record<string, string> = {}) => run(() => fn(routeArgs<typeof fn>(request, params) as never));

async function sessionFor(role: "admin" | "client", fullName?: string) {
  const { userId } = await upsertAccount({ email: uniqueEmail(`news-${role}`), password: "Passw0rdX", role, name: fullName });
  const setCookie = await createSession(requestArgs(getRequest("/admin/login")), userId);
  return { userId, cookie: setCookie.split(";")[0] ?? "" };
}

/** Every message written to MAIL_DIR for `to`, raw (headers included), after the mails in flight left. */
async function rawMailsTo(to: string): Promise<string[]> {
  await mailSettled();
  const dir = process.env.MAIL_DIR ?? "";
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(`To: ${to}`));
}

/** The token of the first link to `pathName` in a mail (quoted-printable soft breaks undone). */
function linkToken(mail: string, pathName: string): string {
  const flat = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = new RegExp(`${pathName.replace(/\//g, "\\/")}\\?token=([\\w.%-]+)`).exec(flat);
  if (!match?.[1]) throw new Error(`no ${pathName} link in the mail`);
  return decodeURIComponent(match[1]);
}

let ip = 0;
/** What the form posts: the address and the empty hidden field (FIELD_ONLY_HONEYPOT). */
const subscribeFields = (email: string, hidden = "") => ({ email, [FIELD_ONLY_HONEYPOT.nameFieldName]: hidden });
const subscribeAs = (email: string) => call(subscribe.action, post("/newsletter", subscribeFields(email), { ip: `198.51.100.${++ip}` }));

/** Subscribes and confirms `email`; returns its row id. */
async function confirmedSubscriber(email: string): Promise<number> {
  await subscribeAs(email);
  const [mail] = await rawMailsTo(email);
  const token = linkToken(mail ?? "", "/newsletter/confirm");
  await call(confirm.action, post(`/newsletter/confirm?token=${encodeURIComponent(token)}`, { token }));
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  expect(row?.status).toBe("confirmed");
  return row!.id;
}

describe("rendering a post", () => {
  it("turns Markdown into the allowlisted HTML", () => {
    const html = renderPostHtml("## Plan early\n\nA **bold** and _calm_ [guide](https://example.com).\n\n- one\n- two\n\n> quoted", "markdown");
    expect(html).toContain("<h2>Plan early</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>calm</em>");
    expect(html).toContain('<a href="https://example.com">guide</a>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<blockquote>\s*<p>quoted<\/p>\s*<\/blockquote>/);
  });

  it("strips scripts, handlers and script links written inside Markdown", () => {
    const html = renderPostHtml(
      'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) <a href="#" onclick="alert(4)">x</a>\n\n![pic](https://example.com/a.png)',
      "markdown",
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain("Hello");
  });

  it("leaves an HTML post exactly as the sanitiser made it before Markdown existed", async () => {
    const legacy = '<h2>Title</h2><p>Text with <a href="https://example.com" target="_blank">a link</a> and **not bold**.</p><script>x()</script>';
    expect(renderPostHtml(legacy, "html")).toBe(sanitizePostHtml(legacy));
    // A row stored before the format column existed (format defaults to html) and without its clean copy.
    await db().insert(blogPosts).values({ title: "Legacy", slug: "legacy-html-post", content: legacy, published: true, publishedAt: new Date() });
    const shown = await getPublishedPost("legacy-html-post");
    expect(shown?.html).toBe(sanitizePostHtml(legacy));
    expect(shown?.html).toContain("**not bold**");
    expect(shown?.author).toBe("WealthMatch Editorial");
  });

  it("saves a new post from the editor as Markdown, rendered, with its author's name as byline", async () => {
    const admin = await sessionFor("admin", "Helena Ward");
    const body = new URLSearchParams({
      title: "Markdown From The Editor",
      slug: "",
      excerpt: "",
      content: "## Why it matters\n\nFamilies who **plan** early keep their options open for longer.",
      category: "estate-planning",
      published: "on",
      intent: "save",
    });
    const request = new Request("http://localhost/admin/blog/new", { method: "POST", body, headers: { Cookie: admin.cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" } });
    const outcome = await call(newPostAction, request);
    expect(outcome.kind).toBe("redirect");
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "markdown-from-the-editor"));
    expect(row?.format).toBe("markdown");
    expect(row?.contentHtml).toContain("<h2>Why it matters</h2>");
    const shown = await getPublishedPost("markdown-from-the-editor");
    expect(shown?.author).toBe("Helena Ward");
    expect(shown?.html).toContain("<strong>plan</strong>");
  });
});

describe("newsletter double opt-in", () => {
  it("mails a confirmation link; the address is pending until the link's button is pressed", async () => {
    const email = uniqueEmail("reader");
    const outcome = await subscribeAs(email);
    expect(outcome.status).toBe(200);
    expect((outcome.body as { sent: boolean }).sent).toBe(true);
    const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row?.status).toBe("pending");

    const mails = await rawMailsTo(email);
    expect(mails).toHaveLength(1);
    const token = linkToken(mails[0] ?? "", "/newsletter/confirm");
    // Opening the link (a mail scanner does) confirms nothing.
    const page = await call(confirm.loader, getRequest(`/newsletter/confirm?token=${encodeURIComponent(token)}`));
    expect(page.body).toMatchObject({ state: "ready" });
    expect((await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status).toBe("pending");

    const done = await call(confirm.action, post(`/newsletter/confirm?token=${encodeURIComponent(token)}`, { token }));
    expect(done.body).toMatchObject({ state: "done" });
    const [after] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(after?.status).toBe("confirmed");
    expect(after?.confirmedAt).toBeInstanceOf(Date);
  });

  it("a confirmation posted with its token in the body only confirms and leads to the page that says so (not a 404)", async () => {
    const email = uniqueEmail("body-token");
    await subscribeAs(email);
    const token = linkToken((await rawMailsTo(email))[0] ?? "", "/newsletter/confirm");
    const posted = await call(confirm.action, post("/newsletter/confirm", { token }));
    expect(posted).toMatchObject({ status: 303, location: `/newsletter/confirm?token=${encodeURIComponent(token)}` });
    expect((await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status).toBe("confirmed");
    const page = await call(confirm.loader, getRequest(posted.location));
    expect(page).toMatchObject({ status: 200, body: { state: "done" } });
  });

  it("answers a second subscription alike and mails a confirmed address nothing more", async () => {
    const email = uniqueEmail("twice");
    await confirmedSubscriber(email);
    const again = await subscribeAs(email);
    const fresh = await subscribeAs(uniqueEmail("never-seen"));
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    expect(await rawMailsTo(email)).toHaveLength(1);
  });

  it("refuses a forged, altered or outdated confirmation link, and an unsubscribe token used to confirm", async () => {
    const email = uniqueEmail("forged");
    await subscribeAs(email);
    const first = linkToken((await rawMailsTo(email))[0] ?? "", "/newsletter/confirm");
    const [id] = first.split(".");
    for (const token of [`${id}.${"A".repeat(43)}`, `${Number(id) + 1}.${first.split(".")[1]}`, "junk", ""]) {
      const outcome = await call(confirm.action, post(`/newsletter/confirm?token=${encodeURIComponent(token)}`, { token }));
      expect(outcome.status, token).toBe(404);
    }
    // A second request sends a new link; the first one no longer confirms.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await subscribeAs(email);
    const mails = await rawMailsTo(email);
    expect(mails).toHaveLength(2);
    expect((await call(confirm.action, post("/newsletter/confirm", { token: first }))).status).toBe(404);
    const latest = mails.map((m) => linkToken(m, "/newsletter/confirm")).find((t) => t !== first) ?? "";
    expect((await call(unsubscribePage.action, post("/newsletter/unsubscribe", { token: latest }))).status).toBe(404);
    expect((await call(confirm.action, post(`/newsletter/confirm?token=${encodeURIComponent(latest)}`, { token: latest }))).body).toMatchObject({ state: "done" });
  });

  it("says what is wrong with a bad address, keeps it, and limits requests per network", async () => {
    const bad = await call(subscribe.action, post("/newsletter", subscribeFields("not-an-address"), { ip: "203.0.113.77" }));
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body).email?.[0]).toMatch(/valid email/);
    let last = bad;
    for (let i = 0; i < 11; i++) last = await call(subscribe.action, post("/newsletter", subscribeFields(uniqueEmail("flood")), { ip: "203.0.113.78" }));
    expect(last.status).toBe(429);
    expect(errorsOf(last.body)[""]?.[0]).toBe(TOO_MANY_SUBSCRIBES);
  });
});

describe("the subscribe form's hidden field", () => {
  it("a bot that fills it, or posts without it, gets the usual answer: nothing stored, no mail, one audit row", async () => {
    const filled = uniqueEmail("bot-filled");
    const missing = uniqueEmail("bot-missing");
    const answers = [
      await call(subscribe.action, post("/newsletter", subscribeFields(filled, "https://spam.example"), { ip: "203.0.113.90" })),
      await call(subscribe.action, post("/newsletter", { email: missing }, { ip: "203.0.113.91" })),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ sent: true });
    }
    await mailSettled();
    for (const email of [filled, missing]) {
      expect(await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
      expect(await rawMailsTo(email)).toEqual([]);
    }
    const events = await db().select().from(auditEvents).where(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"));
    expect(events.filter((e) => e.detail === "newsletter form: honeypot filled, nothing sent").map((e) => e.email)).toEqual([filled, missing]);
  });
});

describe("CSV export", () => {
  it("neutralises cells a spreadsheet would run as formulas, and quotes every cell", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const lead of ["+", "-", "@", "\t", "\r"]) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
    expect(csvCell("ann@example.com")).toBe('"ann@example.com"');
    expect(csvCell(null)).toBe('""');
    expect(csvDocument([["a", "b,c"], ["d\"e", null]])).toBe('"a","b,c"\r\n"d""e",""\r\n');
  });

  it("is the admin's only: a signed-in client and a visitor get nothing", async () => {
    const client = await sessionFor("client");
    for (const cookie of [client.cookie, undefined]) {
      const outcome = await call(csvRoute.loader, getRequest("/admin/newsletter/subscribers.csv", { cookie }));
      // Sent to the admin sign-in, never the file.
      expect(outcome.kind).toBe("redirect");
      expect(outcome.location).toMatch(/^\/admin\/login/);
    }
  });

  it("lists every subscriber with status and dates for the admin, as a download", async () => {
    const admin = await sessionFor("admin");
    const email = uniqueEmail("csv");
    await confirmedSubscriber(email);
    const response = (await csvRoute.loader(routeArgs<typeof csvRoute.loader>(getRequest("/admin/newsletter/subscribers.csv", { cookie: admin.cookie })))) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="newsletter-subscribers-/);
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe('"email","status","subscribed_at","confirmed_at","unsubscribed_at"');
    expect(text).toMatch(new RegExp(`"${email.replace(/[.+]/g, "\\$&")}","confirmed","\\d{4}-`));
    const page = await call(adminList.loader, getRequest("/admin/newsletter", { cookie: admin.cookie }));
    expect(JSON.stringify(page.body)).toContain(email);
  });
});

describe("sending a post to subscribers", () => {
  let admin: { userId: string; cookie: string };
  let postId: number;
  beforeAll(async () => {
    registerNewsletterJobs();
    admin = await sessionFor("admin", "Helena Ward");
    const [row] = await db()
      .insert(blogPosts)
      .values({ title: "Sent Once Each", slug: "sent-once-each", content: "Hello **readers**, this goes out once.", format: "markdown", published: true, publishedAt: new Date() })
      .returning({ id: blogPosts.id });
    postId = row!.id;
  });

  it("mails each confirmed subscriber once, however often it is sent and whichever loop runs it; pending ones get nothing", async () => {
    const a = uniqueEmail("sub-a");
    const b = uniqueEmail("sub-b");
    const pending = uniqueEmail("sub-pending");
    await confirmedSubscriber(a);
    await confirmedSubscriber(b);
    await subscribeAs(pending);

    const sendRequest = () => post(`/admin/blog/${postId}/send`, { intent: "send" }, { cookie: admin.cookie });
    const first = await call(send.action, sendRequest(), { id: String(postId) });
    expect(first.kind).toBe("redirect");
    expect(first.location).toBe(`/admin/blog/${postId}`);
    await call(send.action, sendRequest(), { id: String(postId) });

    // Two processes polling: each claims what the other has not.
    await Promise.all([runDueJobs("loop-one"), runDueJobs("loop-two")]);
    await runDueJobs("loop-one");

    for (const email of [a, b]) {
      const mails = (await rawMailsTo(email)).filter((m) => m.includes("Subject: Sent Once Each"));
      expect(mails, email).toHaveLength(1);
      expect(mails[0]).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost\/newsletter\/unsubscribe\/one-click\?token=/);
      expect(mails[0]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mails[0]).toContain("/newsletter/unsubscribe?token=");
    }
    expect((await rawMailsTo(pending)).filter((m) => m.includes("Subject: Sent Once Each"))).toHaveLength(0);
    const keys = (await db().select({ key: jobs.key }).from(jobs)).map((j) => j.key).filter((k) => k.startsWith(`newsletter:${postId}:`));
    // One job per confirmed subscriber (earlier tests confirmed some too), though it was sent twice.
    const confirmed = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed"));
    expect(keys.sort()).toEqual(confirmed.map((c) => `newsletter:${postId}:${c.id}`).sort());
  });

  it("refuses a draft, and lets no one but an admin send", async () => {
    const [draft] = await db().insert(blogPosts).values({ title: "Draft", slug: "draft-not-sent", content: "Not yet", format: "markdown" }).returning({ id: blogPosts.id });
    const before = (await db().select().from(jobs)).length;
    const stray = await call(send.action, post(`/admin/blog/${postId}/send`, { intent: "save" }, { cookie: admin.cookie }), { id: String(postId) });
    expect(stray.status).toBe(400);
    const outcome = await call(send.action, post(`/admin/blog/${draft!.id}/send`, { intent: "send" }, { cookie: admin.cookie }), { id: String(draft!.id) });
    expect(outcome.kind).toBe("redirect");
    expect((await db().select().from(jobs)).length).toBe(before);
    const client = await sessionFor("client");
    const refused = await call(send.action, post(`/admin/blog/${postId}/send`, { intent: "send" }, { cookie: client.cookie }), { id: String(postId) });
    expect(refused.status).toBe(403);
    expect((await db().select().from(jobs)).length).toBe(before);
    expect((await call(send.loader, getRequest("/admin/blog/999999/send", { cookie: admin.cookie }), { id: "999999" })).status).toBe(404);
  });

  it("unsubscribes from the mail's link (a button, without signing in) and by the one-click POST; then nothing more is sent", async () => {
    const viaPage = uniqueEmail("leave-page");
    const viaOneClick = uniqueEmail("leave-oneclick");
    await confirmedSubscriber(viaPage);
    await confirmedSubscriber(viaOneClick);
    const [other] = await db().insert(blogPosts).values({ title: "Second Letter", slug: "second-letter", content: "Another one.", format: "markdown", published: true, publishedAt: new Date() }).returning({ id: blogPosts.id });
    await call(send.action, post(`/admin/blog/${other!.id}/send`, { intent: "send" }, { cookie: admin.cookie }), { id: String(other!.id) });
    await runDueJobs("loop-one");

    const pageMail = (await rawMailsTo(viaPage)).find((m) => m.includes("Subject: Second Letter")) ?? "";
    const pageToken = linkToken(pageMail, "/newsletter/unsubscribe");
    const shown = await call(unsubscribePage.loader, getRequest(`/newsletter/unsubscribe?token=${encodeURIComponent(pageToken)}`));
    expect(shown.body).toMatchObject({ state: "ready" });
    expect((await call(unsubscribePage.action, post(`/newsletter/unsubscribe?token=${encodeURIComponent(pageToken)}`, { token: pageToken }))).body).toMatchObject({ state: "done" });

    const oneClickMail = (await rawMailsTo(viaOneClick)).find((m) => m.includes("Subject: Second Letter")) ?? "";
    const oneClickToken = linkToken(oneClickMail, "/newsletter/unsubscribe/one-click");
    // What a mail program sends (RFC 8058): a POST from elsewhere, no cookies, no Origin of ours.
    const request = new Request(`http://localhost/newsletter/unsubscribe/one-click?token=${encodeURIComponent(oneClickToken)}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const response = (await oneClick.action(routeArgs<typeof oneClick.action>(request))) as Response;
    expect(response.status).toBe(200);
    const forged = new Request(`http://localhost/newsletter/unsubscribe/one-click?token=${encodeURIComponent(oneClickToken.slice(0, -2) + "AA")}`, { method: "POST" });
    expect(((await oneClick.action(routeArgs<typeof oneClick.action>(forged))) as Response).status).toBe(404);

    for (const email of [viaPage, viaOneClick]) {
      const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
      expect(row?.status).toBe("unsubscribed");
    }
    const [third] = await db().insert(blogPosts).values({ title: "Third Letter", slug: "third-letter", content: "And more.", format: "markdown", published: true, publishedAt: new Date() }).returning({ id: blogPosts.id });
    await call(send.action, post(`/admin/blog/${third!.id}/send`, { intent: "send" }, { cookie: admin.cookie }), { id: String(third!.id) });
    await runDueJobs("loop-one");
    for (const email of [viaPage, viaOneClick]) expect((await rawMailsTo(email)).filter((m) => m.includes("Subject: Third Letter"))).toHaveLength(0);
  });
});
