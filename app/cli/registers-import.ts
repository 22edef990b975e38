/**
 * Operator command: imports a regulator's public records and queues the re-check of every verified
 * professional against them (docs/decisions/053-regulator-records.md).
 *   npm run registers:import -- --source sec-individual FILE   (IA_INDVL_Feed_*.xml.zip, .xml.gz or .xml)
 *   npm run registers:import -- --source sec-firm FILE         (IA_FIRM_SEC_Feed_*.xml.gz)
 *   npm run registers:import -- --source fca                   (the FCA register's API; FCA_API_EMAIL, FCA_API_KEY)
 */
import { parseArgs } from "node:util";
import { openAppDatabase, setDatabaseForTests, withStartupPatience } from "~/platform/db.server";
import { ImportError, importFca, importFeedFile, type Progress } from "~/features/registers/run-import.server";
import type { ImportSummary } from "~/features/registers/import.server";

const USAGE = `Usage: npm run registers:import -- --source sec-individual|sec-firm FILE [--feed-date YYYY-MM-DD]
       npm run registers:import -- --source fca

FILE is the SEC's compilation feed as downloaded (zip, gzip or plain XML). The file is read as a
stream and applied whole: a truncated or damaged file changes nothing. Importing the same file again
changes nothing. --feed-date is needed only when the feed's root element has no GenOn date.`;

function fail(message: string): never {
  console.error(`Error: ${message}\n\n${USAGE}`);
  process.exit(1);
}

const n = (value: number) => value.toLocaleString("en-US");

function progress(): (p: Progress) => void {
  const started = Date.now();
  let last = 0;
  return ({ records, bytes }) => {
    const now = Date.now();
    if (now - last < 1_000) return;
    last = now;
    const seconds = (now - started) / 1000;
    const size = bytes ? `, ${n(Math.round(bytes / 1e6))} MB of text` : "";
    console.error(`  read ${n(records)} records${size} in ${seconds.toFixed(0)} s (${n(Math.round(records / Math.max(seconds, 0.001)))} a second)`);
  };
}

function report(summary: ImportSummary, seconds: number) {
  const { source, feedDate, records, skipped, added, changed, removed, applied } = summary;
  console.log(
    `${source}: feed of ${feedDate}, ${n(records)} records read in ${seconds.toFixed(1)} s` +
      (skipped ? ` (${n(skipped)} left out: no number or name)` : "") +
      (applied ? `; ${n(added)} added, ${n(changed)} changed, ${n(removed)} removed; verified professionals are re-checked by the app's job loop.` : "; nothing changed since the last import of this feed."),
  );
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: { source: { type: "string" }, "feed-date": { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return console.log(USAGE);
  const source = values.source;
  const feedDate = values["feed-date"];
  if (feedDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(feedDate)) fail("--feed-date must be YYYY-MM-DD");
  const started = Date.now();
  try {
    if (source === "fca") {
      if (positionals.length) fail("--source fca reads the FCA register's API: give no file");
      for (const summary of await importFca({ onProgress: progress() })) report(summary, (Date.now() - started) / 1000);
      return;
    }
    if (source !== "sec-individual" && source !== "sec-firm") fail("--source must be sec-individual, sec-firm or fca");
    if (positionals.length !== 1) fail("give exactly one FILE");
    const summary = await importFeedFile(source, positionals[0]!, { feedDate, onProgress: progress() });
    report(summary, (Date.now() - started) / 1000);
  } catch (error) {
    if (error instanceof ImportError) fail(error.message);
    throw error;
  }
}

await openAppDatabase();
await withStartupPatience(main);
await setDatabaseForTests(undefined);
