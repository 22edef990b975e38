import type { Page } from "@playwright/test";

/**
 * Picks a time on a call page as a person would: the picker opens its first three days only, so a time on
 * a later day (which one depends on the hour the test runs) is reached by opening its day first.
 */
export async function chooseSlot(page: Page, value: string): Promise<void> {
  const radio = page.locator(`input[name="slot"][value="${value}"]`);
  if (!(await radio.isVisible())) await radio.locator("xpath=ancestor::details[1]/summary").click();
  await radio.check();
}
