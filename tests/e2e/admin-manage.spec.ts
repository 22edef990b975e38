import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { auditEvents, createUser, getSetting, setSettingAt, testDb, uniqueEmail, type Role, signIn as signInThroughPage, signInAs, jsOn, SITE_SETTINGS } from "./support";

// The admin's screens: an admin manages professionals, users and roles, site settings, and reads the audit log.
// Every test makes its own accounts and rows (the two projects, js and no-js, run side by side on one
// database), and signs in with the right password so the per-IP budget of failed sign-ins is kept.
const PASSWORD = "Passw0rd!Manage";

const account = (role: Role, name?: string) => createUser({ email: uniqueEmail(`manage-${role}`), password: PASSWORD, role, name });


async function signInAsAdmin(page: Page) {
  const admin = await account("admin");
  await signInAs(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  return admin;
}

/** A second browser with its own cookies, for the other person of a test. */
async function otherPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

const unique = (label: string) => `${label} ${Date.now().toString(36).slice(-5)}${jsOn() ? "J" : "N"}`;
let names = 0;
/** A name of letters only, different in every test and project (the users search finds it). */
function personName(first: string) {
  names += 1;
  const letters = (Date.now() * 10 + names).toString(26).replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)] ?? "q");
  return `${first} ${jsOn() ? "J" : "N"}${letters}`;
}

