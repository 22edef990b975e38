import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { siteSettings, users } from "~/platform/schema";
import { onPostgres } from "./engine";

// The data layer's promise on both engines (docs/decisions/033-two-engines.md): a transaction is all or
// nothing, statements from outside it neither join it nor are lost with it, and concurrent
// read-modify-write transactions behave as if they ran one after another.
const engine = onPostgres ? "PostgreSQL" : "SQLite";

async function counter(): Promise<number> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, "probe-counter")).limit(1);
  return typeof row?.value === "number" ? row.value : 0;
}

describe(`transactions on ${engine}`, () => {
  it("write all or nothing: a failure part-way leaves no row behind", async () => {
    await expect(
      transaction(async (tx) => {
        await tx.insert(users).values({ id: "tx-half", email: "half@example.com", passwordHash: "x" });
        throw new Error("the second step failed");
      }),
    ).rejects.toThrow("the second step failed");
    expect(await db().select().from(users).where(eq(users.id, "tx-half"))).toEqual([]);
  });

  it("keep a write made outside while one is open, even when that one rolls back", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = transaction(async (tx) => {
      await tx.insert(users).values({ id: "tx-inside", email: "inside@example.com", passwordHash: "x" });
      await held;
      throw new Error("rolled back");
    }).catch((error: unknown) => (error as Error).message);
    const outside = db().insert(users).values({ id: "tx-outside", email: "outside@example.com", passwordHash: "x" });
    release();
    expect(await inside).toBe("rolled back");
    await outside;
    const ids = (await db().select({ id: users.id }).from(users)).map((r) => r.id);
    expect(ids).toContain("tx-outside");
    expect(ids).not.toContain("tx-inside");
  });

  it("hand the open transaction to helpers deeper down, and let a nested call join it", async () => {
    await expect(
      transaction(async () => {
        // A helper that knows nothing of the transaction writes through db() …
        await db().insert(users).values({ id: "tx-helper", email: "helper@example.com", passwordHash: "x" });
        // … and one that opens its own joins this one.
        await transaction(async (tx) => tx.insert(users).values({ id: "tx-nested", email: "nested@example.com", passwordHash: "x" }));
        throw new Error("undo both");
      }),
    ).rejects.toThrow("undo both");
    const ids = (await db().select({ id: users.id }).from(users)).map((r) => r.id);
    expect(ids).not.toContain("tx-helper");
    expect(ids).not.toContain("tx-nested");
  });

  it("serialise 20 concurrent read-modify-write transactions: no increment is lost", async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        transaction(async (tx) => {
          const next = (await counter()) + 1;
          await tx
            .insert(siteSettings)
            .values({ key: "probe-counter", value: next })
            .onConflictDoUpdate({ target: siteSettings.key, set: { value: next } });
        }),
      ),
    );
    expect(await counter()).toBe(20);
  });
});
