/**
 * `npm run registers:import` in functions the command, the tests and the bench call: a feed file read
 * as a stream (the SEC's sources) or the FCA's API asked for each number professionals recorded. Either
 * way the records are staged as they come and applied whole at the end (import.server.ts).
 */
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionalRegistrations } from "~/platform/schema";
import { SOURCE_OF, type RecordSource, type RegisterRecord } from "~/domain/register-records";
import type { Register } from "~/domain/registrations";
import { applyStaged, dropAbandonedStaging, stager, type ImportSummary } from "./import.server";
import { FeedFileError, feedText } from "./feed-file.server";
import { FeedError, secFeedReader } from "./sec-feed.server";
import { fcaFirm, fcaIndividual, fcaSettings, FcaError } from "./fca.server";

export class ImportError extends Error {}

export type Progress = { records: number; bytes?: number };

/** Streams the feed into a staging batch and applies it; a file that is not whole changes nothing. */
export async function importFeedFile(
  source: "sec-individual" | "sec-firm",
  file: string,
  options: { feedDate?: string; onProgress?: (p: Progress) => void; now?: Date } = {},
): Promise<ImportSummary> {
  await dropAbandonedStaging(source);
  const reader = secFeedReader(source);
  const staging = stager(source, options.now);
  let pending: RegisterRecord[] = [];
  let chars = 0;
  const feedDate = () => {
    const day = reader.feedDate() ?? options.feedDate;
    if (!day) throw new ImportError("The feed names no date (no GenOn on its root element): give it with --feed-date YYYY-MM-DD.");
    return day;
  };
  const flush = async (all: boolean) => {
    if (pending.length && (all || pending.length >= 2_000)) {
      await staging.add(pending, feedDate());
      pending = [];
      options.onProgress?.({ records: staging.staged(), bytes: chars });
    }
  };
  try {
    for await (const text of feedText(file)) {
      chars += text.length;
      pending.push(...reader.write(text));
      await flush(false);
    }
    pending.push(...reader.close());
    await flush(true);
    if (staging.staged() === 0) throw new ImportError("The file holds no records: nothing was imported.");
    return await applyStaged(source, staging.batch, feedDate(), file, reader.skipped(), options.now);
  } catch (error) {
    await staging.discard();
    if (error instanceof FeedError) throw new ImportError(`The file is not a whole feed (${error.message}): nothing was imported.`);
    if (error instanceof ImportError) throw error;
    if (error instanceof FeedFileError) throw new ImportError(`${error.message} Nothing was imported.`);
    throw error;
  }
}

/** The numbers professionals recorded for a register: the FCA's API is asked for these, one by one. */
async function recordedNumbers(register: Register): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ number: professionalRegistrations.number })
    .from(professionalRegistrations)
    .where(eq(professionalRegistrations.register, register));
  return rows.map((r) => r.number).sort();
}

/** Asks the FCA's register for every FRN and IRN professionals recorded; each source is applied whole. */
export async function importFca(options: { onProgress?: (p: Progress) => void; now?: Date } = {}): Promise<ImportSummary[]> {
  const settings = fcaSettings();
  if (!settings) throw new ImportError("Set FCA_API_EMAIL and FCA_API_KEY (the FCA register's API account) to check FCA registrations.");
  const now = options.now ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const summaries: ImportSummary[] = [];
  for (const register of ["uk-fca-frn", "uk-fca-irn"] as const) {
    const source = SOURCE_OF[register] as RecordSource;
    await dropAbandonedStaging(source);
    const staging = stager(source, now);
    try {
      let asked = 0;
      for (const number of await recordedNumbers(register)) {
        const record = register === "uk-fca-frn" ? await fcaFirm(settings, number) : await fcaIndividual(settings, number);
        if (record) await staging.add([record], today);
        options.onProgress?.({ records: ++asked });
      }
      summaries.push(await applyStaged(source, staging.batch, today, `FCA register API ${settings.base}`, 0, now));
    } catch (error) {
      await staging.discard();
      if (error instanceof FcaError) throw new ImportError(`${error.message} Nothing was imported for ${source}.`);
      throw error;
    }
  }
  return summaries;
}
