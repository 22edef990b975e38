import { expect, type Page } from "@playwright/test";

export type WizardClient = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The label of the country of residency, e.g. "Switzerland". */
  country: string;
  dateOfBirth: string;
  /** The one investment objective ticked. */
  objective: string;
};

/** The registration wizard's shortest path for a Wealth Creator, ending on the welcome page. */
export async function registerClientThroughWizard(page: Page, client: WizardClient) {
  const next = () => page.getByRole("button", { name: "Continue" }).click();
  await page.goto("/register");
  await page.getByRole("radio", { name: /Wealth Creator/ }).check();
  await next();
  await page.getByLabel("First Name").fill(client.firstName);
  await page.getByLabel("Last Name").fill(client.lastName);
  await next();
  await page.getByLabel("Email").fill(client.email);
  await page.getByLabel("Password", { exact: true }).fill(client.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(client.password);
  await next();
  await page.getByLabel("Country of Residency").selectOption({ label: client.country });
  await page.getByLabel("Date of Birth").fill(client.dateOfBirth);
  await next();
  await page.getByLabel(client.objective).check();
  await next();
  // Steps 6 and 7 ask nothing required.
  for (const step of [6, 7]) {
    await expect(page).toHaveURL(new RegExp(`step=${step}$`));
    await next();
  }
  await expect(page).toHaveURL(/step=8$/);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/client-welcome$/);
}
