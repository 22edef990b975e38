import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, professionals } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { action as loginAction } from "~/routes/login";
import { loader as dashboardLoader } from "~/routes/professional-dashboard";
import { call } from "./helpers";
import { cookieHeader, get, post, run, uniqueEmail } from "./support/auth-requests";

const PASSWORD = "Passw0rdX";

async function professionalWithEntry() {
  const email = uniqueEmail("welcome");
  const { userId } = await upsertAccount({ email, password: PASSWORD, role: "professional" });
  await db().insert(professionals).values({ name: "Marcus Hale", title: "Advisor", company: "Hale & Co", email, userId });
  return { email, userId };
}

const signIn = async (email: string) => cookieHeader((await run(() => call(loginAction, post("/login", { email, password: PASSWORD })))).cookies);
const returning = async (cookie: string) =>
  ((await run(() => call(dashboardLoader, get("/professional-dashboard", cookie)))).body as { returning?: boolean }).returning;

describe("the professional's greeting", () => {
  it("says 'Welcome' at the first sign-in and 'Welcome back' once they had signed in on an earlier visit", async () => {
    const { email, userId } = await professionalWithEntry();
    const first = await signIn(email);
    expect(await returning(first)).toBe(false);

    // The first visit was yesterday.
    await db()
      .update(auditEvents)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000) })
      .where(and(eq(auditEvents.userId, userId), eq(auditEvents.kind, "LOGIN_SUCCESS")));
    const second = await signIn(email);
    expect(await returning(second)).toBe(true);
  });

  it("is not fooled by another account's earlier sign-ins", async () => {
    const other = await professionalWithEntry();
    await signIn(other.email);
    await db().update(auditEvents).set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000) }).where(eq(auditEvents.userId, other.userId));
    const { email } = await professionalWithEntry();
    expect(await returning(await signIn(email))).toBe(false);
  });
});
