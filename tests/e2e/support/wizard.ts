import { expect, type Page } from "@playwright/test";
import { waitForMailTo } from "./mail";

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

export type WizardProfessional = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  /** The wizard's range, e.g. "6-10". */
  experience: string;
  /** The labels of the services ticked, e.g. ["Estate Planning", "Tax Planning"]. */
  services: string[];
};

/**
 * The registration wizard for a Financial Professional with the matching answers a verification needs
 * (fee model, assets, a client profile, a country, a way to meet, a language), ending on the dashboard.
 */
export async function registerProfessionalThroughWizard(page: Page, pro: WizardProfessional) {
  const continueTo = async (step: number) => {
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`Step ${step} of 9`, { exact: true })).toBeVisible();
  };
  await page.goto("/register");
  await page.getByRole("radio", { name: /Financial Professional/ }).check();
  await continueTo(2);
  await page.getByLabel("First Name").fill(pro.firstName);
  await page.getByLabel("Last Name").fill(pro.lastName);
  await continueTo(3);
  await page.getByLabel("Email").fill(pro.email);
  await page.getByLabel("Password", { exact: true }).fill(pro.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(pro.password);
  await continueTo(4);
  await page.getByLabel("Company Name").fill(pro.company);
  await page.getByLabel("Date of Birth").fill("1975-03-02");
  await continueTo(5);
  await page.getByLabel("Years of Experience").selectOption(pro.experience);
  await continueTo(6);
  for (const service of pro.services) await page.getByLabel(service).check();
  await page.getByLabel("Fee-only").check();
  await continueTo(7);
  await page.getByLabel("Assets Under Management").selectOption("50-100M");
  await page.getByLabel("Family Offices").check();
  await page.getByLabel("Switzerland").check();
  await continueTo(8);
  await page.getByLabel("Video call").check();
  await page.getByLabel("English").check();
  await continueTo(9);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/professional-dashboard$/);
}

/**
 * What a newly registered person does with the mail the wizard sends: opens its link and presses
 * 'Confirm my email' (decision 023), landing back on their home with the banner gone.
 */
export async function confirmEmailFromMail(page: Page, email: string) {
  const mail = await waitForMailTo(email);
  const link = mail.links.find((l) => l.includes("/confirm-email?token="));
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Thank you: your email address is confirmed.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Please confirm your email address" })).toHaveCount(0);
}
