import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/features/site/public-pages";
import { PAGE_FIGURES, type FigurePage } from "../../app/features/marketing/page-figures";
import {
  figuresToShow,
  pickFigures,
  STAT_KEYS,
  type Figure,
  type LiveCounts,
  type ShownFigure,
  type StatKey,
} from "../../app/domain/marketing-figures";
import { getSetting, setSettingAt, signInAsNew, testDb, jsOn, SITE_SETTINGS } from "./support";
import { screenshot } from "./support/screenshots";

// Every public page read against the database: a figure on a page is a live count the database holds
// (and that reaches the minimum) or a value an admin set, printed with its date and source. Nothing else.


// Two people and every public page in a test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The counts the app shows when live (features/marketing/figures.server.ts countLive), read the same way. */
function countLive(): LiveCounts {
  const n = (sql: string) => (testDb().prepare(sql).get() as { n: number }).n;
  return {
    verifiedProfessionals: n("SELECT count(*) AS n FROM professionals WHERE verified = 1 AND deleted_at IS NULL"),
    acceptedIntroductions: n(
      "SELECT count(*) AS n FROM introductions WHERE status IN ('accepted', 'withdrawn', 'ended') AND answered_at IS NOT NULL",
    ),
    matchedClients: n("SELECT count(*) AS n FROM shortlists WHERE status = 'released'"),
  };
}

/** The stored figures as the app reads them: fields an earlier version did not write take their defaults. */
function storedFigures(): { figures: Record<StatKey, Figure>; minimum: number } {
  const raw = (getSetting("marketingStats") ?? {}) as Record<string, Partial<Figure>>;
  const figures = Object.fromEntries(
    STAT_KEYS.map((key) => {
      const f = raw[key] ?? {};
      return [key, { value: f.value ?? "", label: f.label ?? "", source: f.source ?? "set", asOf: f.asOf ?? null, citation: f.citation ?? "" }];
    }),
  ) as Record<StatKey, Figure>;
  const minimum = (getSetting("figures") as { minimumLiveCount?: number } | undefined)?.minimumLiveCount ?? 10;
  return { figures, minimum };
}

/** What the database says `pagePath` may show now. */
function expectedNow(pagePath: string): ShownFigure[] {
  const { figures, minimum } = storedFigures();
  const keys = (PAGE_FIGURES as Record<string, { keys: readonly StatKey[] }>)[pagePath]?.keys ?? [];
  return pickFigures(figuresToShow(figures, countLive(), minimum), keys);
}

/** Every figure rendered on the page: its key, whether live, its value and the note printed beside it. */
async function figuresOn(page: Page) {
  return page.locator("[data-figure]").evaluateAll((cells) =>
    cells.map((cell) => ({
      key: cell.getAttribute("data-figure"),
      live: cell.getAttribute("data-figure-kind") === "live",
      value: cell.querySelector("[data-figure-value]")?.textContent ?? "",
      label: cell.querySelector("dt")?.textContent ?? "",
      note: cell.querySelector("[data-figure-note]")?.textContent ?? "",
    })),
  );
}

/**
 * Text in the page that reads like a claimed figure ("500+", "$2B", "98%"), outside the figure cells
 * (checked above) and outside a blog post's article body (an author's writing about finance, not a
 * claim about WealthMatch) and the plan prices (read from the plans an admin keeps).
 */
async function loneFigures(page: Page): Promise<string[]> {
  const text = await page.locator("body").evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("[data-figure], script, style, [data-post-body], [data-plan-price]").forEach((el) => el.remove());
    return copy.textContent ?? "";
  });
  return [...text.matchAll(/\d[\d,.]*\s?\+(?![\d\s]*\d)|[$€£]\s?\d[\d,.]*\s?[kmbt]?\b|\d[\d,.]*\s?%/gi)].map((m) => m[0]);
}

/**
 * Bumps the content version (a setting written as it is), so the page is rendered now from the database as
 * it is now: not from the page cache, and not from counts read up to a minute ago.
 */
