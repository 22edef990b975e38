import fs from "node:fs";
import path from "node:path";
import { test, type Locator, type Page } from "@playwright/test";

type ScreenshotOptions = {
  /** Widths to take it at, one file each, the viewport restored after; the page's current width if none. */
  widths?: readonly number[];
  /** The whole page rather than the viewport (ignored with `locator`). */
  fullPage?: boolean;
  /** Only this element. */
  locator?: Locator;
};

/**
 * A screenshot for a person to look at, written only when E2E_SCREENSHOTS names a folder (outside the
 * repository): a full-page PNG costs the browser more than the checks around it, and no test reads it.
 * Files are named `<name>-<width>-<project>.png`, so a spec's js and no-js pages sit side by side.
 */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const before = page.viewportSize();
  const widths = options.widths ?? [before?.width ?? 1280];
  for (const width of widths) {
    if (options.widths) await page.setViewportSize({ width, height: 900 });
    const file = path.join(dir, `${name}-${width}-${test.info().project.name}.png`);
    if (options.locator) await options.locator.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  }
  if (options.widths && before) await page.setViewportSize(before);
}
