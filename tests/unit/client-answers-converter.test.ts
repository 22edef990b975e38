// The one conversion of a client's stored registration answers into the matching engine's input:
// whatever an old version of the wizard, a hand edit or a broken row left in the blob, it answers with
// the engine's type or null, and never throws.
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { registrationAnswers } from "~/platform/schema";
import { insertAccount } from "~/features/auth/users.data.server";
import { WHAT_MATTERS_KEYS, clientAnswersFrom } from "~/features/registration/client-answers";
import { clientAnswersOf, registeredClientOf } from "~/features/registration/registration.data.server";
import { proposeShortlist } from "~/features/registration/client-shortlist.server";

const usClient = { countryOfResidency: "US", investmentObjectives: ["Growth"] };

describe("clientAnswersFrom", () => {
  it("answers null for a blob that is not an object of answers", () => {
    for (const blob of [null, undefined, "US", 42, true, [], ["US", "Growth"], () => usClient]) {
      expect(clientAnswersFrom(blob)).toBeNull();
    }
  });

  it("answers null without a country or an objective still on the option lists", () => {
    expect(clientAnswersFrom({})).toBeNull();
    expect(clientAnswersFrom({ countryOfResidency: "Atlantis", investmentObjectives: ["Growth"] })).toBeNull();
    expect(clientAnswersFrom({ countryOfResidency: "US", investmentObjectives: ["Alchemy"] })).toBeNull();
    // An older wizard stored one objective as a plain string.
    expect(clientAnswersFrom({ countryOfResidency: "US", investmentObjectives: "Growth" })).toBeNull();
    expect(clientAnswersFrom({ countryOfResidency: ["US"], investmentObjectives: ["Growth"] })).toBeNull();
  });

  it("drops what is of the wrong kind or no longer offered, and keeps the rest", () => {
    expect(
      clientAnswersFrom({
        ...usClient,
        investmentObjectives: ["Growth", "Growth", 7, null, { a: 1 }],
        netWorth: 10_000_000,
        wealthSource: "Inheritance",
        preferredCommunication: ["email"],
        [WHAT_MATTERS_KEYS.feeModel]: "hourly",
        [WHAT_MATTERS_KEYS.impactInvesting]: "yes",
        [WHAT_MATTERS_KEYS.language]: { name: "French" },
        firstName: "Ada",
      }),
    ).toEqual({
      countryOfResidency: "US",
      investmentObjectives: ["Growth"],
      netWorth: undefined,
      wealthSource: undefined,
      preferredCommunication: undefined,
      whatMatters: undefined,
    });
  });

  it("keeps a language as written, trimmed and at most 60 characters", () => {
    const answers = clientAnswersFrom({ ...usClient, [WHAT_MATTERS_KEYS.language]: `  ${"x".repeat(80)}  ` });
    expect(answers?.whatMatters?.language).toBe("x".repeat(60));
    expect(clientAnswersFrom({ ...usClient, [WHAT_MATTERS_KEYS.language]: "   " })?.whatMatters).toBeUndefined();
  });
});

describe("a client's stored answers", () => {
  let n = 0;
  async function client(answers: unknown): Promise<string> {
    const userId = await insertAccount(db(), { email: `converter.${++n}@example.com`, passwordHash: "x", fullName: `C ${n}`, role: "client" });
    await db()
      .insert(registrationAnswers)
      .values({ userId, userType: "client", answers: answers as Record<string, unknown> });
    return userId;
  }

  it("are read and converted once: the recorded blob as stored, the engine's answers beside it", async () => {
    const userId = await client({ ...usClient, firstName: "Ada" });
    const registered = await registeredClientOf(userId);
    expect(registered?.recorded).toEqual({ ...usClient, firstName: "Ada" });
    expect(registered?.answers).toMatchObject({ countryOfResidency: "US", investmentObjectives: ["Growth"] });
    expect(registered?.registeredAt).toBeInstanceOf(Date);
  });

  it("that cannot be matched give no answers and no proposal, and never an error", async () => {
    for (const blob of [[], "broken", { countryOfResidency: "US" }, { investmentObjectives: ["Growth"] }]) {
      const userId = await client(blob);
      expect(await registeredClientOf(userId)).not.toBeNull();
      expect(await clientAnswersOf(userId)).toBeNull();
      expect(await proposeShortlist(userId)).toBeNull();
    }
  });

  it("are none for someone who is not a registered client", async () => {
    expect(await registeredClientOf("no-such-user")).toBeNull();
    expect(await clientAnswersOf("no-such-user")).toBeNull();
  });
});