function professionalRow(email: string) {
  return testDb()
    .prepare("SELECT id, name, title, verified, featured, verified_at AS verifiedAt, verified_by AS verifiedBy, user_id AS userId FROM professionals WHERE email = ? COLLATE NOCASE")
    .get(email) as { id: number; name: string; title: string | null; verified: number; featured: number; verifiedAt: number | null; verifiedBy: string | null; userId: string | null } | undefined;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const profileSection = (page: Page) => page.getByRole("region", { name: "Profile", exact: true });

/** The matching data an admin completes before verifying: an entry without it cannot be matched. */
async function fillMatchingData(page: Page) {
  const matching = page.getByRole("region", { name: "Matching data" });
  await matching.getByLabel("Tax Planning", { exact: true }).check();
  await matching.getByLabel("Assets under management").selectOption("50-100M");
  await matching.getByLabel("How they are paid").selectOption("fee-only");
  await matching.getByLabel(/^HNWI/).check();
  await matching.getByLabel("United States").check();
  await matching.getByLabel("Email", { exact: true }).check();
  await matching.getByLabel("English").check();
}

test("an admin adds a professional, features, unfeatures, edits and deletes them", async ({ page }) => {
  const admin = await signInAsAdmin(page);
  const name = personName("Imogen");
  const email = uniqueEmail("manage-pro");

  const listResponse = await page.goto("/admin/professionals");
  expect(listResponse?.headers()["cache-control"]).toBe("private, no-store");
  await page.getByRole("link", { name: "Add Professional" }).click();
  await expect(page).toHaveURL(/\/admin\/professionals\/new$/);

  // Bad input: messages under the fields, the text kept, nothing written.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
  await page.getByLabel("Experience (years)").fill("two hundred");
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText(/Experience must be a whole number/)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  expect(professionalRow(email)).toBeUndefined();

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Title", { exact: true }).fill("Senior Wealth Advisor");
  await page.getByLabel("Company", { exact: true }).fill("Harbour Partners");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 212 555 0100");
  await page.getByLabel("Location", { exact: true }).fill("Boston, MA");
  await page.getByLabel("Experience (years)").fill("14");
  await page.getByLabel("Bio", { exact: true }).fill("Advises founders after a liquidity event.");
  await profileSection(page).getByLabel("Specialties").fill("cross-border tax, Philanthropy");
  await fillMatchingData(page);
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(page).toHaveURL(/\/admin\/professionals$/);
  await expect(toast(page, "Professional added successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText("Harbour Partners");
  await expect(row).toContainText("Senior Wealth Advisor");
  expect(professionalRow(email)).toMatchObject({ verified: 0, featured: 0, userId: null });

  // A second entry with the same e-mail (another letter case) is refused under the field.
  await page.goto("/admin/professionals/new");
  await page.getByLabel("Name", { exact: true }).fill(`${name} Copy`);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(page.getByText("A professional with this email already exists")).toBeVisible();

  await page.goto("/admin/professionals");
  // Verifying goes through the vetting checklist (tests/e2e/vetting.spec.ts): the badge only leads there.
  await expect(row.getByRole("link", { name: `Unverified: vetting checklist of ${name}` })).toHaveAttribute("href", /\/vetting$/);

  await row.getByRole("button", { name: `Feature ${name}`, exact: true }).click();
  await expect(toast(page, "Professional featured successfully")).toBeVisible();
  await row.getByRole("button", { name: `Featured: unfeature ${name}` }).click();
  await expect(toast(page, "Professional unfeatured successfully")).toBeVisible();
  await expect(row.getByRole("button", { name: `Feature ${name}`, exact: true })).toBeVisible();
  expect(professionalRow(email)).toMatchObject({ featured: 0 });

  expect(professionalRow(email)).toMatchObject({ verified: 0, verifiedBy: null, verifiedAt: null });

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Professional" })).toBeVisible();
  await expect(profileSection(page).getByLabel("Specialties")).toHaveValue("cross-border tax, Philanthropy");
  await page.getByLabel("Title", { exact: true }).fill("Managing Director");
  await page.getByRole("button", { name: "Update Professional" }).click();
  await expect(toast(page, "Professional updated successfully")).toBeVisible();
  await expect(row).toContainText("Managing Director");
  expect(professionalRow(email)?.title).toBe("Managing Director");

  if (jsOn()) {
    // confirm() asks first; dismissing it keeps the row.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to delete this professional?");
      void dialog.dismiss();
    });
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(row).toBeVisible();
    expect(professionalRow(email)).toBeDefined();
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Delete ${name}` }).click();
  } else {
    // Without JavaScript the list shows a confirm step first.
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Are you sure you want to delete this professional?" })).toBeVisible();
    expect(professionalRow(email)).toBeDefined();
    await page.getByRole("button", { name: "Delete professional" }).click();
  }
  await expect(toast(page, "Professional deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  expect(professionalRow(email)).toBeUndefined();

  const done = auditEvents({ kind: "ADMIN_ACTION", email: admin.email }).map((e) => e.detail ?? "");
  // Verifying and its audit belong to the vetting checklist now (tests/e2e/vetting.spec.ts).
  for (const word of ["added professional", "featured professional", "unfeatured professional", "edited professional", "deleted professional"]) {
    expect(done.some((d) => d.startsWith(word) && d.includes(email)), word).toBe(true);
  }
});

test("an admin gives a professional a photo through the form, sees it on the list, and removes it", async ({ page, request }) => {
  await signInAsAdmin(page);
  const name = personName("Phoebe");
  const email = uniqueEmail("manage-photo");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wm-photo-e2e-"));
  const photo = path.join(dir, "portrait.png");
  await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 184, g: 155, b: 94 } } }).png().toFile(photo);
  const notAnImage = path.join(dir, "portrait-2.png");
  fs.writeFileSync(notAnImage, "just some text");

  await page.goto("/admin/professionals/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  // A text file named .png: the spec's message under the field, the text kept, nothing written.
  await page.getByLabel("Profile image").setInputFiles(notAnImage);
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(page.getByText("Only JPEG, PNG, GIF, and WebP images are allowed")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  expect(professionalRow(email)).toBeUndefined();

  await page.getByLabel("Profile image").setInputFiles(photo);
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(toast(page, "Professional added successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  const thumbnail = row.getByRole("img", { name: `Photo of ${name}` });
  await expect(thumbnail).toBeVisible();
  // The row is rendered before the browser has fetched and decoded its picture: wait for it to load.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const src = (await thumbnail.getAttribute("src")) ?? "";
  const file = await request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("img", { name: `Photo of ${name}` })).toBeVisible();
  await page.getByLabel("Remove image").check();
  await page.getByRole("button", { name: "Update Professional" }).click();
  await expect(toast(page, "Professional updated successfully")).toBeVisible();
  await expect(row.getByRole("img", { name: `Photo of ${name}` })).toHaveCount(0);
  expect((await request.get(src)).status()).toBe(404);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a professional added with a user's e-mail, and linked by the admin, appears on that user's dashboard", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const member = await account("professional");
  const name = personName("Octavia");

  // Ticking the link with an address nobody registered is refused under the checkbox.
  await page.goto("/admin/professionals/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("manage-nobody"));
  await page.getByLabel(/^Link this entry to the account/).check();
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(page.getByText("No account uses this email address, so there is nothing to link to")).toBeVisible();

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(member.email);
  await page.getByLabel("Title", { exact: true }).fill("Family Office Counsel");
  await page.getByRole("button", { name: "Add Professional" }).click();
  await expect(toast(page, "Professional added successfully")).toBeVisible();
  expect(professionalRow(member.email)?.userId).toBe(member.id);

  const memberPage = await otherPage(browser, jsOn());
  await signInAs(memberPage, member);
  await expect(memberPage).toHaveURL(/\/professional-dashboard$/);
  await expect(memberPage.getByRole("heading", { name })).toBeVisible();
  await expect(memberPage.getByText("Family Office Counsel").first()).toBeVisible();
  await expect(memberPage.getByRole("link", { name: "Edit Profile" })).toBeVisible();

  // Unlinking is the admin's choice too: the entry then stays read-only for them (decision 010).
  const id = professionalRow(member.email)?.id;
  await page.goto(`/admin/professionals/${id}/edit`);
  await expect(page.getByText(`Linked to the account ${member.email}. Untick to unlink it.`)).toBeVisible();
  await page.getByLabel(/^Linked to the account/).uncheck();
  await page.getByRole("button", { name: "Update Professional" }).click();
  await expect(toast(page, "Professional updated successfully")).toBeVisible();
  expect(professionalRow(member.email)?.userId).toBeNull();
  await memberPage.goto("/professional-dashboard");
  await expect(memberPage.getByRole("heading", { name })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
  await memberPage.context().close();
});

test("an admin searches and filters users and changes a role; the person's next request has the new role", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const fullName = personName("Cordelia");
  const client = await account("client", fullName);
  const clientPage = await otherPage(browser, jsOn());
  await signInAs(clientPage, client);
  await expect(clientPage).toHaveURL(/\/client-welcome$/);

  await page.goto("/admin/users");
  await expect(page.getByRole("columnheader", { name: "Change Role" })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(fullName);
  await page.getByLabel("Role", { exact: true }).selectOption("client");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]role=client/);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: client.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("current-role")).toHaveText("Client");

  // The same search under another role finds nobody.
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No users found.")).toBeVisible();
  await page.getByLabel("Role", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(row).toHaveCount(1);

  // With JavaScript the choice asks first, then saves; without, the row's Save button sends it.
  const asked: string[] = [];
  if (jsOn())
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
  await row.getByRole("combobox", { name: `Role for ${client.email}` }).selectOption("professional");
  if (!jsOn()) await row.getByRole("button", { name: `Save role for ${client.email}` }).click();
  await expect(toast(page, "User role updated to professional")).toBeVisible();
  await expect(row.getByTestId("current-role")).toHaveText("Professional");
  await expect(page).toHaveURL(/[?&]q=/);
  if (jsOn()) expect(asked).toEqual([`Change the role of ${client.email} from Client to Professional?`]);

  // Their session ended with the change: the next request asks them to sign in, then lands by the new role.
  await clientPage.goto("/client-welcome");
  await expect(clientPage).toHaveURL(/\/login/);
  await signInThroughPage(clientPage, client.email, PASSWORD, { waitForLanding: true });
  await expect(clientPage).toHaveURL(/\/professional-dashboard$/);
  await clientPage.context().close();

  const roles = testDb().prepare("SELECT role FROM user_roles WHERE user_id = ?").all(client.id) as { role: string }[];
  expect(roles).toEqual([{ role: "professional" }]);
});

test("an admin cannot take away their own admin role; the page says why and nothing changes", async ({ page }) => {
  // The last-admin rule itself needs a database with one admin: tests/unit/admin-manage.test.ts covers it.
  const admin = await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(admin.email)}`);
  const row = page.getByRole("row").filter({ hasText: admin.email });
  // With JavaScript the select saves on change once the page is hydrated (its Save button is gone by then).
  if (jsOn()) await expect(row.getByRole("button", { name: `Save role for ${admin.email}` })).toBeHidden();
  if (jsOn()) page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("combobox", { name: `Role for ${admin.email}` }).selectOption("client");
  if (!jsOn()) await row.getByRole("button", { name: `Save role for ${admin.email}` }).click();
  await expect(page.getByText("You cannot remove your own admin role. Ask another admin to do it.")).toBeVisible();
  await expect(row.getByTestId("current-role")).toHaveText("Admin");
  const roles = testDb().prepare("SELECT role FROM user_roles WHERE user_id = ?").all(admin.id) as { role: string }[];
  expect(roles).toEqual([{ role: "admin" }]);
  // Still signed in as an admin.
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
});

test("an admin edits the settings and the public pages show the change at once", SITE_SETTINGS, async ({ page }) => {
  await signInAsAdmin(page);
  // Each project edits its own fields (the foundation specs change others), and puts them back.
  const js = jsOn();
  const figureKey = js ? "longTermRelationships" : "renewal";
  const figureName = js ? "Long-term relationships" : "Professional renewal";
  const publicPath = js ? "/about" : "/professionals";
  const stats = getSetting("marketingStats") as Record<string, unknown>;
  const contact = getSetting("contact") as { city: string; phone: string };
  const before = { figure: stats[figureKey], city: contact.city };
  const figure = `${js ? 71 : 72}.${Date.now() % 10}%`;
  const city = unique("Geneva");
  try {
    await page.goto("/admin/settings");
    const group = page.getByRole("group", { name: figureName });
    // Invalid input: a figure without its source; a message under the field, nothing saved.
    await group.getByLabel("Figure").fill(figure);
    await group.getByLabel("As of").fill("2026-11-03");
    await group.getByRole("textbox", { name: "Source" }).fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Add the source of this figure, or clear the figure")).toBeVisible();
    expect((getSetting("marketingStats") as Record<string, unknown>)[figureKey]).toEqual(before.figure);

    await group.getByRole("textbox", { name: "Source" }).fill("Membership renewals, 2026");
    if (js) await page.getByLabel("City", { exact: true }).fill(city);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved successfully")).toBeVisible();
    await expect(page.getByRole("group", { name: figureName }).getByLabel("Figure")).toHaveValue(figure);

    await page.goto(publicPath);
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
    if (js) {
      await page.goto("/");
      await expect(page.getByText(city).first()).toBeVisible();
    }
  } finally {
    setSettingAt("marketingStats", `$.${figureKey}`, before.figure);
    if (js) setSettingAt("contact", "$.city", before.city);
  }
});

test("the audit log lists a failed sign-in, filtered by kind and e-mail, and is in the sidebar", async ({ page, browser }) => {
  const member = await account("client");
  const visitor = await otherPage(browser, jsOn());
  await signInThroughPage(visitor, member.email, "Wrong-Passw0rd");
  await expect(visitor.getByText("Invalid email or password. Please try again.").first()).toBeVisible();
  await visitor.context().close();

  await signInAsAdmin(page);
  if (jsOn()) {
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit log" }).click();
  } else {
    await page.goto("/admin/audit");
  }
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Kind").selectOption("LOGIN_FAILED");
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=LOGIN_FAILED/);
  const rows = page.getByRole("row").filter({ hasText: member.email });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("LOGIN_FAILED");
  // Another kind for the same address shows nothing.
  await page.getByLabel("Kind").selectOption("LOGIN_SUCCESS");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No audit events found.")).toBeVisible();
});

