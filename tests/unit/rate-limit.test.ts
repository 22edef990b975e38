import { describe, expect, it } from "vitest";
import { checkLimit, consume, pruneHits, recordHit, type Limit } from "~/platform/rate-limit.server";

const MIN = 60_000;
const limit: Limit = { bucket: "test:window", max: 5, windowMs: 15 * MIN };
const t0 = new Date("2030-01-01T10:00:00Z").getTime();
const at = (minutes: number) => new Date(t0 + minutes * MIN);

describe("sliding-window rate limit", () => {
  it("allows 5 in the window, refuses the 6th, and allows one again when the oldest leaves the window", async () => {
    const key = "slide@example.com";
    for (const m of [0, 1, 2, 3, 4]) expect((await consume(limit, key, at(m))).allowed).toBe(true);
    const sixth = await consume(limit, key, at(5));
    expect(sixth).toEqual({ allowed: false, remaining: 0, retryAt: at(15) });
    // Refused attempts are not counted: hammering does not push the window out.
    expect((await consume(limit, key, at(14))).allowed).toBe(false);
    // At 15:00 + 1 ms the attempt from minute 0 has left the window: exactly one slot frees up.
    expect((await consume(limit, key, new Date(at(15).getTime() + 1))).allowed).toBe(true);
    expect((await consume(limit, key, at(15.5))).allowed).toBe(false);
    // Minute 1's attempt leaves next.
    expect((await consume(limit, key, new Date(at(16).getTime() + 1))).allowed).toBe(true);
  });

  it("counts remaining attempts down and keys case-insensitively", async () => {
    const key = "Count@Example.com";
    expect((await consume(limit, key, at(0))).remaining).toBe(4);
    expect((await consume(limit, key.toLowerCase(), at(0))).remaining).toBe(3);
    expect(await checkLimit(limit, key.toUpperCase(), at(0))).toEqual({ allowed: true, remaining: 3, retryAt: null });
  });

  it("keeps buckets and keys apart", async () => {
    const other: Limit = { ...limit, bucket: "test:other" };
    for (let i = 0; i < 5; i++) await recordHit(limit, "apart", at(0));
    expect((await checkLimit(limit, "apart", at(1))).allowed).toBe(false);
    expect((await checkLimit(other, "apart", at(1))).allowed).toBe(true);
    expect((await checkLimit(limit, "apart-2", at(1))).allowed).toBe(true);
  });

  it("prunes hits older than every window", async () => {
    for (let i = 0; i < 5; i++) await recordHit(limit, "old", at(0));
    await pruneHits(at(24 * 60));
    expect((await checkLimit(limit, "old", at(1))).remaining).toBe(5);
  });
});
