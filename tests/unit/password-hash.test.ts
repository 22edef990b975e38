import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import {
  BUSY_MESSAGE,
  configureHashPoolForTests,
  defaultPoolOptions,
  hashingBusy,
  hashPassword,
  PasswordHashBusyError,
  verifyAgainstDummy,
  verifyPassword,
  withHashingRoom,
} from "~/platform/password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one; never stores the password", async () => {
    const hash = await hashPassword("Passw0rdX");
    expect(hash).toMatch(/^\$2[aby]\$/);
    expect(hash).not.toContain("Passw0rdX");
    expect(await verifyPassword("Passw0rdX", hash)).toBe(true);
    expect(await verifyPassword("Passw0rdx", hash)).toBe(false);
  });

  it("counts bytes past bcrypt's 72: passwords equal for 80 bytes and different after are different", async () => {
    const common = "Ab1".repeat(27).slice(0, 80);
    const first = `${common}-first`;
    const second = `${common}-second`;
    expect(Buffer.byteLength(common)).toBe(80);
    const hash = await hashPassword(first);
    expect(await verifyPassword(first, hash)).toBe(true);
    expect(await verifyPassword(second, hash)).toBe(false);
  });

  it("counts multi-byte characters too", async () => {
    const common = "é".repeat(40); // 80 bytes
    const hash = await hashPassword(`${common}a`);
    expect(await verifyPassword(`${common}b`, hash)).toBe(false);
  });

  it("salts: the same password hashes differently each time", async () => {
    expect(await hashPassword("Passw0rdX")).not.toBe(await hashPassword("Passw0rdX"));
  });

  it("the dummy check always says no", async () => {
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });
});

describe("password hashing pool", () => {
  afterEach(async () => {
    await configureHashPoolForTests({});
  });

  it("runs off the main thread: the event loop keeps turning while a costly comparison runs", async () => {
    // A cost-12 hash (the production cost) of "Slow-Pass-1": comparing takes ~250 ms of CPU.
    const COST_12 = "$2b$12$4NiEoKuNnfm6A52bpZ1RheeHHSeg3Q5bxppVczPwP/.3juibA3/i6";
    await verifyPassword("warm-up", await hashPassword("warm-up"));
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const ok = await verifyPassword("Slow-Pass-1", COST_12);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(ok).toBe(true);
    // On the event loop the timer could not fire for the whole comparison.
    expect(took).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it("a flood past the queue is refused at once with the typed busy error, and hashing still works after", async () => {
    await configureHashPoolForTests({ threads: 1, maxQueue: 2 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => hashPassword(`Flood-${i}`)));
    const refused = results.filter((r) => r.status === "rejected");
    const done = results.filter((r): r is PromiseFulfilledResult<string> => r.status === "fulfilled");
    // One running, two waiting: the other 17 are refused rather than queued.
    expect(done.length).toBe(3);
    expect(refused.length).toBe(17);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordHashBusyError);
    expect(hashingBusy()).toBe(false);
    expect(await verifyPassword("Flood-0", done[0]?.value ?? "")).toBe(true);
  });

  it("while the queue is full, withHashingRoom answers 503 with Retry-After and the plain message, without running the work", async () => {
    await configureHashPoolForTests({ threads: 1, maxQueue: 1 });
    const work = [hashPassword("One-1"), hashPassword("Two-2")];
    expect(hashingBusy()).toBe(true);
    let ran = false;
    const refused = withHashingRoom(async () => {
      ran = true;
    });
    await expect(refused).rejects.toMatchObject({ init: { status: 503, headers: { "Retry-After": "5" } }, data: { error: BUSY_MESSAGE } });
    expect(ran).toBe(false);
    await Promise.all(work);
    expect(hashingBusy()).toBe(false);
    expect(await withHashingRoom(() => verifyPassword("One-1", "$2b$04$invalid"))).toBe(false);
  });

  it("a burst is admitted only as far as the pool has room: the rest get 503 before they start, none a raw busy error", async () => {
    await configureHashPoolForTests({ threads: 1, maxQueue: 3 });
    // Each request awaits something (reading the form, the database) before it hashes, as sign-in does.
    const signIn = (i: number) =>
      withHashingRoom(async () => {
        await new Promise((r) => setTimeout(r, 5));
        return hashPassword(`Burst-${i}`);
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => signIn(i)));
    const hashed = results.filter((r) => r.status === "fulfilled");
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(hashed).toHaveLength(4);
    expect(reasons).toHaveLength(8);
    for (const reason of reasons) expect(reason).toMatchObject({ init: { status: 503 } });
  });

  it("sizes itself from the machine: available parallelism minus one, at least one", () => {
    const { threads, maxQueue } = defaultPoolOptions();
    expect(threads).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(maxQueue).toBeGreaterThanOrEqual(threads);
  });

  it("shares the cores among the supervisor's worker processes instead of giving each the whole machine", () => {
    expect(defaultPoolOptions(9, 1).threads).toBe(8);
    expect(defaultPoolOptions(9, 2).threads).toBe(4);
    expect(defaultPoolOptions(8, 8).threads).toBe(1);
    expect(defaultPoolOptions(2, 2).threads).toBe(1);
  });
});
