import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type LaunchOptions } from "@playwright/test";

// Started by tests/e2e/run.mjs, which builds the app, starts it on a temp data folder and sets these.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
const SITE_SETTINGS = /@site-settings/;
const here = path.dirname(fileURLToPath(import.meta.url));

// One renderer process for every page of a browser: a context's first page otherwise starts a process of its
// own, and each test has a new context (measured: a context and its first page 20 to 30% less browser CPU;
// a subset of four specs 185 → 170 s). Pages still run side by side within it.
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--renderer-process-limit=1"],
};

export default defineConfig({
  testDir: here,
  testMatch: "*.spec.ts",
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(here, "../../test-results"),
  fullyParallel: false,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Two cores run two browsers, two app workers and production-cost password hashing at once: flows with
  // several sign-ins took 25 to 30 s here, so the budget is twice that. No retries: a race still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One line per test, then a summary ending in the passed/failed/flaky counts and the time.
  reporter: [["list", { printSteps: false }]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions,
    trace: "off",
    screenshot: "only-on-failure",
  },
  // Every spec runs with JavaScript and without. Tests tagged @site-settings (support/project.ts) change or
  // read the site-wide figures: they run one at a time, with JavaScript then without, beside the others.
  // They come first: last, their one worker left a core idle at the end of every run (about 20 s).
  projects: [
    { name: "js settings", grep: SITE_SETTINGS, workers: 1, use: { javaScriptEnabled: true } },
    { name: "no-js settings", grep: SITE_SETTINGS, workers: 1, dependencies: ["js settings"], use: { javaScriptEnabled: false } },
    { name: "js", grepInvert: SITE_SETTINGS, use: { javaScriptEnabled: true } },
    { name: "no-js", grepInvert: SITE_SETTINGS, use: { javaScriptEnabled: false } },
  ],
});
