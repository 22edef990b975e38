import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { db, queryRows } from "~/platform/db.server";
import { ENGINE } from "~/platform/engine";
import { introductions, messages, professionals, profiles } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { MESSAGES_PAGE, type MessageListItem } from "~/features/introductions/member-messages.data.server";
import { MessageList } from "~/features/introductions/message-list";
import { isPublicPath, memberKindOf } from "~/features/site/member-nav";
import { loader as rootLoader } from "~/root";
import * as messagesPage from "~/routes/messages";
import * as introductionsPage from "~/routes/introductions";
import * as callsPage from "~/routes/calls";
import * as introductionPage from "~/routes/introductions.$id";
import { getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

// The member nav (decision 059): the root's unread count on member pages only, /messages, /introductions
// and /calls, and reading a conversation bringing the count down. Real Requests with real session cookies.

type Account = { id: string; email: string; cookie: string };

async function account(tag: string, role: "client" | "professional" | "admin", name: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function entry(name: string, userId: string | null): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({ name, company: `${name} Partners`, title: "Advisor", email: uniqueEmail("nav-entry"), userId, verified: true })
    .returning({ id: professionals.id });
  return row!.id;
}

async function introduce(clientId: string, professionalId: number, status: "accepted" | "withdrawn" = "accepted"): Promise<number> {
  const [row] = await db()
    .insert(introductions)
    .values({ clientUserId: clientId, professionalId, status, requestedAt: new Date(), answeredAt: new Date() })
    .returning({ id: introductions.id });
  return row!.id;
}

async function write(introductionId: number, sender: "client" | "professional", body: string, at: Date) {
  await db().insert(messages).values({ introductionId, sender, body, createdAt: at });
}

type RootData = { member: { kind: string; unread: number } | null };
const rootAt = async (who: Account | null, path: string) =>
  (await run(() => rootLoader(routeArgs(getRequest(path, who ? { cookie: who.cookie } : {}))))).body as RootData;
const load = (module: { loader: (args: never) => unknown }, who: Account | null, path: string, params: Record<string, string> = {}) =>
  run(() => module.loader(routeArgs(getRequest(path, who ? { cookie: who.cookie } : {}), params) as never));

type ListBody = { rows: { introductionId: number; withName: string; mine: boolean; unread: boolean; excerpt: string; cut: boolean }[]; total: number; page: number; pageCount: number };

let clara: Account;
let alice: Account;
let otto: Account;
let admin: Account;
let withAlice = 0;
let withBob = 0;
let withdrawn = 0;

beforeAll(async () => {
  clara = await account("nav-clara", "client", "Clara Nav");
  alice = await account("nav-alice", "professional", "Alice Nav");
  otto = await account("nav-otto", "client", "Otto Nav");
  admin = await account("nav-admin", "admin", "Ada Nav");
  const pAlice = await entry("Alice Nav", alice.id);
  const pBob = await entry("Bob Nav", null);
  withAlice = await introduce(clara.id, pAlice);
  withBob = await introduce(clara.id, pBob);
  // Otto withdrew: Alice no longer sees his thread, nor counts what he wrote.
  withdrawn = await introduce(otto.id, pAlice, "withdrawn");
  const t = Date.now() - 60_000;
  await write(withAlice, "professional", "Welcome, Clara. When suits you for a first call?", new Date(t));
  await write(withAlice, "client", "Thursday morning, thank you.", new Date(t + 1_000));
  await write(withBob, "professional", `A long note. ${"x".repeat(400)}`, new Date(t + 2_000));
  await write(withdrawn, "client", "Before I withdrew.", new Date(t + 3_000));
});

describe("the member nav's unread count", () => {
  it("is counted on member pages for clients and professionals, never for visitors, admins or on public pages", async () => {
    expect(await rootAt(clara, "/client-welcome")).toMatchObject({ member: { kind: "client", unread: 2 } });
    expect(await rootAt(clara, "/messages.data?_routes=root")).toMatchObject({ member: { kind: "client", unread: 2 } });
    // Alice's one unread is Clara's; Otto's, in a withdrawn introduction, is not hers to see.
    expect(await rootAt(alice, "/professional-dashboard")).toMatchObject({ member: { kind: "professional", unread: 1 } });
    expect((await rootAt(null, "/client-welcome")).member).toBeNull();
    expect((await rootAt(admin, "/messages")).member).toBeNull();
    expect((await rootAt(clara, "/about")).member).toBeNull();
    expect((await rootAt(clara, "/blog/some-post")).member).toBeNull();
  });

  it("falls when the member opens the conversation, for that conversation only", async () => {
    // The conversation's own page already counts its thread as read (its loader reads it meanwhile).
    expect((await rootAt(clara, `/introductions/${withAlice}`)).member?.unread).toBe(1);
    expect((await rootAt(clara, `/introductions/${withAlice}.data?_routes=root`)).member?.unread).toBe(1);
    expect((await rootAt(clara, `/introductions/${withAlice}/call`)).member?.unread).toBe(2);
    const opened = await load(introductionPage, clara, `/introductions/${withAlice}`, { id: String(withAlice) });
    expect(opened.status).toBe(200);
    expect((await rootAt(clara, "/messages")).member?.unread).toBe(1);
    // Clara reading her thread does not read Alice's side of it.
    expect((await rootAt(alice, "/messages")).member?.unread).toBe(1);
    await load(introductionPage, alice, `/introductions/${withAlice}`, { id: String(withAlice) });
    expect((await rootAt(alice, "/messages")).member?.unread).toBe(0);
  });

  it.runIf(ENGINE === "sqlite")("reads the partial index of unread messages, not every message", async () => {
    const plan = await queryRows<{ detail: string }>(
      sql`explain query plan select count(*) from messages inner join introductions on introductions.id = messages.introduction_id
          where introductions.client_user_id = ${clara.id} and messages.sender = 'professional' and messages.read_at is null`,
    );
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/USING (COVERING )?INDEX messages_unread/);
  });
});

