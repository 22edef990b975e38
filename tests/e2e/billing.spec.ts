// Billing through Stripe (JS on and off): a server of its own with billing on (the shared e2e server keeps
// it off, as other specs expect), its SDK pointed at a local stand-in for Stripe's API, and webhook events
// signed with the SDK's test helper. No network reaches Stripe.
import Database from "better-sqlite3";
import Stripe from "stripe";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, registerClientThroughWizard, startOwnServer, uniqueEmail, type OwnServer, jsOn, signInAs, checkedOnce } from "./support";
import { startStripeStandIn } from "../support/stripe-stand-in.mjs";
import { screenshot } from "./support/screenshots";

const PASSWORD = "Passw0rd!E2e";
const SECRET = "whsec_e2e_billing";
const stripe = new Stripe("sk_test_e2e");

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let db: Database.Database;

test.beforeAll(async () => {
  // A production server of its own starting beside the shared one, on a busy machine.
  test.setTimeout(120_000);
  standIn = await startStripeStandIn();
  server = await startOwnServer({ STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: standIn.url, JOBS_POLL_MS: "500" });
  db = new Database(server.dbPath);
  db.pragma("busy_timeout = 5000");
});

test.afterAll(async () => {
  db?.close();
  await server?.stop();
  await standIn?.close();
});

async function pageFor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: jsOn() });
  return context.newPage();
}

