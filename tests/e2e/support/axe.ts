import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The serious and critical axe violations on `page` as it is now, one line each (rule, impact, help, the
 * first five elements). Only violations come back (axe skips the details of passes), and axe runs in the
 * page's own frame ("legacy mode"): the default opens a blank page per run to merge the results of
 * cross-origin frames, which no page here has, and that page cost more than half of each run.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(" | ")}`);
}
