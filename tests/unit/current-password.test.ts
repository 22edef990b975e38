import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { rateLimitHits } from "~/platform/schema";
import { checkCurrentPassword } from "~/features/auth/current-password.server";
import { configureHashPoolForTests, hashPassword } from "~/platform/password.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";

// A small bound, so that running out of attempts is quick to reach.
const LIMIT = { bucket: "test-confirm:user", max: 3, windowMs: 60_000 };
const PASSWORD = "Passw0rdX";
const counted = async (userId: string) => (await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, userId))).length;

async function person() {
  const email = `confirm-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  return (await upsertAccount({ email, password: PASSWORD, role: "client" })).userId;
}

afterEach(async () => {
  await configureHashPoolForTests({});
});

describe("checkCurrentPassword", () => {
  it("a right password is right and takes no attempt; a wrong one is wrong and takes one", async () => {
    const userId = await person();
    expect(await checkCurrentPassword(LIMIT, userId, PASSWORD)).toBe("right");
    expect(await counted(userId)).toBe(0);
    expect(await checkCurrentPassword(LIMIT, userId, "Wrong-Passw0rd")).toBe("wrong");
    expect(await counted(userId)).toBe(1);
  });

  it("once the wrong attempts are spent, even the right password is refused", async () => {
    const userId = await person();
    for (let i = 0; i < LIMIT.max; i++) expect(await checkCurrentPassword(LIMIT, userId, `Wrong-${i}`)).toBe("wrong");
    expect(await checkCurrentPassword(LIMIT, userId, PASSWORD)).toBe("too_many");
  });

  it("an unknown person is wrong, never right", async () => {
    expect(await checkCurrentPassword(LIMIT, "no-such-user", PASSWORD)).toBe("wrong");
  });

  it("a full hashing pool throws its 503 on and counts nothing", async () => {
    const userId = await person();
    await configureHashPoolForTests({ threads: 1, maxQueue: 1 });
    const holding = [hashPassword("Hold-1"), hashPassword("Hold-2")];
    await expect(checkCurrentPassword(LIMIT, userId, PASSWORD)).rejects.toMatchObject({ init: { status: 503 } });
    expect(await counted(userId)).toBe(0);
    await Promise.all(holding);
  });
});
