import { expect, type Page } from "@playwright/test";
import { landingFor } from "../../../app/domain/roles";
import { addSession, type OnServer } from "./session";
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
 * A new account with `role` (support/users.ts), signed in with a session made directly (support/session.ts)
 * and on the page the sign-in form would have landed it on: /admin for an admin, the member's home else.
 */
export async function signInAsNew(
  page: Page,
  role: Role,
  opts: {
    password?: string;
    name?: string;
    tag?: string;
    /** Through the sign-in page, for a spec that reads what signing in records (the audit log). */
    viaForm?: boolean;
    /** The page to open signed in, instead of the landing page. */
    at?: string;
  } = {},
): Promise<TestUser> {
  const password = opts.password ?? "Passw0rd!E2e";
  const user = await createUser({ email: uniqueEmail(`${opts.tag ?? "e2e"}-${role}`), password, role, name: opts.name });
  if (opts.viaForm) await signIn(page, user.email, password, { path: role === "admin" ? "/admin/login" : "/login", waitForLanding: true });
  else await signInAs(page, user, { at: opts.at });
  return user;
}

/**
 * Signs an existing account in without the form and opens the page the form would have landed it on, or
 * `at` (a page the test starts on: one page load fewer); on `on`, a spec's own server.
 */
export async function signInAs(page: Page, user: { id: string; role: Role }, opts: { on?: OnServer; at?: string } = {}): Promise<void> {
  const { on, at = landingFor(user.role) } = opts;
  // Cookies are the host's, whatever the port: this one serves both servers of the two-server run.
  await addSession(page.context(), user.id, process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000", on);
  await page.goto(on ? new URL(at, on.baseURL).href : at);
}
