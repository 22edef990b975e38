// What a professional learns before saying yes (decision 022): a client who asks for an introduction was
// told the professional sees their name, objectives, net-worth band and how they prefer to be contacted.
// The professional's dashboard, the introduction's page (what their loaders send, which is what a `.data`
// request returns) and the request's e-mail carry the channel; the address or number only once accepted.
// A professional who declines never had it.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { releaseShortlist } from "~/features/matching/shortlists.data.server";
import { proposeShortlist } from "~/features/registration/client-shortlist.server";
import * as welcome from "~/routes/client-welcome";
import * as dashboard from "~/routes/professional-dashboard";
import * as introductionPage from "~/routes/introductions.$id";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { mailsTo, run, uniqueEmail } from "./support/auth-requests";

type Account = { id: string; email: string; cookie: string };

const PHONE = "+1 415 555 0123";

async function account(tag: string, role: "client" | "professional", name?: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role, name });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { id: userId, email, cookie };
}

async function addPro(name: string, userId: string): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({
      name,
      company: `${name} Partners`,
      title: "Advisor",
      email: uniqueEmail("contact-pro-entry"),
      userId,
      verified: true,
      experienceYears: 10,
      services: ["Investment Management"],
      aumRange: "10-50M",
      clientProfiles: ["HNWI"],
      communication: ["phone", "email"],
      countriesServed: ["US"],
      feeModel: "fee-only",
      languages: ["English"],
    })
    .returning({ id: professionals.id });
  return row!.id;
}

/** A client with a released shortlist; `name` undefined leaves them without one on file. */
async function clientWithShortlist(tag: string, name: string | undefined, answers: Record<string, unknown>): Promise<Account> {
  const c = await account(tag, "client", name);
  await db()
    .insert(registrationAnswers)
    .values({ userId: c.id, userType: "client", answers: { countryOfResidency: "US", investmentObjectives: ["Growth"], netWorth: "5-10M", ...answers } });
  await proposeShortlist(c.id);
  expect(await releaseShortlist(c.id, c.id)).toBe(true);
  return c;
}

const ask = (who: Account, professionalId: number) =>
  run(() => welcome.action(routeArgs(formRequest("/client-welcome", { intent: "request", professionalId: String(professionalId) }, { cookie: who.cookie }))));
const answer = (who: Account, introductionId: number, intent: "accept" | "decline") =>
  run(() => dashboard.action(routeArgs(formRequest("/professional-dashboard", { intent, introductionId: String(introductionId) }, { cookie: who.cookie }))));

type Row = { id: number; name: string; status: string; preferredContact: string; contactDetail: string | null };
/** The dashboard's loader data, as /professional-dashboard and /professional-dashboard.data send it. */
async function dashboardOf(who: Account, suffix = "") {
  const out = await run(() => dashboard.loader(routeArgs(getRequest(`/professional-dashboard${suffix}`, { cookie: who.cookie }))));
  expect(out.status).toBe(200);
  const body = out.body as { introductions: { rows: Row[] } };
  return { rows: body.introductions.rows, text: JSON.stringify(out.body) };
}
async function pageOf(who: Account, id: number, suffix = "") {
  const out = await run(() => introductionPage.loader(routeArgs(getRequest(`/introductions/${id}${suffix}`, { cookie: who.cookie }), { id: String(id) })));
  return { status: out.status, body: out.body as { intro: { status: string; client: { name: string; preferredContact: string; contactDetail: string | null } | null } }, text: JSON.stringify(out.body) };
}

let alice: Account;
let bob: Account;
let pAlice = 0;
let pBob = 0;
let clara: Account;
let nameless: Account;

beforeAll(async () => {
  alice = await account("contact-alice", "professional", "Alice Advisor");
  bob = await account("contact-bob", "professional", "Bob Banker");
  pAlice = await addPro("Alice Advisor", alice.id);
  pBob = await addPro("Bob Banker", bob.id);
  clara = await clientWithShortlist("contact-clara", "Clara Client", { preferredCommunication: "phone", phone: PHONE });
  nameless = await clientWithShortlist("contact-nameless", undefined, { preferredCommunication: "email" });
});