let n = 0;
/** Posts one event to the billing server as Stripe does: JSON, signed with the endpoint's secret. */
async function deliver(type: string, object: Record<string, unknown>): Promise<number> {
  const payload = JSON.stringify({ id: `evt_e2e_${Date.now()}_${++n}`, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const response = await fetch(`${server.baseURL}/stripe/webhook`, {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
  });
  return response.status;
}

/** A Wealth Creator in Singapore who wants growth registers: the proposal stored for them, as professional ids. */
async function proposalFor(browser: Browser, lastName: string): Promise<number[]> {
  const page = await pageFor(browser);
  const email = uniqueEmail("billing-client");
  await registerClientThroughWizard(page, { email, password: PASSWORD, firstName: "Bill", lastName, country: "Singapore", dateOfBirth: "1975-03-02", objective: "Growth" });
  await page.context().close();
  const row = db.prepare("SELECT s.items FROM shortlists s JOIN users u ON u.id = s.client_user_id WHERE u.email = ? COLLATE NOCASE").get(email) as { items: string } | undefined;
  return row ? (JSON.parse(row.items) as { id: number }[]).map((i) => i.id) : [];
}

test("a verified professional subscribes through Checkout and the signed webhook, appears in a client's proposal, and a failed payment then an ended subscription take them out", async ({ browser }) => {
  test.setTimeout(180_000);
  const t = `${test.info().project.name}${Date.now().toString(36)}`;
  const user = await createUser({ email: uniqueEmail("billing-pro"), password: PASSWORD, role: "professional", name: `Paula Plan` }, server);
  const pro = (
    db
      .prepare(
        `INSERT INTO professionals (name, title, company, email, user_id, verified, experience_years, certifications, services, aum_range,
          client_profiles, communication, countries_served, fee_model, languages)
         VALUES (?, 'Senior Advisor', ?, ?, ?, 1, 12, '["CFA"]', '["Investment Management","Tax Planning"]', '50-100M',
          '["HNWI","UHNWI","Entrepreneurs"]', '["video","email"]', '["SG"]', 'fee-only', '["English"]') RETURNING id`,
      )
      .get("Paula Plan", `Plan Partners ${t}`, user.email, user.id) as { id: number }
  ).id;
  db.prepare("INSERT INTO plans (name, amount_minor, currency, billing_interval, active, stripe_price_id) VALUES ('Practice', 19900, 'usd', 'monthly', 1, 'price_e2e_practice')").run();

  // Billing on and no plan yet: not proposed.
  expect(await proposalFor(browser, "Before")).not.toContain(pro);

  // The professional picks the plan and lands on Stripe's (stand-in) Checkout.
  const page = await pageFor(browser);
  await signInAs(page, user, { on: server, at: "/professional-dashboard" });
  await expect(page.getByRole("heading", { name: "Your plan" })).toBeVisible();
  // The onboarding checklist tells them too, with the plan page's link.
  const planStep = page.locator('li[aria-labelledby="step-plan"]');
  await expect(planStep).toContainText("Choose a plan");
  await expect(planStep).toContainText("To do");
  await expect(planStep.getByRole("link", { name: "Go to your plan" })).toHaveAttribute("href", "/professional-dashboard/plan");
  await page.getByRole("link", { name: "Choose a plan" }).click();
  await expect(page.getByText("$199.00 a month")).toBeVisible();
  await page.getByRole("button", { name: "Choose Practice" }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/checkout/cs_test\\d+$`));
  await expect(page.getByRole("heading", { name: "Stripe stand-in: Checkout" })).toBeVisible();
  const session = standIn.requests.find((r) => r.path === "/v1/checkout/sessions" && r.body.client_reference_id === String(pro));
  expect(session?.body).toMatchObject({ mode: "subscription", line_items: { "0": { price: "price_e2e_practice" } } });
  const customer = String(session?.body.customer);

  // Stripe tells the site, signed; a tampered copy is refused.
  const subscriptionId = `sub_e2e_${t}`;
  const completed = { id: "cs_e2e", object: "checkout.session", mode: "subscription", client_reference_id: String(pro), customer, subscription: subscriptionId, payment_status: "paid", status: "complete", metadata: { planId: "1" } };
  const badPayload = JSON.stringify({ id: "evt_bad", object: "event", type: "checkout.session.completed", data: { object: completed } });
  const header = stripe.webhooks.generateTestHeaderString({ payload: badPayload, secret: SECRET });
  const tampered = await fetch(`${server.baseURL}/stripe/webhook`, { method: "POST", body: badPayload.replace("paid", "paid "), headers: { "Content-Type": "application/json", "Stripe-Signature": header } });
  expect(tampered.status).toBe(400);
  expect(await deliver("checkout.session.completed", completed)).toBe(200);

  await page.goto("/professional-dashboard");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText("Practice · $199.00 a month")).toBeVisible();
  await expect(planStep).toContainText("Practice is active.");
  await screenshot(page, "billing-plan", { widths: [375, 1280], fullPage: true });
  expect(await proposalFor(browser, "During")).toContain(pro);

  // The portal opens from the plan page.
  await page.goto("/professional-dashboard/plan");
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/portal/bps_test\\d+$`));

  // A failed payment (inside the grace period: still proposed), then the subscription ends: out.
  expect(await deliver("invoice.payment_failed", { id: "in_e2e", object: "invoice", customer, parent: { subscription_details: { subscription: subscriptionId } } })).toBe(200);
  expect(await deliver("customer.subscription.deleted", { id: subscriptionId, object: "subscription", customer, status: "canceled", metadata: {}, items: { object: "list", data: [] } })).toBe(200);
  expect(await proposalFor(browser, "After")).not.toContain(pro);
  await page.goto("/professional-dashboard");
  await expect(page.getByText("Canceled", { exact: true })).toBeVisible();
  await expect(page.getByText(/clients are no longer proposed your profile/)).toBeVisible();
  await page.context().close();
});

test("with billing on, How WealthMatch is paid names the Stripe subscription and what it buys", async ({ browser }) => {
  checkedOnce();
  const page = await pageFor(browser);
  await page.goto("/how-we-are-paid");
  await expect(page.getByRole("heading", { level: 2, name: "What the subscription buys" })).toBeVisible();
  await expect(page.getByText("A subscription, monthly or yearly, paid through Stripe.")).toBeVisible();
  await expect(page.getByText(/their subscription is paid or, after a failed payment/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "What membership buys" })).toHaveCount(0);
  await page.context().close();
});
