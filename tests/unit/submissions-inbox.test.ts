import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { db, queryRows } from "~/platform/db.server";
import { auditEvents, formSubmissions, jobs, submissionReplies } from "~/platform/schema";
import { newLeaseOwner, runDueJobs } from "~/platform/jobs.server";
import { ENGINE } from "~/platform/engine";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { storeSubmission } from "~/features/contact/submissions.data.server";
import { registerContactJobs } from "~/features/contact/acknowledgement.server";
import { registerSubmissionJobs } from "~/features/admin/submissions/reply-mail.server";
import { action as detailAction, loader as detailLoader } from "~/routes/admin.submissions.$id";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { mailsTo, run, uniqueEmail } from "./support/auth-requests";

async function sessionFor(role: "admin" | "client") {
  const { userId } = await upsertAccount({ email: uniqueEmail(`inbox-${role}`), password: "Passw0rdX", role, name: role === "admin" ? "Grace Hopper" : undefined });
  return (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
}

const owner = newLeaseOwner();
const runJobs = () => runDueJobs(owner);
const statusOf = async (id: number) => (await db().select({ s: formSubmissions.status }).from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1))[0]?.s;
const repliesOf = (id: number) => db().select().from(submissionReplies).where(eq(submissionReplies.submissionId, id));
const audits = (detail: string) => db().select().from(auditEvents).where(and(eq(auditEvents.kind, "ADMIN_ACTION"), eq(auditEvents.detail, detail)));

async function message(email: string, extra: { company?: string; message?: string } = {}, at = new Date()) {
  const out = await storeSubmission(
    { firstName: "Ada", lastName: "Lovelace", email, company: extra.company ?? "", inquiryType: "client", message: extra.message ?? "I would like to talk about my estate." },
    "198.51.100.30",
    at,
  );
  if (!out.stored) throw new Error("not stored");
  return out.id;
}

let admin = "";
beforeAll(async () => {
  registerContactJobs();
  registerSubmissionJobs();
  admin = await sessionFor("admin");
});

describe("the sender's acknowledgement", () => {
  it("is queued with the message and mailed by the job loop, saying we reply within 24 hours; one per address a day", async () => {
    const email = uniqueEmail("ack");
    const first = await message(email);
    await message(email, { message: "A second thought, the same day." });
    expect(mailsTo(email)).toEqual([]);
    await runJobs();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: We have your message");
    expect(mails[0]).toContain("we reply within 24 hours");
    // Nothing the visitor typed goes back out: the form must not carry text to strangers.
    expect(mails[0]).not.toContain("estate");
    const [job] = await db().select().from(jobs).where(eq(jobs.payload, sql`${JSON.stringify({ submissionId: first })}`)).limit(1);
    expect(job?.doneAt).toBeTruthy();
  });

  it("a mail server that fails loses nothing: the message is stored and its mail tried again later", async () => {
    const blocked = path.join(process.env.MAIL_DIR ?? "", "..", `not-a-dir-${Date.now()}`);
    fs.writeFileSync(blocked, "a file where the mail folder should be");
    const email = uniqueEmail("ack-fail");
    const { resetConfigForTests } = await import("~/platform/config.server");
    const previous = process.env.MAIL_DIR;
    process.env.MAIL_DIR = blocked;
    resetConfigForTests();
    let id = 0;
    try {
      id = await message(email);
      await runJobs();
    } finally {
      process.env.MAIL_DIR = previous;
      resetConfigForTests();
    }
    expect(await statusOf(id)).toBe("new");
    const [job] = await queryRows<{ done_at: unknown; last_error: string | null }>(sql`select done_at, last_error from jobs where key like ${`contact-ack:${email}:%`}`);
    expect(job?.done_at).toBeNull();
    expect(job?.last_error).toBeTruthy();
  });
});

describe("opening a submission", () => {
  it("marks a new one In Progress, audited once; a second opening changes nothing", async () => {
    const id = await message(uniqueEmail("open"), { company: "Acme & Sons" });
    const out = await run(() => call(detailLoader, getRequest(`/admin/submissions/${id}`, { cookie: admin }), { id: String(id) }));
    expect(out.status).toBe(200);
    expect((out.body as { submission: { status: string; company: string; message: string } }).submission).toMatchObject({
      status: "in-progress",
      company: "Acme & Sons",
      message: "I would like to talk about my estate.",
    });
    await run(() => call(detailLoader, getRequest(`/admin/submissions/${id}`, { cookie: admin }), { id: String(id) }));
    expect(await audits(`opened submission ${id}: marked In Progress`)).toHaveLength(1);
  });

  it("a client's look is refused and marks nothing", async () => {
    const id = await message(uniqueEmail("open-client"));
    const client = await sessionFor("client");
    const out = await run(() => call(detailLoader, getRequest(`/admin/submissions/${id}`, { cookie: client }), { id: String(id) }));
    // Sent to the admin sign-in, as every admin page does for a member who is not one.
    expect(out).toMatchObject({ kind: "redirect", status: 302 });
    expect(await statusOf(id)).toBe("new");
  });
});

