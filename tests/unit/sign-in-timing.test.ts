import { describe, expect, it } from "vitest";

// The shared setup makes bcrypt nearly free (cost 4), which would hide the difference this test is
// about; a realistic cost is set before the password module is first loaded.
process.env.BCRYPT_COST = "10";

describe("sign-in timing", () => {
  // Seven cost-10 comparisons: seconds on a loaded machine.
  it("takes about as long for an unknown e-mail as for a wrong password", { timeout: 60_000 }, async () => {
    const { upsertAccount } = await import("~/features/auth/upsert-account.server");
    const { verifySignIn } = await import("~/features/auth/sign-in.server");
    const { formRequest, requestArgs } = await import("./helpers");
    const emails = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const email = `timing-${i}-${Date.now()}@example.com`;
        await upsertAccount({ email, password: "Passw0rdX", role: "client" });
        return email;
      }),
    );
    const time = async (email: string) => {
      const start = performance.now();
      const request = formRequest("/login", { email, password: "Wrong-Passw0rd" });
      const result = await verifySignIn(requestArgs(request), email, "site");
      expect(result).toMatchObject({ ok: false, code: "invalid_credentials" });
      return performance.now() - start;
    };
    await time("warm-up@example.com");
    let known = 0;
    let ghost = 0;
    for (const [i, email] of emails.entries()) {
      known += await time(email);
      ghost += await time(`ghost-${i}-${Date.now()}@example.com`);
    }
    // Without the dummy comparison an unknown e-mail would answer in a fraction of the time.
    expect(ghost).toBeGreaterThan(known * 0.4);
    expect(ghost).toBeLessThan(known * 2.5);
  });
});
