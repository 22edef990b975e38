/**
 * An import of one source's records, applied whole or not at all: records are written to
 * `register_staging` in batches as they are read (so memory stays flat for a file of any size), then, once
 * the whole file was read, one transaction upserts them into `register_records`, removes the numbers the
 * source no longer lists, records the import and queues the re-check of verified professionals. A file
 * that fails half-way (truncated, damaged) leaves `register_records` as it was.
 */
import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { db, preparedRead, transaction } from "~/platform/db.server";
import { enqueueJob } from "~/platform/jobs.server";
import { registerImports, registerRecords, registerStaging } from "~/platform/schema";
import type { RecordContent, RecordSource, RegisterRecord } from "~/domain/register-records";

/** Rows per INSERT: 12 columns each stays well under SQLite's bound-parameter limit. */
const STAGE_ROWS = 500;

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
export function digestOf(r: RecordContent): string {
  const content = [r.name, r.otherNames, r.current, r.status, r.since, r.firms.map((f) => [f.name, f.number]), r.disclosures];
  return crypto.createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 32);
}

export type Stager = {
  readonly batch: string;
  add(records: RegisterRecord[], feedDate: string): Promise<void>;
  staged(): number;
  discard(): Promise<void>;
};

const STAGED_COLUMNS = ["batch", "source", "number", "record", "feedDate", "digest", "importedAt"] as const;
/** The placeholders' names of a full chunk, row by row: named once, not for every chunk. */
const PLACEHOLDERS = Array.from({ length: STAGE_ROWS }, (_, k) => STAGED_COLUMNS.map((c) => `${c}${k}`));
type StagedRow = typeof registerStaging.$inferInsert;

// A number twice in one file: the later entry wins.
const stagedConflict = {
  target: [registerStaging.batch, registerStaging.number],
  set: { record: sql`excluded.record`, digest: sql`excluded.digest` },
};

/**
 * The INSERT of a full chunk of STAGE_ROWS rows, built once and run with its values: for a feed of
 * hundreds of thousands of records, building the SQL of each chunk anew cost more than writing it.
 */
const insertFullChunk = preparedRead((database) =>
  database
    .insert(registerStaging)
    .values(PLACEHOLDERS.map((names) => Object.fromEntries(STAGED_COLUMNS.map((c, i) => [c, sql.placeholder(names[i]!)])) as unknown as StagedRow))
    .onConflictDoUpdate(stagedConflict)
    .prepare(),
);

/** A new staging batch for `source`. */
export function stager(source: RecordSource, startedAt = new Date()): Stager {
  const batch = `${source}:${crypto.randomUUID()}`;
  let staged = 0;
  return {
    batch,
    async add(records, feedDate) {
      for (let i = 0; i < records.length; i += STAGE_ROWS) {
        // PostgreSQL refuses one statement that updates a row twice: a number twice in a chunk is written once.
        const chunk = new Map(records.slice(i, i + STAGE_ROWS).map((r) => [r.number, r]));
        const rows: StagedRow[] = [...chunk.values()].map(({ source: _source, number, ...record }) => ({ batch, source, number, record, feedDate, digest: digestOf(record), importedAt: startedAt }));
        if (rows.length === STAGE_ROWS) {
          const values: Record<string, unknown> = {};
          rows.forEach((row, k) => {
            const names = PLACEHOLDERS[k]!;
            STAGED_COLUMNS.forEach((c, i) => (values[names[i]!] = row[c]));
          });
          await insertFullChunk(values);
        } else {
          await db().insert(registerStaging).values(rows).onConflictDoUpdate(stagedConflict);
        }
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
    // One pass over the batch: how many records, how many new, how many changed.
    const [read] = await tx
      .select({
        records: count(),
        added: count(sql`case when ${registerRecords.number} is null then 1 end`),
        changed: count(sql`case when ${registerRecords.digest} <> ${registerStaging.digest} then 1 end`),
      })
      .from(registerStaging)
      .leftJoin(registerRecords, and(eq(registerRecords.source, source), eq(registerRecords.number, registerStaging.number)))
      .where(inBatch);
    const [removed] = await tx
      .select({ n: count() })
      .from(registerRecords)
      .where(and(eq(registerRecords.source, source), sql`not exists (select 1 from ${registerStaging} s where s.batch = ${batch} and s.number = ${registerRecords.number})`));
    const [newest] = await tx.select({ feedDate: registerImports.feedDate }).from(registerImports).where(eq(registerImports.source, source)).orderBy(desc(registerImports.id)).limit(1);
    const counts = { records: read?.records ?? 0, added: read?.added ?? 0, changed: read?.changed ?? 0, removed: removed?.n ?? 0 };
    const base = { source, feedDate, skipped, ...counts };
    if (counts.added + counts.changed + counts.removed === 0 && newest?.feedDate === feedDate) return { ...base, applied: false, importId: null };

    // Copied in the database, in one statement: nothing of the feed passes through this process again.
    await tx
      .insert(registerRecords)
      .select(
        tx
          .select({
            source: registerStaging.source,
            number: registerStaging.number,
            record: registerStaging.record,
            feedDate: registerStaging.feedDate,
            digest: registerStaging.digest,
            importedAt: registerStaging.importedAt,
          })
          .from(registerStaging)
          .where(inBatch),
      )
      .onConflictDoUpdate({
        target: [registerRecords.source, registerRecords.number],
        set: { record: sql`excluded.record`, feedDate: sql`excluded.feed_date`, digest: sql`excluded.digest`, importedAt: sql`excluded.imported_at` },
        setWhere: sql`${registerRecords.digest} <> excluded.digest or ${registerRecords.feedDate} <> excluded.feed_date`,
      });
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
