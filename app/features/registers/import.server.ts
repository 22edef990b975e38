/**
 * An import of one source's records, applied whole or not at all: records are written to
 * `register_staging` in batches as they are read (so memory stays flat for a file of any size), then, once
 * the whole file was read, one transaction upserts them into `register_records`, removes the numbers the
 * source no longer lists, records the import and queues the re-check of verified professionals. A file
 * that fails half-way (truncated, damaged) leaves `register_records` as it was.
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { enqueueJob } from "~/platform/jobs.server";
import { registerImports, registerRecords, registerStaging } from "~/platform/schema";
import type { RecordSource, RegisterRecord } from "~/domain/register-records";

/** Rows per INSERT: 12 columns each stays well under SQLite's bound-parameter limit. */
const STAGE_ROWS = 500;
const APPLY_ROWS = 500;

export const RECHECK_JOB = "register-recheck";

export type ImportSummary = {
  source: RecordSource;
  feedDate: string;
  records: number;
  skipped: number;
  added: number;
  changed: number;
  removed: number;
  /** False when the data was the same as the newest import's: nothing was written. */
  applied: boolean;
  importId: number | null;
};

/** What a record is, apart from when it was read: the same record in two feeds has the same digest. */
export function digestOf(r: RegisterRecord): string {
  const content = [r.name, r.otherNames, r.current, r.status, r.since, r.firms.map((f) => [f.name, f.number]), r.disclosures];
  return crypto.createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 32);
}

export type Stager = {
  readonly batch: string;
  add(records: RegisterRecord[], feedDate: string): Promise<void>;
  staged(): number;
  discard(): Promise<void>;
};

/** A new staging batch for `source`. */
export function stager(source: RecordSource): Stager {
  const batch = `${source}:${crypto.randomUUID()}`;
  let staged = 0;
  return {
    batch,
    async add(records, feedDate) {
      for (let i = 0; i < records.length; i += STAGE_ROWS) {
        const rows = records.slice(i, i + STAGE_ROWS).map((r) => ({ ...r, batch, source, feedDate, digest: digestOf(r) }));
        // A number twice in one file: the later entry wins.
        await db()
          .insert(registerStaging)
          .values(rows)
          .onConflictDoUpdate({
            target: [registerStaging.batch, registerStaging.number],
            set: {
              name: sql`excluded.name`,
              otherNames: sql`excluded.other_names`,
              current: sql`excluded.current`,
              status: sql`excluded.status`,
              since: sql`excluded.since`,
              firms: sql`excluded.firms`,
              disclosures: sql`excluded.disclosures`,
              digest: sql`excluded.digest`,
            },
          });
        staged += rows.length;
      }
    },
    staged: () => staged,
    async discard() {
      await db().delete(registerStaging).where(eq(registerStaging.batch, batch));
    },
  };
}

/** Batches an aborted import of this source left behind (a killed process): never applied, so dropped. */
export async function dropAbandonedStaging(source: RecordSource): Promise<void> {
  await db().delete(registerStaging).where(eq(registerStaging.source, source));
}

/**
 * Applies a staged batch in one transaction and queues the re-check. Nothing is written when the data
 * and the feed's date are those of the newest import (a second import of the same file).
 */
export async function applyStaged(source: RecordSource, batch: string, feedDate: string, origin: string, skipped: number, now = new Date()): Promise<ImportSummary> {
  const summary = await transaction(async (tx) => {
    const inBatch = eq(registerStaging.batch, batch);
    const [records] = await tx.select({ n: count() }).from(registerStaging).where(inBatch);
    const [added] = await tx
      .select({ n: count() })
      .from(registerStaging)
      .where(and(inBatch, sql`not exists (select 1 from ${registerRecords} r where r.source = ${source} and r.number = ${registerStaging.number})`));
    const [changed] = await tx
      .select({ n: count() })
      .from(registerStaging)
      .where(and(inBatch, sql`exists (select 1 from ${registerRecords} r where r.source = ${source} and r.number = ${registerStaging.number} and r.digest <> ${registerStaging.digest})`));
    const [removed] = await tx
      .select({ n: count() })
      .from(registerRecords)
      .where(and(eq(registerRecords.source, source), sql`not exists (select 1 from ${registerStaging} s where s.batch = ${batch} and s.number = ${registerRecords.number})`));
    const [newest] = await tx.select({ feedDate: registerImports.feedDate }).from(registerImports).where(eq(registerImports.source, source)).orderBy(desc(registerImports.id)).limit(1);
    const counts = { records: records?.n ?? 0, added: added?.n ?? 0, changed: changed?.n ?? 0, removed: removed?.n ?? 0 };
    const base = { source, feedDate, skipped, ...counts };
    if (counts.added + counts.changed + counts.removed === 0 && newest?.feedDate === feedDate) return { ...base, applied: false, importId: null };

    // Copied page by page in the number's order (the staging key), so memory stays flat however large the feed.
    let after = "";
    for (;;) {
      const page = await tx
        .select()
        .from(registerStaging)
        .where(and(inBatch, gt(registerStaging.number, after)))
        .orderBy(asc(registerStaging.number))
        .limit(APPLY_ROWS);
      if (!page.length) break;
      after = page[page.length - 1]!.number;
      await tx
        .insert(registerRecords)
        .values(page.map(({ batch: _batch, ...r }) => ({ ...r, importedAt: now })))
        .onConflictDoUpdate({
          target: [registerRecords.source, registerRecords.number],
          set: {
            name: sql`excluded.name`,
            otherNames: sql`excluded.other_names`,
            current: sql`excluded.current`,
            status: sql`excluded.status`,
            since: sql`excluded.since`,
            firms: sql`excluded.firms`,
            disclosures: sql`excluded.disclosures`,
            feedDate: sql`excluded.feed_date`,
            digest: sql`excluded.digest`,
            importedAt: sql`excluded.imported_at`,
          },
          setWhere: sql`${registerRecords.digest} <> excluded.digest or ${registerRecords.feedDate} <> excluded.feed_date`,
        });
    }
    if (counts.removed) {
      await tx
        .delete(registerRecords)
        .where(and(eq(registerRecords.source, source), sql`not exists (select 1 from ${registerStaging} s where s.batch = ${batch} and s.number = ${registerRecords.number})`));
    }
    const [row] = await tx.insert(registerImports).values({ source, feedDate, origin: origin.slice(0, 300), ...counts }).returning({ id: registerImports.id });
    const importId = row?.id ?? null;
    if (importId !== null) await enqueueJob(RECHECK_JOB, `${RECHECK_JOB}:${importId}`, now, { source, importId, feedDate });
    return { ...base, applied: true, importId };
  });
  await db().delete(registerStaging).where(eq(registerStaging.batch, batch));
  return summary;
}
