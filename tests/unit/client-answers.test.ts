import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, registrationAnswers, shortlists } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { releaseShortlist, shortlistOf } from "~/features/matching/shortlists.data.server";
import { proposeShortlist } from "~/features/registration/client-shortlist.server";
import { MESSAGES } from "~/features/registration/registration-schema";
import * as answersRoute from "~/routes/client-welcome.answers";
import * as welcomeRoute from "~/routes/client-welcome";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { errorsOf, run, uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";

type Fields = Record<string, string | string[] | undefined>;

async function person(role: "client" | "professional" | "admin") {
  const email = uniqueEmail(`answers-${role}`);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { userId, email, cookie };
}

async function registeredClient(answers: Record<string, unknown>) {
  const client = await person("client");
  await db().insert(registrationAnswers).values({ userId: client.userId, userType: "client", answers });
  return client;
}

const answersOf = async (userId: string) =>
  (await db().select().from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).limit(1))[0]?.answers;
const open = (cookie?: string) => run(() => call(answersRoute.loader, getRequest("/client-welcome/answers", { cookie })));
const save = (fields: Fields, cookie?: string) => run(() => call(answersRoute.action, formRequest("/client-welcome/answers", fields, { cookie })));

// Three verified firms serving the UK, so a UK client gets a full shortlist; one serving only the US.
// In beforeAll: the setup opens the PostgreSQL database in its own beforeAll, after this module loads.
beforeAll(async () => {
  for (const [i, countries] of [[1, ["UK"]], [2, ["UK", "US"]], [3, ["worldwide"]], [4, ["US"]]] as const) {
    await db()
      .insert(professionals)
      .values({ name: `Pro ${i}`, company: `Firm ${i}`, email: `answers.pro${i}@example.com`, verified: true, ...COMPLETE_MATCHING, countriesServed: [...countries] });
  }
});

const first = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1980-05-01",
  countryOfResidency: "US",
  investmentObjectives: ["Growth"],
  netWorth: "5-10M",
  agreeTerms: true,
};

describe("/client-welcome/answers", () => {
  it("is for signed-in clients only, in the loader and in the action", async () => {
    expect(await open()).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Fclient-welcome%2Fanswers" });
    for (const role of ["professional", "admin"] as const) {
      const { cookie, userId } = await person(role);
      expect((await open(cookie)).status).toBe(403);
      expect((await save({ countryOfResidency: "UK", investmentObjectives: "Growth" }, cookie)).status).toBe(403);
      expect(await answersOf(userId)).toBeUndefined();
    }
  });

  it("shows the stored answers, ticked boxes as the wizard holds them", async () => {
    const { cookie } = await registeredClient({ ...first, wealthSource: ["Inheritance"], advisorImpactInvesting: true });
    const out = await open(cookie);
    expect(out.body).toEqual({
      values: { countryOfResidency: "US", investmentObjectives: ["Growth"], netWorth: "5-10M", wealthSource: ["Inheritance"], advisorImpactInvesting: "on" },
    });
  });

  it("refuses bad answers with the wizard's messages, keeps the choices and writes nothing", async () => {
    const { cookie, userId } = await registeredClient(first);
    const out = await save({ countryOfResidency: "Atlantis", netWorth: "5-10M", advisorLanguage: "Klingon" }, cookie);
    expect(out.status).toBe(400);
    expect(errorsOf(out.body)).toMatchObject({
      countryOfResidency: [MESSAGES.country],
      investmentObjectives: [MESSAGES.objectives],
      advisorLanguage: [MESSAGES.fromList],
    });
    expect((out.body as { initialValue: Record<string, unknown> }).initialValue).toMatchObject({ netWorth: "5-10M" });
    expect(await answersOf(userId)).toEqual(first);
  });

  it("saves the answers, keeps every other registration answer, and re-proposes a released shortlist for review", async () => {
    const { cookie, userId } = await registeredClient(first);
    await proposeShortlist(userId);
    await releaseShortlist(userId, (await person("admin")).userId);
    expect((await shortlistOf(userId))?.status).toBe("released");
    const usIds = (await shortlistOf(userId))?.items.map((i) => i.id);

    const out = await save(
      {
        countryOfResidency: "UK",
        investmentObjectives: ["Growth", "Tax Optimization"],
        wealthSource: ["Business Ownership"],
        preferredCommunication: "video",
        advisorFeeModel: "fee-only",
        advisorImpactInvesting: "on",
        advisorLanguage: "English",
      },
      cookie,
    );
    expect(out).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    expect(await answersOf(userId)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1980-05-01",
      agreeTerms: true,
      countryOfResidency: "UK",
      investmentObjectives: ["Growth", "Tax Optimization"],
      wealthSource: ["Business Ownership"],
      preferredCommunication: "video",
      advisorFeeModel: "fee-only",
      advisorImpactInvesting: true,
      advisorLanguage: "English",
    });
    const [list] = await db().select().from(shortlists).where(eq(shortlists.clientUserId, userId)).limit(1);
    expect(list).toMatchObject({ status: "proposed", releasedAt: null, releasedBy: null });
    const ukIds = list?.items.map((i) => i.id) ?? [];
    expect(ukIds).toHaveLength(3);
    expect(ukIds).not.toEqual(usIds);
    const [pro4] = await db().select().from(professionals).where(eq(professionals.name, "Pro 4")).limit(1);
    expect(ukIds.every((id) => id !== pro4?.id)).toBe(true);
  });

  it("takes back a preferred communication sent empty ('No preference'), and refuses one not on the list", async () => {
    const { cookie, userId } = await registeredClient({ ...first, preferredCommunication: "video" });
    const forged = await save({ countryOfResidency: "US", investmentObjectives: "Growth", preferredCommunication: "pigeon" }, cookie);
    expect(forged.status).toBe(400);
    expect(errorsOf(forged.body)).toMatchObject({ preferredCommunication: [MESSAGES.fromList] });
    expect(await answersOf(userId)).toMatchObject({ preferredCommunication: "video" });

    const cleared = await save({ countryOfResidency: "US", investmentObjectives: "Growth", preferredCommunication: "" }, cookie);
    expect(cleared).toMatchObject({ kind: "redirect", location: "/client-welcome" });
    expect(await answersOf(userId)).not.toHaveProperty("preferredCommunication");
  });

  it("is linked from the client's welcome page", async () => {
    const { cookie } = await registeredClient(first);
    expect((await run(() => call(welcomeRoute.loader, getRequest("/client-welcome", { cookie })))).body).toMatchObject({ isClient: true });
  });
});
