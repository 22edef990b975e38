import { afterEach, describe, expect, it } from "vitest";
import { configureHashPoolForTests, hashPassword } from "~/platform/password.server";
import { db } from "~/platform/db.server";
import { auditEvents, rateLimitHits } from "~/platform/schema";
import { action as loginAction } from "~/routes/login";
import { action as adminLoginAction } from "~/routes/admin.login";
import { call, formRequest } from "./helpers";

// With the hashing pool full, the sign-in forms answer 503 at once, on the form with the e-mail kept and
// Retry-After: nothing counted, nothing recorded.
async function saturate() {
  await configureHashPoolForTests({ threads: 1, maxQueue: 1 });
  return [hashPassword("Hold-1"), hashPassword("Hold-2")];
}

afterEach(async () => {
  await configureHashPoolForTests({});
});

describe("a full hashing pool", () => {
  it.each([
    ["/login", loginAction],
    ["/admin/login", adminLoginAction],
  ] as const)("%s answers 503 busy on the form, keeps the e-mail and counts nothing", async (path, action) => {
    const holding = await saturate();
    const hitsBefore = (await db().select().from(rateLimitHits)).length;
    const answer = await call(action, formRequest(path, { email: "busy@example.com", password: "Passw0rdX" }));
    expect(answer).toMatchObject({ init: { status: 503, headers: { "Retry-After": "5" } } });
    const body = JSON.stringify((answer as { data: unknown }).data);
    expect(body).toContain("The service is busy. Please try again in a moment.");
    expect(body).toContain("busy@example.com");
    expect(body).not.toContain("Passw0rdX");
    expect(await db().select().from(rateLimitHits)).toHaveLength(hitsBefore);
    expect(await db().select().from(auditEvents)).toEqual([]);
    await Promise.all(holding);
  });
});
