import type { BrowserContext, TestInfo } from "@playwright/test";

/**
 * Makes every request of this test come from its own client address, as separate visitors would: the
 * per-address limits (10 new accounts an hour, 20 reset mails...) would otherwise add up across the
 * whole suite, which all runs from 127.0.0.1. The e2e server trusts X-Forwarded-For from loopback
 * (TRUST_PROXY's default), as it would from a reverse proxy.
 */
export async function visitFromOwnAddress(context: BrowserContext, testInfo: TestInfo) {
  const n = testInfo.workerIndex * 10_000 + (hash(testInfo.testId) % 10_000);
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
}

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}
