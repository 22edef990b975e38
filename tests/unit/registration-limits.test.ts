import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, oneTimeTokens, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { action as registerAction } from "~/routes/register";
import { action as forgotAction } from "~/routes/forgot-password";
import { MESSAGES } from "~/features/registration/registration-schema";
import { TOO_MANY_ACCOUNTS } from "~/features/registration/register.server";
import { formRequest, fromAddress, nextCookie, settle } from "./helpers";

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;
type Fields = Record<string, string | string[]>;

/** One browser without JavaScript, from one client address: posts each step, keeps the cookies. */
function browserAt(ip: string) {
  let cookie = "";
  return async function post(step: number, fields: Fields) {
    const request = fromAddress(formRequest("/register", { step: String(step), intent: "continue", ...fields }, { cookie }), ip);
    const result = await settle(registerAction, request);
    if (result instanceof Response) {
      cookie = nextCookie(result, cookie);
      return { status: result.status, errors: {} as Record<string, string[] | null> };
    }
    cookie = nextCookie(new Headers(result.init?.headers), cookie);
    return { status: result.init?.status ?? 200, errors: result.data.result.error ?? {} };
  };
}

const STEPS: Fields[] = [
  { userType: "client" },
  { firstName: "Ada", lastName: "Lovelace" },
  {},
  { countryOfResidency: "CH", dateOfBirth: "1980-05-01" },
  { investmentObjectives: ["Growth"] },
  { netWorth: "5-10M", wealthSource: ["Inheritance"] },
  { currentProfessional: "" },
  { agreeTerms: "on" },
];

/** Runs a client registration from `ip`; returns the outcome of each step. */
async function register(ip: string, email: string) {
  const post = browserAt(ip);
  const outcomes = [];
  for (const [i, fields] of STEPS.entries()) {
    const step = i + 1;
    const posted = step === 3 ? { email, password: "Passw0rdX", confirmPassword: "Passw0rdX" } : fields;
    const outcome = await post(step, posted);
    outcomes.push(outcome);
    if (outcome.status !== 303 && outcome.status !== 302) break;
  }
  return outcomes;
}

// Dozens of wizard runs (each hashing a password): slower than a unit test usually is.
const MANY_RUNS = { timeout: 120_000 };

const accountExists = async (email: string) => (await db().select().from(users).where(eq(users.email, email)).limit(1)).length > 0;

describe("registration limits per client address", () => {
  it("creates at most 10 accounts an hour from one address; the 11th is refused with a message and creates nothing", MANY_RUNS, async () => {
    const ip = "198.51.100.10";
    for (let i = 0; i < 10; i++) {
      const email = uniqueEmail(`burst${i}`);
      await register(ip, email);
      expect(await accountExists(email)).toBe(true);
    }
    const eleventh = uniqueEmail("burst-11");
    const outcomes = await register(ip, eleventh);
    const last = outcomes.at(-1);
    expect(last?.status).toBe(429);
    expect(last?.errors[""]).toEqual([TOO_MANY_ACCOUNTS]);
    expect(await accountExists(eleventh)).toBe(false);
    // Another address is not affected, and the trip is recorded once.
    const other = uniqueEmail("other-office");
    await register("198.51.100.11", other);
    expect(await accountExists(other)).toBe(true);
    const trips = (await db().select().from(auditEvents).where(eq(auditEvents.ip, ip))).filter((e) => e.kind === "SUSPICIOUS_ACTIVITY");
    expect(trips).toHaveLength(1);
  });

  it("answers 'already registered' on step 3 at most 30 times an hour per address, then only at Create Account", MANY_RUNS, async () => {
    const ip = "198.51.100.20";
    const taken = uniqueEmail("taken");
    await upsertAccount({ email: taken, password: "Passw0rdX", role: "client" });
    for (let i = 0; i < 30; i++) {
      const post = browserAt(ip);
      await post(1, STEPS[0] ?? {});
      await post(2, STEPS[1] ?? {});
      const third = await post(3, { email: taken, password: "Passw0rdX", confirmPassword: "Passw0rdX" });
      expect(third.errors.email).toEqual([MESSAGES.emailTaken]);
    }
    // The 31st probe moves on without telling; the account is still never created twice.
    const outcomes = await register(ip, taken);
    expect(outcomes[2]?.status).toBe(303);
    const last = outcomes.at(-1);
    expect(last?.status).toBe(400);
    expect(last?.errors.email).toEqual([MESSAGES.emailTaken]);
    expect(await db().select().from(users).where(eq(users.email, taken))).toHaveLength(1);
  });
});

describe("forgot-password limit per client address", () => {
  it("sends at most 20 reset mails an hour for one address, whatever e-mails it asks for, with the same answer", MANY_RUNS, async () => {
    const ip = "198.51.100.30";
    const ask = (email: string) => settle(forgotAction, fromAddress(formRequest("/forgot-password", { email }), ip));
    const tokens = async () => (await db().select().from(oneTimeTokens)).length;
    const before = await tokens();
    for (let i = 0; i < 20; i++) {
      const email = uniqueEmail(`reset${i}`);
      await upsertAccount({ email, password: "Passw0rdX", role: "client" });
      await ask(email);
    }
    expect(await tokens()).toBe(before + 20);
    const last = uniqueEmail("reset-21");
    await upsertAccount({ email: last, password: "Passw0rdX", role: "client" });
    const answer = await ask(last);
    expect(answer).toMatchObject({ sentTo: last });
    expect(await tokens()).toBe(before + 20);
  });
});
