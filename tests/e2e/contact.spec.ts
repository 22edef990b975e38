import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { auditEvents, getSetting, jsOn, mailsTo, testDb, uniqueEmail, waitForMailContaining, signInAsNew, checkedOnce } from "./support";

// Every test sends from its own client address (the server trusts X-Forwarded-For from loopback, as
// behind a local proxy), so the per-address limit of one test never touches another's.
let ipCounter = 0;
function uniqueIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
});

type Row = { id: number; name: string; email: string; message: string; form_type: string; user_type: string; status: string };
const rowsFor = (email: string) =>
  testDb().prepare("SELECT id, name, email, message, form_type, user_type, status FROM form_submissions WHERE email = ?").all(email.toLowerCase()) as Row[];
const contactAddress = () => (getSetting("contact") as { email: string } | undefined)?.email ?? "contact@wealthmatch.com";

type Visitor = { firstName?: string; lastName?: string; email?: string; company?: string; inquiryType?: string; message?: string };

async function fillForm(page: Page, v: Visitor) {
  const form = page.locator("form#contact");
  if (v.firstName !== undefined) await form.getByLabel("First name").fill(v.firstName);
  if (v.lastName !== undefined) await form.getByLabel("Last name").fill(v.lastName);
  if (v.email !== undefined) await form.getByLabel("Email", { exact: true }).fill(v.email);
  if (v.company !== undefined) await form.getByLabel("Company (optional)").fill(v.company);
  if (v.inquiryType !== undefined) await form.getByLabel("Inquiry type").selectOption(v.inquiryType);
  if (v.message !== undefined) await form.getByLabel("Message", { exact: true }).fill(v.message);
}

const send = (page: Page) => page.locator("form#contact").getByRole("button", { name: "Send Message" }).click();
const alertBox = (page: Page) => page.locator("form#contact").getByRole("alert");
const sentMessage = (page: Page) => page.getByText("Thank you for your message. We'll get back to you within 24 hours.");

function validVisitor(tag: string, extra: Visitor = {}): Required<Omit<Visitor, "company">> & Visitor {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: uniqueEmail(`contact-${tag}`),
    inquiryType: "client",
    message: `Hello, I would like to discuss estate planning for my family (${tag}).`,
    ...extra,
  };
}

async function signInAsAdmin(page: Page) {
  await signInAsNew(page, "admin", { tag: "contact" });
  await expect(page).toHaveURL(/\/admin$/);
}

/** The hidden fields the /contact page hands out, read from its HTML as a script would. */
async function pageFields(api: APIRequestContext, ip: string): Promise<Record<string, string>> {
  const html = await (await api.get("/contact", { headers: { "X-Forwarded-For": ip } })).text();
  const fields: Record<string, string> = {};
  for (const tag of html.match(/<input[^>]*>/g) ?? []) {
    const name = /\sname="([^"]+)"/.exec(tag)?.[1];
    if (name && ["csrf", "name__confirm", "from__confirm"].includes(name)) fields[name] = (/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/&amp;/g, "&");
  }
  expect(Object.keys(fields).sort()).toEqual(["csrf", "from__confirm", "name__confirm"]);
  return fields;
}

