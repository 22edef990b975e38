import { expect, type Page } from "@playwright/test";

type SignInOptions = {
  /** The sign-in page: the members' /login (default) or /admin/login, with any query string. */
  path?: string;
  remember?: boolean;
  /** Wait until the browser has left the sign-in page (with JavaScript, signing in is a client navigation). */
  waitForLanding?: boolean;
};

/** Signs in through the page a person uses: opens it, types the e-mail and password, presses Sign In. */
export async function signIn(page: Page, email: string, password: string, opts: SignInOptions = {}) {
  const path = opts.path ?? "/login";
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (opts.remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  if (opts.waitForLanding) await expect(page).not.toHaveURL(new RegExp(`${path.split("?")[0]}(\\?|$)`));
}