describe("before a professional accepts", () => {
  it("the request's e-mail says someone asked: not who, not how to reach them", async () => {
    expect((await ask(clara, pAlice)).kind).toBe("redirect");
    expect((await ask(clara, pBob)).kind).toBe("redirect");
    for (const pro of [alice, bob]) {
      const [mail] = mailsTo(pro.email);
      expect(mail).toContain("A client on WealthMatch has asked to be introduced to you.");
      for (const secret of [clara.email, PHONE, "Clara"]) expect(mail).not.toContain(secret);
    }
  });

  it("the dashboard and its .data show the channel they prefer, never their phone number or address", async () => {
    for (const suffix of ["", ".data"]) {
      const { rows, text } = await dashboardOf(alice, suffix);
      expect(rows).toEqual([expect.objectContaining({ name: "Clara Client", status: "requested", preferredContact: "Phone", contactDetail: null })]);
      expect(text).not.toContain(PHONE);
      expect(text).not.toContain(clara.email);
    }
  });

  it("the introduction's page and its .data show the same, and nothing more", async () => {
    const { rows } = await dashboardOf(alice);
    for (const suffix of ["", ".data"]) {
      const page = await pageOf(alice, rows[0]!.id, suffix);
      expect(page.status).toBe(200);
      expect(page.body.intro.client).toEqual(expect.objectContaining({ name: "Clara Client", preferredContact: "Phone", contactDetail: null }));
      expect(page.text).not.toContain(PHONE);
      expect(page.text).not.toContain(clara.email);
    }
  });

  it("a client with no name on file is 'A client', not their address", async () => {
    expect((await ask(nameless, pAlice)).kind).toBe("redirect");
    const { rows, text } = await dashboardOf(alice);
    expect(rows.map((r) => r.name).sort()).toEqual(["A client", "Clara Client"]);
    expect(rows.find((r) => r.name === "A client")).toMatchObject({ preferredContact: "Email", contactDetail: null });
    expect(text).not.toContain(nameless.email);
    expect((await pageOf(alice, rows.find((r) => r.name === "A client")!.id)).text).not.toContain(nameless.email);
  });
});

describe("the answer", () => {
  it("a professional who declines never sees the address or number, on the dashboard or the page", async () => {
    const id = (await dashboardOf(bob)).rows[0]!.id;
    const out = await answer(bob, id, "decline");
    expect(out.kind).toBe("redirect");
    const after = await dashboardOf(bob, ".data");
    expect(after.text).not.toContain(PHONE);
    expect(after.text).not.toContain(clara.email);
    const page = await pageOf(bob, id, ".data");
    expect(page.body.intro).toMatchObject({ status: "declined", client: null });
    expect(page.text).not.toContain(PHONE);
    expect(page.text).not.toContain(clara.email);
  });

  it("once accepted, the number their channel implies is on the dashboard and the page", async () => {
    const id = (await dashboardOf(alice)).rows.find((r) => r.name === "Clara Client")!.id;
    expect((await answer(alice, id, "accept")).kind).toBe("redirect");
    const { rows, text } = await dashboardOf(alice, ".data");
    expect(rows.find((r) => r.id === id)).toMatchObject({ status: "accepted", preferredContact: "Phone", contactDetail: PHONE });
    // The other client, still waiting, is still shown without their address.
    expect(text).not.toContain(nameless.email);
    const page = await pageOf(alice, id);
    expect(page.body.intro.client).toMatchObject({ contactDetail: PHONE });
    expect(page.text).toContain(clara.email);
  });

  it("a nameless client accepted is named by their address, the one they prefer to be written to", async () => {
    const id = (await dashboardOf(alice)).rows.find((r) => r.name === "A client")!.id;
    expect((await answer(alice, id, "accept")).kind).toBe("redirect");
    const { rows } = await dashboardOf(alice);
    expect(rows.find((r) => r.id === id)).toMatchObject({ name: nameless.email, contactDetail: nameless.email });
  });
});