describe("/messages", () => {
  it("lists the member's messages newest first, the unread ones marked, each leading to its introduction", async () => {
    const out = await load(messagesPage, clara, "/messages");
    expect(out.status).toBe(200);
    const body = out.body as ListBody;
    expect(body.total).toBe(3);
    expect(body.rows.map((r) => [r.introductionId, r.withName, r.mine])).toEqual([
      [withBob, "Bob Nav", false],
      [withAlice, "Alice Nav", true],
      [withAlice, "Alice Nav", false],
    ]);
    // Bob's is still unread; the long one is cut to an excerpt.
    expect(body.rows[0]).toMatchObject({ unread: true, cut: true });
    expect(body.rows[0]!.excerpt.length).toBeLessThanOrEqual(161);
    expect(body.rows.filter((r) => r.mine).every((r) => !r.unread)).toBe(true);
    expect(JSON.stringify(body)).not.toContain("Before I withdrew");
  });

  it("shows each time in the reader's zone with its name: UTC until they choose one, then theirs", async () => {
    const sentAt = (await load(messagesPage, clara, "/messages")).body as ListBody & { timeZone: string };
    expect(sentAt.timeZone).toBe("UTC");
    await db().update(profiles).set({ timeZone: "Asia/Kolkata" }).where(eq(profiles.userId, clara.id));
    try {
      const body = (await load(messagesPage, clara, "/messages")).body as ListBody & { timeZone: string };
      expect(body.timeZone).toBe("Asia/Kolkata");
      const rows = (body.rows as unknown as MessageListItem[]).slice(0, 1);
      const router = createMemoryRouter([{ path: "/", Component: () => createElement(MessageList, { ...body, rows }) }], { initialEntries: ["/"] });
      const html = renderToString(createElement(RouterProvider, { router })).replace(/<!-- -->/g, "");
      expect(html).toMatch(/\d{1,2}:\d{2}\s?[AP]M IST<\/time>/);
      expect(html).not.toContain(" UTC<");
    } finally {
      await db().update(profiles).set({ timeZone: null }).where(eq(profiles.userId, clara.id));
    }
  });

  it("shows a professional only the threads they may see", async () => {
    const body = (await load(messagesPage, alice, "/messages")).body as ListBody;
    expect(body.rows.map((r) => r.introductionId)).toEqual([withAlice, withAlice]);
    expect(body.rows.map((r) => r.withName)).toEqual(["Clara Nav", "Clara Nav"]);
    expect(JSON.stringify(body)).not.toContain("Before I withdrew");
    expect(JSON.stringify(body)).not.toContain("A long note");
  });

  it("pages by MESSAGES_PAGE; past the end is a 404, signed out goes to sign in", async () => {
    const tom = await account("nav-tom", "client", "Tom Pages");
    const pro = await entry("Paula Pages", null);
    const intro = await introduce(tom.id, pro);
    const t = Date.now() - 3_600_000;
    for (let i = 0; i < MESSAGES_PAGE + 2; i++) await write(intro, "professional", `Note ${i}`, new Date(t + i * 1_000));
    const first = (await load(messagesPage, tom, "/messages")).body as ListBody;
    expect(first).toMatchObject({ total: MESSAGES_PAGE + 2, page: 1, pageCount: 2 });
    expect(first.rows[0]!.excerpt).toBe(`Note ${MESSAGES_PAGE + 1}`);
    const second = (await load(messagesPage, tom, "/messages?page=2")).body as ListBody;
    expect(second.rows.map((r) => r.excerpt)).toEqual(["Note 1", "Note 0"]);
    expect((await load(messagesPage, tom, "/messages?page=3")).status).toBe(404);
    const out = await load(messagesPage, null, "/messages");
    expect(out.kind).toBe("redirect");
    expect(out.location).toContain("/login");
  });
});

describe("/introductions and /calls", () => {
  it("lists a client's introductions and a professional's clients; calls answer for both", async () => {
    const asClient = (await load(introductionsPage, clara, "/introductions")).body as { asClient: { id: number; name: string }[]; asProfessional: unknown };
    expect(asClient.asClient.map((r) => r.name).sort()).toEqual(["Alice Nav", "Bob Nav"]);
    expect(asClient.asProfessional).toBeNull();
    const asPro = (await load(introductionsPage, alice, "/introductions")).body as { asProfessional: { rows: { id: number }[] } };
    expect(asPro.asProfessional.rows.map((r) => r.id)).toEqual([withAlice]);
    const calls = await load(callsPage, clara, "/calls");
    expect(calls.status).toBe(200);
    expect(calls.body).toMatchObject({ asClient: { calls: [] }, asProfessional: null });
    expect((await load(callsPage, null, "/calls")).kind).toBe("redirect");
  });
});

describe("memberKindOf and isPublicPath", () => {
  it("gives clients and professionals their nav, admins none; knows the public pages", () => {
    expect([memberKindOf("client"), memberKindOf("user"), memberKindOf("professional"), memberKindOf("admin")]).toEqual(["client", "client", "professional", null]);
    expect(["/", "/about", "/blog", "/blog/a-post", "/login"].every(isPublicPath)).toBe(true);
    expect(["/messages", "/client-welcome", "/introductions/3", "/account", "/blog/a/b"].some(isPublicPath)).toBe(false);
  });
});