test("a client's POST to each admin action answers 403 and changes nothing", async ({ page, baseURL }) => {
  const client = await account("client");
  const target = await account("user");
  const email = uniqueEmail("manage-untouched");
  testDb().prepare("INSERT INTO professionals (name, email) VALUES (?, ?)").run("Untouched Entry", email);
  const entry = professionalRow(email);
  if (!entry) throw new Error("no entry");
  const settingsBefore = JSON.stringify(getSetting("contact"));
  await signInAs(page, client);

  const headers = { Origin: baseURL ?? "" };
  const posts: [string, Record<string, string>][] = [
    ["/admin/professionals", { intent: "verify", id: String(entry.id), value: "true" }],
    ["/admin/professionals", { intent: "feature", id: String(entry.id), value: "true" }],
    ["/admin/professionals", { intent: "delete", id: String(entry.id), confirmed: "yes" }],
    ["/admin/professionals/new", { name: "Forged Entry", email: uniqueEmail("manage-forged") }],
    [`/admin/professionals/${entry.id}/edit`, { name: "Renamed", email, verified: "on", featured: "on" }],
    ["/admin/users", { userId: target.id, role: "admin" }],
    ["/admin/users", { userId: client.id, role: "admin" }],
    ["/admin/settings", { "contact.email": "evil@example.com", "contact.phone": "+1 000", "contact.city": "Nowhere" }],
    ["/admin/audit", { kind: "LOGIN_FAILED" }],
  ];
  for (const [path, form] of posts) {
    const response = await page.request.post(path, { form, headers, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
  expect(professionalRow(email)).toMatchObject({ name: "Untouched Entry", verified: 0, featured: 0 });
  expect(testDb().prepare("SELECT count(*) AS n FROM professionals WHERE name = 'Forged Entry'").get()).toEqual({ n: 0 });
  for (const person of [target, client]) {
    const roles = testDb().prepare("SELECT role FROM user_roles WHERE user_id = ?").all(person.id) as { role: string }[];
    expect(roles).toEqual([{ role: person.role }]);
  }
  expect(JSON.stringify(getSetting("contact"))).toBe(settingsBefore);
  expect(auditEvents({ kind: "ADMIN_ACTION", email: client.email })).toEqual([]);
});