function drawFresh() {
  const { minimum } = storedFigures();
  setSettingAt("figures", "$.minimumLiveCount", minimum);
}

function publishedPostPath(): string {
  const row = testDb().prepare("SELECT slug FROM blog_posts WHERE published = 1 ORDER BY id LIMIT 1").get() as { slug: string } | undefined;
  if (!row) throw new Error("no published post: the e2e server seeds the demo posts");
  return `/blog/${row.slug}`;
}

/**
 * Opens `address` freshly rendered and checks that its figures are exactly the ones the database backs at
 * that moment (before or after the page was rendered, if something changed meanwhile), each with its note,
 * that no strip is rendered empty, and that no other figure is on the page. Returns what it showed.
 */
async function expectOnlyBackedFigures(page: Page, address: string) {
  drawFresh();
  const before = expectedNow(address);
  await page.goto(address);
  const shown = await figuresOn(page);
  const after = expectedNow(address);
  const expected = (list: ShownFigure[]) => list.map(({ key, live, value, label, note }) => ({ key, live, value, label, note }));
  expect([expected(before), expected(after)], `${address} shows ${JSON.stringify(shown)}`).toContainEqual(shown);
  for (const figure of shown) {
    expect(figure.note, `${address}: ${figure.label}`).toMatch(figure.live ? /^Live count of / : /^As of [A-Z][a-z]+ \d{1,2}, \d{4} · Source: \S/);
  }
  // No strip without figures (the home page's is a section of its own).
  if (!shown.length) {
    await expect(page.locator('dl[aria-label^="WealthMatch"]'), address).toHaveCount(0);
    await expect(page.getByRole("region", { name: "WealthMatch in figures" }), address).toHaveCount(0);
  }
  expect(await loneFigures(page), `${address}: a figure outside the figures`).toEqual([]);
  return shown;
}

test("every public page shows exactly the figures the database backs, each with what backs it, and no other figure", SITE_SETTINGS, async ({ page, request }) => {
  const walked: string[] = [];
  for (const publicPage of PUBLIC_PAGES) {
    const address = publicPage.path === "/blog/:slug" ? publishedPostPath() : publicPage.path;
    if (/\.(xml|txt)$/.test(address)) {
      // Feeds and robots: no figures at all.
      const body = await (await request.get(address)).text();
      expect(body, address).not.toMatch(/\b\d[\d,]*\+|\$\d+(\.\d+)?[MB]\b|\b\d+%/);
      walked.push(address);
      continue;
    }
    await expectOnlyBackedFigures(page, address);
    walked.push(address);
  }
  expect(walked).toHaveLength(PUBLIC_PAGES.length);
});

test("a fresh install's launch figures are gone: no 500+, $2B+, 98% or 2,000+ on any page that once quoted them", SITE_SETTINGS, async ({ page }) => {
  for (const address of Object.keys(PAGE_FIGURES) as FigurePage[]) {
    await page.goto(address);
    for (const launch of ["500+", "1000+", "$2B+", "98%", "85%", "95%", "2,000+", "$2.5M", "$50B+", "99%"]) {
      await expect(page.getByText(launch, { exact: true }), `${address}: ${launch}`).toHaveCount(0);
    }
  }
});

