import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { db, preparedRead, sqliteClient, transaction } from "~/platform/db.server";
import { driverError } from "~/platform/db-errors.server";
import { profiles, shortlists, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { uniqueEmail } from "./support/auth-requests";
import { onPostgres } from "./engine";

// A prepared read (app/platform/db.server.ts) is built once per database and run through drizzle's own
// execute (docs/decisions/069-public-apis-only.md). What a caller gets must match the rows drizzle's own
// query maps, the transaction's view inside one, the wait for one held by another request, and the
// errors drizzle throws.
const engine = onPostgres ? "PostgreSQL" : "SQLite";

// Dates, JSON, a join that finds nothing (null) and a placeholder: the mappings a page's reads rely on.
const accountRows = (database: Parameters<Parameters<typeof preparedRead>[0]>[0], id: string | ReturnType<typeof sql.placeholder>) =>
  database
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, fullName: profiles.fullName, items: shortlists.items })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(shortlists, eq(shortlists.clientUserId, users.id))
    .where(eq(users.id, id));
const readAccount = preparedRead((database) => accountRows(database, sql.placeholder("id")).prepare());

describe(`prepared reads on ${engine}`, () => {
  it("give the rows drizzle's own query gives, mapped the same way", async () => {
    const { userId } = await upsertAccount({ email: uniqueEmail("prepared"), password: "Passw0rdX", role: "client", name: "Prepared Reader" });
    await db().insert(shortlists).values({ clientUserId: userId, status: "proposed", items: [], note: "none" });
    const [prepared] = await readAccount({ id: userId });
    const [direct] = await accountRows(db(), userId);
    expect(prepared).toEqual(direct);
    expect(prepared?.createdAt).toBeInstanceOf(Date);
    expect(prepared?.items).toEqual([]);
    expect(prepared?.fullName).toBe("Prepared Reader");
    expect(await readAccount({ id: "nobody-by-that-id" })).toEqual([]);
  });

  it("see a transaction's own writes inside it", async () => {
    await transaction(async (tx) => {
      await tx.insert(users).values({ id: "prepared-inside", email: "prepared-inside@example.com", passwordHash: "x" });
      expect((await readAccount({ id: "prepared-inside" })).map((r) => r.email)).toEqual(["prepared-inside@example.com"]);
      tx.rollback();
    }).catch(() => undefined);
    expect(await readAccount({ id: "prepared-inside" })).toEqual([]);
  });

  it("wait for a transaction another request holds, and never read its writes before it ends", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const insideWrote = new Promise<void>((resolve) => (written = resolve));
    const other = transaction(async (tx) => {
      await tx.insert(users).values({ id: "prepared-held", email: "prepared-held@example.com", passwordHash: "x" });
      written();
      await held;
      throw new Error("rolled back");
    }).catch((error: unknown) => (error as Error).message);
    await insideWrote;
    let settled = false;
    const outside = readAccount({ id: "prepared-held" }).then((rows) => {
      settled = true;
      return rows;
    });
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    // On SQLite the read waits its turn on the one connection; PostgreSQL reads the last committed state at once.
    if (!onPostgres) expect(settled).toBe(false);
    release();
    expect(await other).toBe("rolled back");
    expect(await outside).toEqual([]);
  });

  it.skipIf(onPostgres)("fail as drizzle's queries fail: its error, with the driver's inside (SQLite: a table dropped under a prepared read)", async () => {
    sqliteClient()!.exec("CREATE TABLE prepared_probe (id INTEGER PRIMARY KEY)");
    const probe = preparedRead((database) =>
      database
        .select({ id: sql<number>`id` })
        .from(sql`prepared_probe`)
        .where(sql`id = ${sql.placeholder("id")}`)
        .prepare(),
    );
    expect(await probe({ id: 1 })).toEqual([]);
    sqliteClient()!.exec("DROP TABLE prepared_probe");
    const failure = await probe({ id: 1 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect(String(driverError(failure))).toMatch(/no such table: prepared_probe/);
  });
});
