import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { introductions, messages, professionals, registrationAnswers, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { getToast } from "~/platform/http/toast.server";
import { answerIntroduction, professionalIntroductions, introductionsOfPerson } from "~/features/introductions/introductions.data.server";
import {
  introductionForPerson,
  messagesOfPerson,
  reportedMessages,
  sendMessage,
  unreadMessages,
} from "~/features/introductions/introduction-page.data.server";
import { exportAccountData } from "~/features/account/account.data.server";
import { MessageThread } from "~/features/introductions/introduction-page";
import { counterText, messageLength } from "~/features/introductions/message-schema";
import { mailSettled } from "~/platform/mail.server";
import * as page from "~/routes/introductions.$id";
import * as dashboard from "~/routes/professional-dashboard";
import * as reports from "~/routes/admin.reports";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { cookieHeader, mailsTo, run, uniqueEmail, type Outcome } from "./support/auth-requests";

type Account = { id: string; email: string; cookie: string };

async function account(tag: string, role: "client" | "professional" | "admin", name?: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function addPro(name: string, userId: string | null, phone: string | null): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({
      name,
      company: `${name} Partners`,
      title: "Advisor",
      email: uniqueEmail("page-pro-entry"),
      phone,
      userId,
      verified: true,
      communication: ["video", "email"],
    })
    .returning({ id: professionals.id });
  return row!.id;
}

async function introduce(clientId: string, professionalId: number, status: "requested" | "accepted" = "requested"): Promise<number> {
  const [row] = await db()
    .insert(introductions)
    .values({ clientUserId: clientId, professionalId, status, requestedAt: new Date(), answeredAt: status === "accepted" ? new Date() : null })
    .returning({ id: introductions.id });
  return row!.id;
}

const pageLoad = (who: Account | null, id: number | string, suffix = "") =>
  run(() => page.loader(routeArgs(getRequest(`/introductions/${id}${suffix}`, who ? { cookie: who.cookie } : {}), { id: String(id) })));
const pagePost = (who: Account | null, id: number, fields: Record<string, string>) =>
  run(() => page.action(routeArgs(formRequest(`/introductions/${id}`, fields, who ? { cookie: who.cookie } : {}), { id: String(id) })));
type Loaded = { intro: NonNullable<Awaited<ReturnType<typeof introductionForPerson>>>; messages: { id: number; mine: boolean; body: string; reported: boolean }[] };
const toastOf = async (out: Outcome) => (await getToast(getRequest("/", { cookie: cookieHeader(out.cookies) }))).toast?.description;

let clara: Account;
let alice: Account;
let bob: Account;
let otherClient: Account;
let admin: Account;
let pAlice = 0;

let accepted = 0;

beforeAll(async () => {
  clara = await account("page-clara", "client", "Clara Client");
  otherClient = await account("page-other", "client", "Otto Other");
  alice = await account("page-alice", "professional", "Alice Advisor");
  bob = await account("page-bob", "professional", "Bob Banker");
  admin = await account("page-admin", "admin", "Ada Admin");
  pAlice = await addPro("Alice Advisor", alice.id, "+44 20 7946 0000");
  await addPro("Bob Banker", bob.id, null);
  await db()
    .insert(registrationAnswers)
    .values({
      userId: clara.id,
      userType: "client",
      answers: { firstName: "Clara", lastName: "Client", investmentObjectives: ["Growth"], netWorth: "5-10M", preferredCommunication: "phone", phone: "+1 212 555 0100" },
    });
  accepted = await introduce(clara.id, pAlice, "requested");
});

describe("the introduction's page", () => {
  it("before acceptance: the client sees the state and no contact details; the professional sees what the dashboard shows", async () => {
    const asClient = (await pageLoad(clara, accepted)).body as Loaded;
    expect(asClient.intro).toMatchObject({ side: "client", status: "requested", contact: null, client: null, thread: { open: false } });
    const asPro = (await pageLoad(alice, accepted)).body as Loaded;
    expect(asPro.intro).toMatchObject({ side: "professional", status: "requested", contact: null });
    expect(asPro.intro.client).toMatchObject({ name: "Clara Client", objectives: ["Growth"], preferredContact: "Phone", contactDetail: null });
    expect(JSON.stringify(asPro)).not.toContain("212 555");
    expect(JSON.stringify(asPro)).not.toContain(clara.email);
    // Nobody can write before acceptance.
    const early = await pagePost(clara, accepted, { intent: "message", body: "Hello?" });
    expect(early.status).toBe(409);
    expect(await db().select().from(messages)).toEqual([]);
  });

  it("is a 404 for another client, another professional, an admin and anyone signed out, page and .data alike", async () => {
    for (const who of [otherClient, bob, admin, null]) {
      for (const suffix of ["", ".data"]) {
        const out = await pageLoad(who, accepted, suffix);
        expect(out.status, `${who?.email ?? "anonymous"} ${suffix}`).toBe(404);
        expect(JSON.stringify(out.body)).not.toContain("Clara");
      }
      expect((await pagePost(who, accepted, { intent: "message", body: "hi" })).status).toBe(404);
    }
    expect((await pageLoad(clara, 999_999)).status).toBe(404);
    expect((await pageLoad(clara, "abc")).status).toBe(404);
  });

  it("once accepted, each sees the other's name, e-mail, phone and preferred channels, and the e-mail carries them", async () => {
    expect(await answerIntroduction(pAlice, accepted, "accepted")).toMatchObject({ ok: true });
    const asClient = (await pageLoad(clara, accepted)).body as Loaded;
    const [entry] = await db().select({ email: professionals.email }).from(professionals).where(eq(professionals.id, pAlice));
    expect(asClient.intro.contact).toEqual({ name: "Alice Advisor", email: entry!.email, phone: "+44 20 7946 0000", channels: ["Video call", "Email"] });
    const asPro = (await pageLoad(alice, accepted)).body as Loaded;
    expect(asPro.intro.contact).toEqual({ name: "Clara Client", email: clara.email, phone: "+1 212 555 0100", channels: ["Phone"] });
    expect(asPro.intro.thread).toMatchObject({ visible: true, open: true });
  });

  it("messages: 1 to 2,000 characters, stored as typed, newest last; the other side gets an e-mail without the text", async () => {
    const empty = await pagePost(clara, accepted, { intent: "message", body: "   " });
    expect(empty.status).toBe(400);
    const long = await pagePost(clara, accepted, { intent: "message", body: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await db().select().from(messages)).toEqual([]);

    const body = `<script>alert("hi")</script> Secret plan ${"é".repeat(10)}`;
    const sent = await pagePost(clara, accepted, { intent: "message", body });
    expect(sent).toMatchObject({ kind: "redirect", location: `/introductions/${accepted}#messages` });
    expect(await toastOf(sent)).toMatch(/^Your message was sent/);
    const exact = await pagePost(alice, accepted, { intent: "message", body: "y".repeat(2000) });
    expect(exact.kind).toBe("redirect");

    const mail = mailsTo(alice.email).filter((m) => m.includes("You have a new message"));
    expect(mail).toHaveLength(1);
    expect(mail[0]).not.toContain("Secret plan");
    expect(mail[0]).toContain(`/login?redirectTo=${encodeURIComponent(`/introductions/${accepted}`)}`);
    expect(mailsTo(clara.email).some((m) => m.includes("You have a new message") && !m.includes("yyyy"))).toBe(true);

    const thread = ((await pageLoad(clara, accepted)).body as Loaded).messages;
    expect(thread.map((m) => [m.mine, m.body.length])).toEqual([
      [true, body.length],
      [false, 2000],
    ]);
    expect(thread[0]!.body).toBe(body);
  });

  it("unread counts: from the other side only, cleared when the page is opened", async () => {
    // Clara opened the page after Alice wrote; Alice has not opened it since Clara wrote.
    expect(await unreadMessages(clara.id)).toEqual([]);
    expect(await unreadMessages(alice.id)).toEqual([{ introductionId: accepted, name: "Clara Client", count: 1 }]);
    await pageLoad(alice, accepted);
    expect(await unreadMessages(alice.id)).toEqual([]);
    await sendMessage(alice.id, accepted, "Second from Alice");
    expect(await unreadMessages(clara.id)).toEqual([{ introductionId: accepted, name: "Alice Advisor", count: 1 }]);
    await pageLoad(clara, accepted);
    expect(await unreadMessages(clara.id)).toEqual([]);
    await sendMessage(clara.id, accepted, "Thanks");
    expect(await unreadMessages(alice.id)).toEqual([{ introductionId: accepted, name: "Clara Client", count: 1 }]);
  });

  it("reports: only the other side's message, once; admins see reported messages and never the others", async () => {
    const thread = ((await pageLoad(alice, accepted)).body as Loaded).messages;
    const mine = thread.find((m) => m.mine)!;
    const theirs = thread.find((m) => !m.mine && m.body.startsWith("<script>"))!;
    const own = await pagePost(alice, accepted, { intent: "report", messageId: String(mine.id) });
    expect(await toastOf(own)).toMatch(/cannot be reported/);
    const forged = await pagePost(bob, accepted, { intent: "report", messageId: String(theirs.id) });
    expect(forged.status).toBe(404);
    const ok = await pagePost(alice, accepted, { intent: "report", messageId: String(theirs.id), reason: "Not appropriate" });
    expect(await toastOf(ok)).toMatch(/^Thank you/);

    const listed = await reportedMessages();
    expect(listed.rows).toEqual([expect.objectContaining({ id: theirs.id, sender: "client", senderName: "Clara Client", reporterName: "Alice Advisor", reason: "Not appropriate", body: theirs.body })]);
    const adminPage = await run(() => reports.loader(routeArgs(getRequest("/admin/reports", { cookie: admin.cookie }))));
    const text = JSON.stringify(adminPage.body);
    expect(text).toContain("Secret plan");
    expect(text).not.toContain("Second from Alice");
    expect(text).not.toContain("Thanks");
    const notAdmin = await run(() => reports.loader(routeArgs(getRequest("/admin/reports", { cookie: alice.cookie }))));
    expect(notAdmin.kind).toBe("redirect");
    expect(notAdmin.location).toMatch(/^\/admin\/login/);
  });

  it("each side's export holds the introduction's messages", async () => {
    const client = await messagesOfPerson(clara.id);
    const pro = await messagesOfPerson(alice.id);
    expect(client.map((m) => m.body)).toEqual(pro.map((m) => m.body));
    expect(client).toHaveLength(4);
    expect(client[0]).toMatchObject({ introductionId: accepted, from: "you" });
    expect(pro[0]).toMatchObject({ from: "the client" });
    expect(await messagesOfPerson(bob.id)).toEqual([]);
    // In the person's own download; not in the copy an admin downloads.
    expect((await exportAccountData(clara.id, new Date(), { ownExport: true }))?.messages).toEqual(client);
    expect(JSON.stringify(await exportAccountData(clara.id))).not.toContain("Second from Alice");
  });

  it("withdrawn: the client's thread is read-only with why; the professional sees neither the client nor the thread", async () => {
    await db().update(introductions).set({ status: "withdrawn", withdrawnAt: new Date() }).where(eq(introductions.id, accepted));
    const asClient = (await pageLoad(clara, accepted)).body as Loaded;
    expect(asClient.intro.thread).toEqual({ visible: true, open: false, closedBecause: "You withdrew this introduction, so the conversation is closed." });
    expect(asClient.intro.contact).toBeNull();
    expect(asClient.messages).toHaveLength(4);
    expect((await pagePost(clara, accepted, { intent: "message", body: "Still there?" })).status).toBe(409);
    const asPro = (await pageLoad(alice, accepted)).body as Loaded;
    expect(asPro.intro).toMatchObject({ client: null, contact: null, thread: { visible: false } });
    expect(asPro.messages).toEqual([]);
    expect(await messagesOfPerson(alice.id)).toEqual([]);
  });
});

describe("the message rate limit", () => {
  it("30 messages in 10 minutes per person; the next is refused with a word and not stored", async () => {
    const sender = await account("page-chatty", "client", "Chatty Client");
    const pro = await account("page-listener", "professional", "Lena Listener");
    const id = await introduce(sender.id, await addPro("Lena Listener", pro.id, null), "accepted");
    for (let i = 0; i < 30; i++) expect((await pagePost(sender, id, { intent: "message", body: `Note ${i}` })).kind).toBe("redirect");
    const refused = await pagePost(sender, id, { intent: "message", body: "One more" });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain("You have sent many messages in a short time");
    const stored = await db().select({ body: messages.body }).from(messages).where(eq(messages.introductionId, id));
    expect(stored).toHaveLength(30);
    // The other side is not held back by it.
    expect((await pagePost(pro, id, { intent: "message", body: "Got them all" })).kind).toBe("redirect");
  });
});

describe("a message over 2,000 characters", () => {
  it("is refused, never cut: its length named, the whole text back in the box, nothing stored or mailed", async () => {
    const writer = await account("page-long", "client", "Lorna Long");
    const pro = await account("page-reader", "professional", "Rita Reader");
    const id = await introduce(writer.id, await addPro("Rita Reader", pro.id, null), "accepted");
    // 2,500 characters as a browser sends them (CR LF line breaks), as when a long text is pasted.
    const long = `Dear Rita,\r\n\r\n${"a".repeat(2000)}\r\n${"b".repeat(487)}`;
    expect(messageLength(long)).toBe(2500);
    const refused = await pagePost(writer, id, { intent: "message", body: long });
    expect(refused.status).toBe(400);
    const result = (refused.body as { result: SubmissionResult<string[]> }).result;
    expect(result.error?.body).toEqual(["Your message is 2,500 characters long: please shorten it to 2,000 or fewer. Nothing was sent."]);
    expect((result.initialValue as { body: string }).body).toBe(long);
    expect(await db().select().from(messages).where(eq(messages.introductionId, id))).toEqual([]);
    await mailSettled();
    expect(mailsTo(pro.email)).toEqual([]);

    // The page rendered with that answer: the message under the box, the whole text in it, no maxlength to cut a paste.
    const loaded = (await pageLoad(writer, id)).body as Loaded;
    const router = createMemoryRouter(
      [{ path: "/", Component: () => createElement(MessageThread, { intro: loaded.intro, messages: [], lastResult: result }) }],
      { initialEntries: ["/"] },
    );
    const html = renderToString(createElement(RouterProvider, { router }));
    const box = /<textarea[^>]*>/.exec(html)?.[0] ?? "";
    expect(box).not.toContain("maxlength");
    expect(box).toContain('aria-invalid="true"');
    expect(box).toMatch(/aria-describedby="new-message-body-error new-message-hint"/);
    expect(html).toContain("Your message is 2,500 characters long");
    // (The browser reads CR LF in the box as one line break.)
    expect(html.replace(/\r\n/g, "\n")).toContain(`>${long.replace(/\r\n/g, "\n")}</textarea>`);
    // Without JavaScript the refusal opens at the form, not at the top of the page.
    expect(/<form[^>]*id="new-message"[^>]*>/.exec(html)?.[0]).toContain(`action="/introductions/${id}#new-message"`);
  });

  it("the live counter counts as the server does and warns once over", () => {
    expect(counterText(1980)).toEqual({ text: "1,980 of 2,000 characters", over: false });
    expect(counterText(2000)).toEqual({ text: "2,000 of 2,000 characters", over: false });
    expect(counterText(2001)).toEqual({ text: "2,001 of 2,000 characters: 1 too many", over: true });
    expect(messageLength("  two\r\nlines \n")).toBe("two\nlines".length);
  });
});

describe("a professional whose e-mail address is not confirmed", () => {
  it("learns that a client asked, never who, and cannot accept; once confirmed they can", async () => {
    const pro = await account("page-unconfirmed", "professional", "Una Unconfirmed");
    await db().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, pro.id));
    const entry = await addPro("Una Unconfirmed", pro.id, null);
    const id = await introduce(clara.id, entry);
    const list = await professionalIntroductions(entry);
    expect(list).toEqual({ rows: [], total: 1, hidden: true });
    // The dashboard under its banner, page and .data: that someone asked, nothing of who.
    for (const url of ["/professional-dashboard", "/professional-dashboard.data"]) {
      const seen = await run(() => dashboard.loader(routeArgs(getRequest(url, { cookie: pro.cookie }))));
      const text = JSON.stringify(seen.body);
      expect(text).toContain('"hidden":true');
      expect(text).toContain('"emailConfirmed":false');
      for (const secret of ["Clara", clara.email, "Growth", "212 555"]) expect(text).not.toContain(secret);
    }
    const refused = await run(() => dashboard.action(routeArgs(formRequest("/professional-dashboard", { intent: "accept", introductionId: String(id) }, { cookie: pro.cookie }))));
    expect(await toastOf(refused)).toMatch(/^Confirm your email address first/);
    expect(JSON.stringify((await pageLoad(pro, id)).body)).not.toContain("Clara");
    expect((await pageLoad(pro, id)).status).toBe(404);
    expect((await pageLoad(pro, id, ".data")).status).toBe(404);
    expect(await answerIntroduction(entry, id, "accepted")).toEqual({ ok: false, refusal: "professional-unconfirmed" });
    expect((await introductionsOfPerson(pro.id)).asProfessional).toEqual([]);

    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, pro.id));
    expect((await professionalIntroductions(entry)).rows.map((r) => r.name)).toEqual(["Clara Client"]);
    expect(await answerIntroduction(entry, id, "accepted")).toMatchObject({ ok: true });
  });
});
