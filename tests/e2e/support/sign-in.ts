import { expect, type Page } from "@playwright/test";
import { createUser, uniqueEmail, type Role, type TestUser } from "./users";

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

/**
 * A new account with `role` (support/users.ts), signed in through its sign-in page: /admin/login
 * for an admin, /login for anyone else. Returns once the browser has landed.
 */
export async function signInAsNew(page: Page, role: Role, opts: { password?: string; name?: string; tag?: string } = {}): Promise<TestUser> {
  const password = opts.password ?? "Passw0rd!E2e";
  const user = await createUser({ email: uniqueEmail(`${opts.tag ?? "e2e"}-${role}`), password, role, name: opts.name });
  await signIn(page, user.email, password, { path: role === "admin" ? "/admin/login" : "/login", waitForLanding: true });
  return user;
}
