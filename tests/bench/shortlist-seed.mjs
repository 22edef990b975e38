// For tests/bench/shortlist-page.mjs: a client with a released shortlist of 5 full profiles (bios, fees,
// qualifications) in the database the environment names, and a signed-in session. Prints the Cookie
// header on stdout. Run with tsx: `node --import tsx tests/bench/shortlist-seed.mjs`.
import { openAppDatabase, db, setDatabaseForTests, withStartupPatience } from "../../app/platform/db.server.ts";
import { professionals, registrationAnswers } from "../../app/platform/schema.ts";
import { upsertAccount } from "../../app/features/auth/upsert-account.server.ts";
import { createSession } from "../../app/features/auth/session.server.ts";
import { proposeShortlist } from "../../app/features/registration/client-shortlist.server.ts";
import { releaseShortlist } from "../../app/features/matching/shortlists.data.server.ts";

await openAppDatabase();
let cookie = "";
await withStartupPatience(async () => {
  const { userId: admin } = await upsertAccount({ email: "bench-shortlist-admin@bench.example", password: "Bench-Passw0rd", role: "admin" });
  const { userId } = await upsertAccount({ email: "bench-shortlist@bench.example", password: "Bench-Passw0rd", role: "client", name: "Bench Client" });
  for (let i = 0; i < 5; i++) {
    await db()
      .insert(professionals)
      .values({
        name: `Bench Professional ${i + 1}`,
        title: "Senior Wealth Advisor",
        company: `Bench Firm ${i + 1}`,
        email: `bench-pro-${i}@bench.example`,
        verified: true,
        verifiedAt: new Date(),
        bio: "Advises founders and families on investment strategy, liquidity events and family governance. ".repeat(4),
        experienceYears: 8 + i * 3,
        specialties: ["Investment Management", "Family Office Services"],
        certifications: ["CFA", "CFP"],
        services: ["Investment Management", "Tax Planning", "Estate Planning"],
        aumRange: "100-500M",
        clientProfiles: ["HNWI", "UHNWI", "Entrepreneurs"],
        communication: ["video", "email", "phone"],
        countriesServed: ["US", "UK"],
        feeModel: "fee-only",
        feeMinimum: 25000,
        feeSchedule: "0.75% a year on the first $25M, 0.5% above.",
        languages: ["English", "French"],
      });
  }
  await db()
    .insert(registrationAnswers)
    .values({
      userId,
      userType: "client",
      answers: {
        firstName: "Bench",
        countryOfResidency: "US",
        investmentObjectives: ["Growth", "Estate Planning", "Tax Optimization"],
        netWorth: "10-25M",
        wealthSource: ["Business Ownership"],
        preferredCommunication: "video",
        advisorFeeModel: "fee-only",
        advisorLanguage: "French",
      },
    });
  await proposeShortlist(userId);
  await releaseShortlist(userId, admin);
  const request = new Request("http://127.0.0.1/login");
  cookie = (await createSession({ request, context: { clientAddress: "127.0.0.1" } }, userId)).split(";")[0] ?? "";
});
process.stdout.write(cookie);
await setDatabaseForTests(undefined);
