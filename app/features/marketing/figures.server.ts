import { and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { transaction } from "~/platform/db.server";
import { contentVersion } from "~/platform/content-version.server";
import { introductions, professionals, shortlists } from "~/platform/schema";
import { getSettings } from "~/platform/settings.server";
import type { PageSettings, SiteSettings } from "~/platform/settings";
import { figuresToShow, figureWarnings, STAT_KEYS, type FigureWarning, type LiveCounts } from "~/domain/marketing-figures";
import { logFor } from "~/platform/log.server";

const log = logFor("figures");


/**
 * The database's live counts, read now in one transaction (so they describe one moment). Each is an
 * indexed count or a count over the professionals directory, which is small:
 * - verified professionals not deleted,
 * - introductions a professional accepted at some point (a withdrawn or ended one was accepted first),
 * - clients whose shortlist an admin released (shortlists_status_created).
 */
export async function countLive(): Promise<LiveCounts> {
  return transaction(async (tx) => {
    const [pros] = await tx
      .select({ n: count() })
      .from(professionals)
      .where(and(eq(professionals.verified, true), isNull(professionals.deletedAt)));
    const [intros] = await tx
      .select({ n: count() })
      .from(introductions)
      .where(and(inArray(introductions.status, ["accepted", "withdrawn", "ended"]), isNotNull(introductions.answeredAt)));
    const [clients] = await tx.select({ n: count() }).from(shortlists).where(eq(shortlists.status, "released"));
    return {
      verifiedProfessionals: pros?.n ?? 0,
      acceptedIntroductions: intros?.n ?? 0,
      matchedClients: clients?.n ?? 0,
    };
  });
}

/**
 * How long the public pages may show a live count after it changed: a professional's verification
 * moves the content version (and with it every cached page) at once; introductions and shortlists do not,
 * and are read again at most this often.
 */
export const LIVE_COUNTS_TTL_MS = 60_000;

let cached: { version: number; at: number; counts: LiveCounts } | undefined;
let reading: Promise<LiveCounts> | undefined;

/**
 * The live counts for the public pages, cached in memory per content version for at most a minute: the
 * root loader of every page asks, and must not count on each request. Parallel askers share one read.
 */
export async function liveCounts(now = Date.now()): Promise<LiveCounts> {
  const version = contentVersion();
  if (cached && cached.version === version && version >= 0 && now - cached.at < LIVE_COUNTS_TTL_MS) return cached.counts;
  reading ??= countLive()
    .then((counts) => {
      cached = { version, at: now, counts };
      return counts;
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/** Forgets the cached counts (tests, and an admin who just changed a figure's source). */
export function forgetLiveCounts(): void {
  cached = undefined;
}

let lastShown: { settings: SiteSettings; counts: LiveCounts | null; shown: PageSettings } | undefined;

/**
 * The settings as the public pages get them: in place of the stored figures, the ones a page may quote
 * (figuresToShow): live counts that reach the minimum, and set values with their date and source. With
 * no figure live, no count is read. When the counts cannot be read, the live figures are left out.
 */
export async function settingsForPages(): Promise<PageSettings> {
  const settings = await getSettings();
  const anyLive = STAT_KEYS.some((key) => settings.marketingStats[key].source === "live");
  let counts: LiveCounts | null = null;
  if (anyLive) {
    try {
      counts = await liveCounts();
    } catch (error) {
      // A page is never lost for a figure: it leaves the live ones out until the counts can be read.
      log.error({ err: error }, "could not count");
    }
  }
  if (lastShown?.settings === settings && lastShown.counts === counts) return lastShown.shown;
  const { marketingStats, figures, ...rest } = settings;
  const shown: PageSettings = { ...rest, figures: figuresToShow(marketingStats, counts, figures.minimumLiveCount) };
  lastShown = { settings, counts, shown };
  return shown;
}

/**
 * What the admin dashboard warns about in the figures (figureWarnings), against the counts read now;
 * none when the counts cannot be read, which the dashboard's own figures show anyway.
 */
export async function figureWarningsNow(): Promise<FigureWarning[]> {
  const [settings, live] = await Promise.all([getSettings(), countLive()]);
  return figureWarnings(settings.marketingStats, live, settings.figures.minimumLiveCount);
}
