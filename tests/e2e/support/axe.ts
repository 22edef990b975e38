import axe from "axe-core";
import type { BrowserContext, Page } from "@playwright/test";

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Loads axe-core into every document `context` opens from now on, before the page's own scripts. Sending
 * its 570 kB source into a page costs more than an audit (measured: about 0.4 s of CPU of the 0.8 s an
 * audit of /about took), so a spec that audits most pages it opens has it loaded once per document.
 */
export async function loadAxeIn(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axe.source });
}

/**
 * The serious and critical axe violations on `page` as it is now, one line each (rule, impact, help, the
 * first five elements). axe-core's own `axe.run` in the page's frame (no page here has frames), loaded
 * first when the document does not have it yet (loadAxeIn); only violations come back.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof window.axe?.run === "function"))) await page.evaluate(axe.source);
  // The page at rest: axe judges colours as drawn now, and a button still fading back from its pending
  // colour (transition-colors) fails contrast for those 150 ms. Endless animations (a skeleton's pulse) excepted.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await page.evaluate(() => {
    if (!window.axe) throw new Error("axe-core did not load");
    return window.axe.run(document, { resultTypes: ["violations"] });
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(" | ")}`);
}
