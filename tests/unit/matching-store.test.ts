import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { seedDemoContent } from "~/features/seed/demo.server";
import { DEMO_PROFESSIONALS } from "~/features/seed/demo-professionals";
import { insertAccount } from "~/features/auth/users.data.server";
import { match } from "~/domain/matching-engine";
import { candidateFrom, releaseShortlist, shortlistOf, verifiedCandidates, waitingClients } from "~/features/matching/shortlists.data.server";
import { WHAT_MATTERS_KEYS, clientAnswersFrom } from "~/features/registration/client-answers";
import { proposeShortlist } from "~/features/registration/client-shortlist.server";
import { onPostgres } from "./engine";

let n = 0;
async function registerClient(answers: Record<string, unknown>, createdAt?: Date): Promise<string> {
  const userId = await insertAccount(db(), {
    email: `client.${++n}@example.com`,
    passwordHash: "x",
    fullName: `Client ${n}`,
    role: "client",
  });
  await db().insert(registrationAnswers).values({ userId, userType: "client", answers, createdAt });
  return userId;
}

const usClient = { countryOfResidency: "US", investmentObjectives: ["Growth", "Tax Optimization", "Estate Planning"], netWorth: "10-25M" };

// SQLite's own migration files, replayed on an in-memory SQLite database: PostgreSQL starts from its own schema.
describe.skipIf(onPostgres)("the matching migration (SQLite)", () => {
  function statements(file: string): string[] {
    return fs
      .readFileSync(path.join("drizzle", "sqlite", file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
  }

  it("gives existing rows defaults, leaves what cannot be guessed empty, and completes the demo entries", () => {
    const sqlite = new Database(":memory:");
    for (const s of [...statements("0000_init.sql"), ...statements("0001_admin_actions.sql")]) sqlite.exec(s);
    const demo = DEMO_PROFESSIONALS[0];
    if (!demo) throw new Error("no demo professional");
    const insert = sqlite.prepare("insert into professionals (name, email, specialties) values (?, ?, ?)");
    insert.run("Old Entry", "old@firm.test", JSON.stringify(["Tax Planning", "Liquidity Events"]));
    insert.run(demo.name, demo.email.toUpperCase(), JSON.stringify(demo.specialties));
    for (const s of statements("0003_matching.sql")) sqlite.exec(s);

    const old = sqlite.prepare("select * from professionals where email = ?").get("old@firm.test") as Record<string, unknown>;
    expect(old).toMatchObject({
      services: '["Tax Planning"]',
      communication: '["email","phone","video"]',
      languages: '["English"]',
      aum_range: null,
      client_profiles: "[]",
      countries_served: "[]",
      fee_model: null,
      impact_investing: 0,
      disciplinary_disclosed: 0,
      disciplinary_cleared: 0,
    });
    const seeded = sqlite.prepare("select * from professionals where name = ?").get(demo.name) as Record<string, unknown>;
    expect(seeded).toMatchObject({
      services: JSON.stringify(demo.services),
      aum_range: demo.aumRange,
      countries_served: JSON.stringify(demo.countriesServed),
      fee_model: demo.feeModel,
    });
    sqlite.close();
  });
});

describe("reading the database for the engine", () => {
  it("seeds demo professionals whose matching data is complete", async () => {
    await seedDemoContent();
    const verified = await verifiedCandidates();
    expect(verified.length).toBe(DEMO_PROFESSIONALS.filter((p) => p.verified).length);
    const result = match(
      { countryOfResidency: "US", investmentObjectives: ["Wealth Preservation", "Tax Optimization", "Estate Planning"] },
      verified,
    );
    expect(result.excluded).toEqual([]);
    expect(result.status).toBe("ok");
  });

  it("drops stored values that are not on the option lists", async () => {
    const [row] = await db().select().from(professionals).limit(1);
    if (!row) throw new Error("no professional");
    const candidate = candidateFrom({
      ...row,
      services: ["Tax Planning", "Astrology"] as never,
      countriesServed: ["US", "Atlantis", "worldwide"] as never,
      aumRange: "lots" as never,
    });
    expect(candidate.services).toEqual(["Tax Planning"]);
    expect(candidate.countriesServed).toEqual(["US", "worldwide"]);
    expect(candidate.aumRange).toBeNull();
  });

  it("reads a client's answers, including the 'what matters' keys, and refuses what cannot be matched", () => {
    expect(
      clientAnswersFrom({
        ...usClient,
        wealthSource: ["Inheritance", "Lottery"],
        preferredCommunication: "pigeon",
        [WHAT_MATTERS_KEYS.feeModel]: "fee-only",
        [WHAT_MATTERS_KEYS.impactInvesting]: true,
        [WHAT_MATTERS_KEYS.language]: "  French ",
      }),
    ).toEqual({
      countryOfResidency: "US",
      investmentObjectives: usClient.investmentObjectives,
      netWorth: "10-25M",
      wealthSource: ["Inheritance"],
      preferredCommunication: undefined,
      whatMatters: { feeModel: "fee-only", impactInvesting: true, language: "French" },
    });
    expect(clientAnswersFrom({ countryOfResidency: "US", investmentObjectives: [] })).toBeNull();
    expect(clientAnswersFrom({ investmentObjectives: ["Growth"] })).toBeNull();
  });
});

describe("proposed shortlists", () => {
  it("stores a proposal, recomputes it while proposed, and never rewrites a released one", async () => {
    const clientId = await registerClient(usClient);
    const first = await proposeShortlist(clientId);
    expect(first?.shortlist.status).toBe("proposed");
    expect(first?.shortlist.items.length).toBeGreaterThanOrEqual(3);
    expect(first?.shortlist.items[0]?.factors.length).toBe(7);
    expect((await shortlistOf(clientId))?.items).toEqual(first?.result.shortlist);

    // A professional leaves: the proposal is recomputed without them.
    const top = first?.shortlist.items[0]?.id ?? 0;
    await db().update(professionals).set({ verified: false }).where(eq(professionals.id, top));
    expect((await proposeShortlist(clientId))?.shortlist.items.map((i) => i.id)).not.toContain(top);

    const admin = await insertAccount(db(), { email: `admin.${++n}@example.com`, passwordHash: "x", fullName: "A", role: "admin" });
    expect(await releaseShortlist(clientId, admin)).toBe(true);
    expect(await releaseShortlist(clientId, admin)).toBe(false);
    await db().update(professionals).set({ verified: true }).where(eq(professionals.id, top));
    expect(await proposeShortlist(clientId)).toBeNull();
    const released = await shortlistOf(clientId);
    expect(released?.status).toBe("released");
    expect(released?.items.map((i) => i.id)).not.toContain(top);
  });

  it("says so when too few match, and proposes nothing for a non-client", async () => {
    const lonely = await registerClient({ countryOfResidency: "SG", investmentObjectives: ["Growth"] });
    const proposal = await proposeShortlist(lonely);
    expect(proposal?.result.status).toBe("too-few");
    expect(proposal?.shortlist.note).toMatch(/^Only 0 professionals match/);
    expect(await proposeShortlist("no-such-user")).toBeNull();
  });

  it("lists clients without a released shortlist, longest waiting first", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const dayAgo = new Date(Date.now() - 86_400_000);
    const recent = await registerClient(usClient, hourAgo);
    const oldest = await registerClient(usClient, dayAgo);
    await proposeShortlist(oldest);
    const { rows, total } = await waitingClients(50);
    const ids = rows.map((r) => r.userId);
    expect(ids.indexOf(oldest)).toBeLessThan(ids.indexOf(recent));
    expect(rows.find((r) => r.userId === oldest)?.proposed).toBe(true);
    expect(rows.find((r) => r.userId === recent)?.proposed).toBe(false);
    expect(total).toBe(rows.length);
    // The released client of the first test is no longer waiting.
    const statuses = await Promise.all(rows.map(async (r) => (await shortlistOf(r.userId))?.status));
    expect(statuses.every((status) => status !== "released")).toBe(true);
  });
});
