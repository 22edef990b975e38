import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type LaunchOptions } from "@playwright/test";

// Started by tests/e2e/run.mjs, which builds the app, starts it on a temp data folder and sets these.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
const here = path.dirname(fileURLToPath(import.meta.url));

const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
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
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
});
