import { expect, type Locator, type Page } from "@playwright/test";

/**
 * With JavaScript, React Router changes the address a moment before it renders the new page (the update
 * runs in a React transition). Waiting for the address alone lets the next step read, fill or audit the
 * page being left, so wait also for something only the page arrived at has.
 */
export async function expectArrived(page: Page, url: RegExp, rendered: Locator): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(rendered).toBeVisible();
}