// Each project sets its own figure and puts it back.
test("an admin sets a figure: refused without its date and source, then shown on every page that quotes it with both beside it", SITE_SETTINGS, async ({ page, browser }) => {
  const js = jsOn();
  const key: StatKey = js ? "satisfaction" : "assets";
  const name = js ? "Client satisfaction" : "Assets";
  const value = js ? `9${Date.now() % 10}%` : `$${(Date.now() % 90) + 10}M`;
  const citation = `Client survey, ${(Date.now() % 300) + 100} replies (${js ? "js" : "no-js"})`;
  const before = (getSetting("marketingStats") as Record<string, unknown>)[key];

  await signInAsNew(page, "admin", { tag: "figures-data", name: "Grace Hopper" });
  await expect(page).toHaveURL(/\/admin$/);
  try {
    await page.goto("/admin/settings");
    const group = page.getByRole("group", { name, exact: true });
    await expect(group.getByTestId(`figure-state-${key}`)).toHaveText("Now not shown: no figure.");
    await group.getByRole("textbox", { name: "Figure" }).fill(value);
    await group.getByLabel("As of").fill("");
    await group.getByRole("textbox", { name: "Source" }).fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(group.getByText("Add the date this figure was true, or clear the figure")).toBeVisible();
    await expect(group.getByText("Add the source of this figure, or clear the figure")).toBeVisible();
    expect((getSetting("marketingStats") as Record<string, unknown>)[key]).toEqual(before);

    await page.getByRole("group", { name, exact: true }).getByLabel("As of").fill("2026-11-02");
    await page.getByRole("group", { name, exact: true }).getByRole("textbox", { name: "Source" }).fill(citation);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully", { exact: true })).toBeVisible();
    const note = `As of November 2, 2026 · Source: ${citation}`;
    await expect(page.getByRole("group", { name, exact: true }).getByTestId(`figure-state-${key}`)).toHaveText(`Now shown: ${value} (${note}).`);
    if (js) await screenshot(page, "settings-figure", { widths: [375, 1280], locator: page.locator(`#figure-${key}`) });

    // An anonymous visitor (the page cache's public) sees it at once on every page that quotes it, with its date and source.
    const visitor = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    const quoting = (Object.keys(PAGE_FIGURES) as FigurePage[]).filter((p) => (PAGE_FIGURES[p].keys as readonly StatKey[]).includes(key));
    expect(quoting.length).toBeGreaterThan(1);
    for (const address of quoting) {
      await visitor.goto(address);
      const cell = visitor.locator(`[data-figure="${key}"]`);
      await expect(cell.locator("[data-figure-value]"), address).toHaveText(value);
      await expect(cell.locator("[data-figure-note]"), address).toHaveText(note);
      await expect(cell).toHaveAttribute("data-figure-kind", "set");
    }
    await visitor.context().close();
  } finally {
    setSettingAt("marketingStats", `$.${key}`, before);
  }
});

// The form's no-JavaScript path is the one the test above takes in its no-js run.
test("the admin lowers the smallest live count shown: the home page shows the live counts, each saying what it counts", SITE_SETTINGS, async ({ page, browser }) => {
  test.skip(!jsOn(), "the same form without JavaScript is the test above's no-js run");
  const before = storedFigures().minimum;
  await signInAsNew(page, "admin", { tag: "figures-minimum" });
  await expect(page).toHaveURL(/\/admin$/);
  try {
    await page.goto("/admin/settings");
    const minimum = page.getByRole("spinbutton", { name: "Smallest live count shown" });
    await minimum.fill("0");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Minimum must be at least 1")).toBeVisible();
    expect(storedFigures().minimum).toBe(before);

    await minimum.fill("1");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully", { exact: true })).toBeVisible();
    await expect(page.getByTestId("figure-state-vettedProfessionals")).toHaveText(/^Now shown: \d[\d,]* \(Live count of verified professionals in the directory\)\.$/);
    await screenshot(page, "settings-figures", { widths: [375, 1280], locator: page.locator("#figures-heading >> xpath=..") });

    // Every page that quotes figures now shows the live counts that reach 1, and each is the database's.
    const visitor = await (await browser.newContext()).newPage();
    let liveShown = 0;
    for (const address of Object.keys(PAGE_FIGURES)) {
      liveShown += (await expectOnlyBackedFigures(visitor, address)).filter((f) => f.live).length;
    }
    // The demo's verified professionals alone are quoted on four pages.
    expect(liveShown).toBeGreaterThanOrEqual(4);
    await visitor.goto("/");
    await screenshot(visitor, "home-figures", { widths: [375, 1280], fullPage: true });
    await visitor.context().close();
  } finally {
    setSettingAt("figures", "$.minimumLiveCount", before);
  }
});
