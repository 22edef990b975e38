import { test } from "@playwright/test";

/**
 * Whether the running test's browser runs JavaScript: each spec runs in a project with it and one without
 * (playwright.config.ts), whatever the project is called.
 */
export const jsOn = (): boolean => test.info().project.use.javaScriptEnabled !== false;

/**
 * The tag of a test that changes the site-wide settings (the figures, the smallest live count) or reads the
 * figures they decide. Such tests run in projects of their own, one at a time (playwright.config.ts):
 * two of them at once would change or read each other's figures.
 */
export const SITE_SETTINGS = { tag: "@site-settings" };

/**
 * Skips the no-js copy of a test that only reads what the server answered (a page's HTML, a redirect, a
 * header): that answer is the same with or without JavaScript, so it is checked once, in the js project.
 * A test that submits a form or follows the site's own navigation keeps its no-js copy.
 */
export function checkedOnce(): void {
  test.skip(!jsOn(), "the server's answer is the same without JavaScript: checked once, in the js project");
}