describe("replying", () => {
  const reply = (id: number | string, fields: Record<string, string>, cookie = admin) =>
    run(() => call(detailAction, formRequest(`/admin/submissions/${id}`, fields, { cookie }), { id: String(id) }));

  it("keeps the reply on the submission, e-mails it to the sender with their message quoted, and shows it in the history", async () => {
    const email = uniqueEmail("reply");
    const id = await message(email, { message: "Do you work with <family offices>?" });
    const body = "Yes, we do.\n\nA <b>partner</b> will call you & explain.";
    const out = await reply(id, { intent: "reply", body });
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: `/admin/submissions/${id}#history` });
    expect(await repliesOf(id)).toMatchObject([{ body, authorName: "Grace Hopper" }]);
    expect(await statusOf(id)).toBe("in-progress");

    await runJobs();
    const mail = mailsTo(email).find((m) => m.includes("Subject: Re: your message to WealthMatch"));
    expect(mail).toContain("Yes, we do.");
    expect(mail).toContain("> Do you work with <family offices>?");
    expect(mail).toContain("A &lt;b&gt;partner&lt;/b&gt; will call you &amp; explain.");
    expect(mail).not.toContain("<b>partner</b></p>");
    expect(mail).toMatch(/Reply-To: contact@/);

    const page = await run(() => call(detailLoader, getRequest(`/admin/submissions/${id}`, { cookie: admin }), { id: String(id) }));
    const replies = (page.body as { replies: { body: string; authorName: string; mail: { state: string } }[] }).replies;
    expect(replies).toMatchObject([{ body, authorName: "Grace Hopper", mail: { state: "sent" } }]);
    expect(await audits(`replied to submission ${id} by email; marked In Progress`)).toHaveLength(1);
  });

  it.each([
    ["an empty reply", { intent: "reply", body: "   " }, "Write your reply"],
    ["a reply too long", { intent: "reply", body: "x".repeat(5001) }, "Your reply must be at most 5,000 characters"],
  ])("refuses %s with its message, keeps the text, changes nothing", async (_, fields, text) => {
    const email = uniqueEmail("reply-bad");
    const id = await message(email);
    const out = await reply(id, fields);
    expect(out.status).toBe(400);
    const result = out.body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(result.error.body).toEqual([text]);
    expect(result.initialValue.body).toBe(fields.body);
    expect(await repliesOf(id)).toEqual([]);
    expect(await statusOf(id)).toBe("new");
    await runJobs();
    expect(mailsTo(email).filter((m) => m.includes("Re: your message"))).toEqual([]);
  });

  it("answers 404 for a submission that does not exist, and refuses a client, storing nothing", async () => {
    expect((await reply(987654, { intent: "reply", body: "Hello there" })).status).toBe(404);
    expect((await reply("abc", { intent: "reply", body: "Hello there" })).status).toBe(404);
    const id = await message(uniqueEmail("reply-client"));
    const client = await sessionFor("client");
    expect([403, 404]).toContain((await reply(id, { intent: "reply", body: "Hello there" }, client)).status);
    expect(await repliesOf(id)).toEqual([]);
  });
});

describe("messages stored before the company had its column", () => {
  it("are split by the migration: company apart (none for N/A), the message alone", async () => {
    const file = fs.readdirSync(`drizzle/${ENGINE}`).find((f) => f.endsWith("_submission_replies.sql"));
    const statements = fs.readFileSync(path.join(`drizzle/${ENGINE}`, file ?? ""), "utf8").split("--> statement-breakpoint");
    const update = statements.at(-1) ?? "";
    const [withFirm] = await db().insert(formSubmissions).values({ name: "Old", email: "old1@example.com", message: "Company: Babbage & Sons\n\nMessage: Hello,\n\nMessage: twice." }).returning({ id: formSubmissions.id });
    const [without] = await db().insert(formSubmissions).values({ name: "Old", email: "old2@example.com", message: "Company: N/A\n\nMessage: Plain." }).returning({ id: formSubmissions.id });
    const [fresh] = await db().insert(formSubmissions).values({ name: "New", email: "new@example.com", message: "Company: is a word I like." }).returning({ id: formSubmissions.id });
    await queryRows(sql.raw(update));
    const read = async (id: number | undefined) =>
      (await db().select({ company: formSubmissions.company, message: formSubmissions.message }).from(formSubmissions).where(eq(formSubmissions.id, id ?? 0)))[0];
    expect(await read(withFirm?.id)).toEqual({ company: "Babbage & Sons", message: "Hello,\n\nMessage: twice." });
    expect(await read(without?.id)).toEqual({ company: null, message: "Plain." });
    expect(await read(fresh?.id)).toEqual({ company: null, message: "Company: is a word I like." });
  });
});