test.describe("the contact form", () => {
  test("the page keeps its contact details, support hours and FAQ beside the form", async ({ page }) => {
    checkedOnce();
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
    for (const label of ["First name", "Last name", "Company (optional)", "Inquiry type"]) {
      await expect(page.locator("form#contact").getByLabel(label)).toBeVisible();
    }
    await expect(page.getByText("Support hours", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    const options = await page.locator("form#contact").getByLabel("Inquiry type").locator("option").evaluateAll((els) =>
      els.map((e) => (e as HTMLOptionElement).value),
    );
    expect(options).toEqual(["", "client", "professional", "media", "partnership", "support", "other"]);
  });

  test("a valid message is stored as sent, reaches the admin inbox with its HTML shown as text, and the team is mailed", async ({ page }) => {
    const marker = `m${Date.now().toString(36)}${ipCounter}`;
    const visitor = validVisitor("valid", {
      company: "Babbage & <i>Sons</i>",
      message: `Hello <b>team</b> <img src=x onerror="document.title='xss'">\nPlease call me about a trust (${marker}).`,
    });
    await page.goto("/contact");
    await fillForm(page, visitor);
    await send(page);
    await expect(page.getByText("Message Sent", { exact: true })).toBeVisible();
    await expect(sentMessage(page)).toBeVisible();
    // A fresh, empty form.
    await expect(page.locator("form#contact").getByLabel("First name")).toHaveValue("");
    await expect(page.locator("form#contact").getByLabel("Message", { exact: true })).toHaveValue("");

    const rows = rowsFor(visitor.email);
    expect(rows).toHaveLength(1);
    // The message alone; the company has its own column.
    const stored = visitor.message;
    expect(rows[0]).toMatchObject({ name: "Ada Lovelace", form_type: "contact", user_type: "client", status: "new", message: stored });
    expect(testDb().prepare("SELECT company FROM form_submissions WHERE id = ?").get(rows[0]?.id)).toEqual({ company: "Babbage & <i>Sons</i>" });

    // The team is told, at the contact address of the settings; the visitor gets only the
    // acknowledgement, which carries nothing they typed.
    const mail = await waitForMailContaining(contactAddress(), marker);
    expect(mail.text).toContain(visitor.email);
    const ack = await waitForMailContaining(visitor.email, "we reply within 24 hours");
    expect(ack.text).not.toContain(marker);
    expect(mailsTo(visitor.email)).toHaveLength(1);

    await signInAsAdmin(page);
    await page.goto("/admin/submissions");
    const row = page.getByTestId("submission-row").filter({ hasText: visitor.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("submission-preview")).toHaveText(`${stored.slice(0, 100)}...`);
    await expect(row.locator("b, i, img")).toHaveCount(0);
    await row.getByRole("link", { name: "Ada Lovelace", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/submissions/${rows[0]?.id}$`));
    const message = page.getByTestId("submission-message");
    expect(await message.textContent()).toBe(stored);
    await expect(message.locator("b, i, img")).toHaveCount(0);
    expect(await page.title()).not.toBe("xss");
    await expect(page.getByRole("link", { name: visitor.email })).toHaveAttribute("href", new RegExp(`^mailto:${visitor.email.replace(/[.+]/g, "\\$&")}\\?`));
  });

  test("each field rule shows its message under the field and keeps what was typed; nothing is stored", async ({ page }) => {
    const email = uniqueEmail("contact-rules");
    await page.goto("/contact");
    await fillForm(page, { firstName: "J0hn", lastName: "", email: "not-an-email", company: "c".repeat(101), message: "short" });
    await send(page);
    const form = page.locator("form#contact");
    await expect(form.getByText("First name can only contain letters, spaces, hyphens, and apostrophes")).toBeVisible();
    await expect(form.getByText("Last name is required")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Company name must be less than 100 characters")).toBeVisible();
    await expect(form.getByText("Please select an inquiry type")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters long")).toBeVisible();
    await expect(form.getByLabel("First name")).toHaveValue("J0hn");
    await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Message", { exact: true })).toHaveValue("short");

    await fillForm(page, { firstName: "John", lastName: "O'Neil-Smith", email, company: "", inquiryType: "media", message: "x".repeat(1001) });
    await send(page);
    await expect(form.getByText("Message must be less than 1000 characters")).toBeVisible();
    await expect(form.getByText(/name is required/i)).toHaveCount(0);
    await expect(form.getByLabel("Last name")).toHaveValue("O'Neil-Smith");
    expect(rowsFor(email)).toEqual([]);
  });

  test("a refused message says so where the page opens, on a phone: the answers to change are named at the top of the form, the focus on the first", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const visitor = validVisitor("short", { message: "Too short" });
    await page.goto("/contact");
    await fillForm(page, visitor);
    await send(page);
    // Where the page opens (without JavaScript at the form's top, #send-message) the summary names the answer.
    const summary = page.getByTestId("error-summary");
    await expect(summary).toHaveText(/One answer needs a change:\s*Message/);
    await expect(page.locator("form#contact").getByText("Message must be at least 10 characters long")).toBeAttached();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Too short");
    // With JavaScript the page stays and the focus moves to the message; without, the page opens at the summary.
    if (jsOn()) await expect(page.getByLabel("Message", { exact: true })).toBeFocused();
    else await expect(summary).toBeInViewport();
    await summary.getByRole("link", { name: "Message" }).click();
    await expect(page.getByLabel("Message", { exact: true })).toBeInViewport();
    expect(rowsFor(visitor.email)).toEqual([]);
  });

  test("spam keywords and suspicious patterns are blocked with 'Content Blocked'; the text stays", async ({ page }) => {
    const visitor = validVisitor("spam", { message: "Congratulations! You are a WINNER of our casino draw." });
    await page.goto("/contact");
    await fillForm(page, visitor);
    await send(page);
    await expect(alertBox(page)).toContainText("Content Blocked");
    await expect(alertBox(page)).toContainText("Input contains multiple spam indicators");
    await expect(page.locator("form#contact").getByLabel("Message", { exact: true })).toHaveValue(visitor.message);

    const links = "Please see https://a.example, https://b.example, www.c.example and card 4111 1111 1111 1111.";
    await fillForm(page, { message: links });
    await send(page);
    await expect(alertBox(page)).toContainText("Input contains suspicious patterns");
    await expect(page.locator("form#contact").getByLabel("Message", { exact: true })).toHaveValue(links);
    expect(rowsFor(visitor.email)).toEqual([]);
  });

  test("the 4th message from one e-mail within 5 minutes is refused with the time to wait", async ({ page }) => {
    const visitor = validVisitor("limit");
    await page.goto("/contact");
    for (let i = 1; i <= 3; i++) {
      await fillForm(page, { ...visitor, message: `${visitor.message} Number ${i}.` });
      await send(page);
      await expect(sentMessage(page)).toBeVisible();
      await page.goto("/contact");
    }
    await fillForm(page, { ...visitor, message: `${visitor.message} Number 4.` });
    await send(page);
    await expect(alertBox(page)).toContainText("Too Many Submissions");
    await expect(alertBox(page)).toContainText(/Please wait before submitting again\. Try again after \d+ (minutes?|seconds?)/);
    await expect(page.locator("form#contact").getByLabel("Message", { exact: true })).toHaveValue(`${visitor.message} Number 4.`);
    expect(rowsFor(visitor.email)).toHaveLength(3);
  });

  test("a visitor whose token cookie is gone sees 'Error', keeps the text, and the next send goes through", async ({ page, context, javaScriptEnabled }) => {
    const visitor = validVisitor("expired");
    // With JavaScript the fresh token comes with the page's data, loaded after the refusal: held back here
    // until Send is seen waiting for it (a press before it arrived would send the refused token again).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/contact\.data(\?.*)?$/, async (route) => {
      if (route.request().method() === "GET") await held;
      await route.continue();
    });
    await page.goto("/contact");
    await fillForm(page, visitor);
    await context.clearCookies({ name: "wm_csrf" });
    await send(page);
    await expect(alertBox(page)).toContainText("Error");
    await expect(alertBox(page)).toContainText("Failed to send message. Please try again.");
    if (javaScriptEnabled) await expect(page.locator("form#contact").getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.locator("form#contact").getByLabel("Message", { exact: true })).toHaveValue(visitor.message);
    await expect(page.locator("form#contact").getByLabel("Inquiry type")).toHaveValue("client");
    expect(rowsFor(visitor.email)).toEqual([]);
    await send(page);
    await expect(sentMessage(page)).toBeVisible();
    expect(rowsFor(visitor.email)).toHaveLength(1);
  });

  test("while sending, the button reads 'Sending...'", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the pending label is a JavaScript enhancement; without it the browser shows its own progress");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.goto("/contact");
    await fillForm(page, validVisitor("pending"));
    await send(page);
    await expect(page.locator("form#contact").getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(sentMessage(page)).toBeVisible();
  });
});

test.describe("the contact form's protections", () => {
  test("a filled honeypot looks like success to the bot, stores nothing and is recorded", async ({ request }) => {
    checkedOnce();
    const ip = uniqueIp();
    const fields = await pageFields(request, ip);
    const visitor = validVisitor("honeypot");
    const response = await request.post("/contact", {
      headers: { "X-Forwarded-For": ip },
      form: { ...fields, name__confirm: "http://spam.example", ...visitor },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/contact");
    expect(rowsFor(visitor.email)).toEqual([]);
    const events = auditEvents({ kind: "SUSPICIOUS_ACTIVITY", email: visitor.email });
    expect(events.map((e) => e.detail)).toEqual(["contact form: honeypot filled, message dropped"]);
  });

  test("the same post with the honeypot left empty is stored (the fields above are what the form sends)", async ({ request }) => {
    checkedOnce();
    const ip = uniqueIp();
    const fields = await pageFields(request, ip);
    const visitor = validVisitor("honeypot-control");
    const response = await request.post("/contact", { headers: { "X-Forwarded-For": ip }, form: { ...fields, ...visitor }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(rowsFor(visitor.email)).toHaveLength(1);
  });

  test("a post forged by another site stores nothing", async ({ page, baseURL }) => {
    const visitor = validVisitor("forged");
    // Another site's page with a form aimed at ours. It cannot read our token, and the browser does not
    // send our SameSite=Lax token cookie with its cross-site post.
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><form method="post" action="${baseURL}/contact">
          ${Object.entries({ ...visitor, csrf: "guessed", name__confirm: "" })
            .map(([k, v]) => `<input type="hidden" name="${k}" value="${String(v).replace(/"/g, "&quot;")}">`)
            .join("")}
          <button>Win a prize</button></form>`,
      }),
    );
    await page.goto("/contact"); // the visitor has our token cookie, as a real victim would
    await page.goto("http://evil.example/");
    await page.getByRole("button", { name: "Win a prize" }).click();
    await page.waitForLoadState();
    await expect(sentMessage(page)).toHaveCount(0);
    expect(rowsFor(visitor.email)).toEqual([]);
  });

  test("a scripted post without the page's token (and no Origin header to stop it) gets 403 and stores nothing", async ({ request }) => {
    checkedOnce();
    // A fresh request context: no token cookie, and no Origin header, so only the token can refuse it.
    const visitor = validVisitor("scripted");
    const response = await request.post("/contact", {
      headers: { "X-Forwarded-For": uniqueIp() },
      form: { ...visitor, csrf: "made-up", name__confirm: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(rowsFor(visitor.email)).toEqual([]);
  });
});

test.describe("the admin inbox", () => {
  function insert(values: { name: string; email: string; status: string; message?: string }) {
    const info = testDb()
      .prepare("INSERT INTO form_submissions (name, email, message, form_type, user_type, status) VALUES (?, ?, ?, 'contact', 'media', ?)")
      .run(values.name, values.email, values.message ?? "Company: N/A\n\nMessage: A question from the press.", values.status);
    return Number(info.lastInsertRowid);
  }
  const statusOf = (id: number) => (testDb().prepare("SELECT status FROM form_submissions WHERE id = ?").get(id) as { status: string }).status;

  test("filters by status with ?status= links and changes a status with the row's selector", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("inbox-status");
    const id = insert({ name: "Grace Hopper", email, status: "in-progress" });
    await signInAsAdmin(page);
    await page.goto("/admin/submissions");

    const filters = page.getByRole("navigation", { name: "Filter by status" });
    for (const label of ["All Submissions", "New", "In Progress", "Resolved"]) await expect(filters.getByRole("link", { name: label })).toBeVisible();
    await filters.getByRole("link", { name: "In Progress" }).click();
    await expect(page).toHaveURL(/\/admin\/submissions\?status=in-progress$/);
    await expect(filters.getByRole("link", { name: /In Progress/ })).toHaveAttribute("aria-current", "page");
    // The header counts what the filter holds (other tests add rows meanwhile, so at least this one).
    expect(Number(await page.getByTestId("submissions-count").textContent())).toBeGreaterThanOrEqual(1);
    const row = page.getByTestId("submission-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);

    // With JavaScript the select saves on change once the page is hydrated (its Save button is gone by then).
    if (javaScriptEnabled) await expect(row.getByRole("button", { name: "Save" })).toBeHidden();
    await row.getByLabel("Status of the message from Grace Hopper").selectOption("resolved");
    if (!javaScriptEnabled) await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Status updated to Resolved")).toBeVisible();
    await expect.poll(() => statusOf(id)).toBe("resolved");
    // Still on the In Progress filter, where the row no longer belongs.
    await expect(page).toHaveURL(/\?status=in-progress$/);
    await expect(page.getByTestId("submission-row").filter({ hasText: email })).toHaveCount(0);

    await filters.getByRole("link", { name: /Resolved/ }).click();
    await expect(page).toHaveURL(/\?status=resolved$/);
    await expect(page.getByTestId("submission-row").filter({ hasText: email })).toHaveCount(1);
  });

  test("moving to another filter shows 5 skeleton rows while the list loads", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "skeletons belong to client-side navigation; without JavaScript the browser loads a whole page");
    insert({ name: "Dorothy Vaughan", email: uniqueEmail("inbox-skeleton"), status: "new" });
    await signInAsAdmin(page);
    await page.goto("/admin/submissions");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/submissions\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: /^New/ }).click();
    await expect(page.getByTestId("submission-skeleton")).toHaveCount(5);
    release();
    await expect(page).toHaveURL(/\?status=new$/);
    await expect(page.getByTestId("submission-skeleton")).toHaveCount(0);
    await expect(page.getByTestId("submission-row").first()).toBeVisible();
  });

  test("a submission's page shows the whole message and changes its status", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("inbox-detail");
    const message = `Company: N/A\n\nMessage: ${"A long question about succession. ".repeat(12).trim()}`;
    const id = insert({ name: "Katherine Johnson", email, status: "new", message });
    await signInAsAdmin(page);
    await page.goto(`/admin/submissions/${id}`);
    expect(await page.getByTestId("submission-message").textContent()).toBe(message);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Save" })).toBeHidden();
    await page.getByLabel("Status of the message from Katherine Johnson").selectOption("in-progress");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Status updated to In Progress")).toBeVisible();
    await expect.poll(() => statusOf(id)).toBe("in-progress");
  });
});
