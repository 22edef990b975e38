import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { auditEvents, formSubmissions } from "~/platform/schema";
import { pruneExpiredRecords } from "~/platform/retention.server";

const DAY = 24 * 60 * 60_000;
const now = new Date("2026-11-23T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

describe("retention promised on the privacy page", () => {
  it("deletes security records after 12 months and messages after 24, and keeps younger ones", async () => {
    await db().insert(auditEvents).values([
      { kind: "LOGIN_FAILED", email: "old@example.com", createdAt: daysAgo(366) },
      { kind: "LOGIN_FAILED", email: "recent@example.com", createdAt: daysAgo(364) },
    ]);
    await db().insert(formSubmissions).values([
      { name: "Old Message", email: "old@example.com", message: "Sent long ago, long enough.", createdAt: daysAgo(731) },
      { name: "Kept Message", email: "kept@example.com", message: "Sent last year, still kept.", createdAt: daysAgo(400) },
    ]);

    await pruneExpiredRecords(now);

    expect(await db().select({ email: auditEvents.email }).from(auditEvents)).toEqual([{ email: "recent@example.com" }]);
    expect(await db().select({ name: formSubmissions.name }).from(formSubmissions)).toEqual([{ name: "Kept Message" }]);
  });
});
