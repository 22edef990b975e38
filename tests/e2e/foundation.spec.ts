import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES as SITE_PAGES } from "../../app/features/site/public-pages";
import { checkedOnce } from "./support";

// Every HTML page anyone may open, signed out (the one list the routes are made from).
const PUBLIC_PAGES = SITE_PAGES.map((p) => p.path).filter((p) => !/\.(xml|txt)$/.test(p) && !p.includes(":"));

const HEADER_LINKS = [
  { name: "Home", path: "/" },
  { name: "About", path: "/about" },
  { name: "Services", path: "/services" },
  { name: "For Professionals", path: "/professionals" },
  { name: "Blog", path: "/blog" },
  { name: "Contact", path: "/contact" },
  { name: "Login", path: "/login" },
  { name: "Get Started", path: "/register" },
];

const FOOTER_LINKS = [
  { name: "For Clients", path: "/services" },
  { name: "For Professionals", path: "/professionals" },
  { name: "How Matching Works", path: "/matching" },
  { name: "How We Are Paid", path: "/how-we-are-paid" },
  { name: "Security & Privacy", path: "/security" },
  { name: "Blog", path: "/blog" },
  { name: "About", path: "/about" },
  { name: "Careers", path: "/careers" },
  { name: "Press", path: "/press" },
  { name: "Privacy Policy", path: "/privacy" },
  { name: "Terms of Service", path: "/terms" },
  { name: "Cookie Policy", path: "/cookies" },
];

const footer = (page: Page) => page.locator("footer");
const footerLink = (page: Page, name: string) => footer(page).getByRole("link", { name, exact: true });

async function expectAt(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  // The address alone may still show the page being left (see expectArrived); the canonical link, which
  // every public page has, names the page rendered.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^https?://[^/]+${path}$`));
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
}

test.describe("public pages", () => {
  test("each answers 200 with a heading, header and footer", async ({ page }) => {
    checkedOnce();
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["content-type"], path).toContain("text/html");
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
      await expect(page.locator("header"), path).toBeVisible();
      await expect(footer(page), path).toContainText(`© ${new Date().getFullYear()} WealthMatch`);
    }
  });

  test("an unknown path answers 404 with 'Oops! Page not found' and a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    const home = page.locator("main").getByRole("link", { name: /home/i });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expectAt(page, "/");
  });
});

test.describe("header", () => {
  test("has the spec's links, and each leads to a page that answers", async ({ page, request }) => {
    await page.goto("/about");
    const header = page.locator("header");
    for (const link of HEADER_LINKS) {
      await expect(header.getByRole("link", { name: link.name, exact: true })).toHaveAttribute("href", link.path);
      expect((await request.get(link.path)).status(), link.path).toBe(200);
    }
    for (const link of HEADER_LINKS) {
      await header.getByRole("link", { name: link.name, exact: true }).click();
      await expectAt(page, link.path);
    }
  });
});

test.describe("footer", () => {
  test("has the spec's links, and each leads to a page that answers", async ({ page, request }) => {
    await page.goto("/");
    for (const link of FOOTER_LINKS) {
      await expect(footerLink(page, link.name)).toHaveAttribute("href", link.path);
      expect((await request.get(link.path)).status(), link.path).toBe(200);
    }
    // The footer is on every page: walk from one footer page to the next.
    for (const link of FOOTER_LINKS) {
      await footerLink(page, link.name).click();
      await expectAt(page, link.path);
    }
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("opens, its links work, and it is closed on the next page", async ({ page }) => {
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(mobileNav).toBeHidden();

    await page.getByLabel("Menu").click();
    await expect(mobileNav).toBeVisible();
    const menu = page.locator("header");
    for (const link of HEADER_LINKS) {
      await expect(menu.getByRole("link", { name: link.name, exact: true })).toHaveAttribute("href", link.path);
    }

    await mobileNav.getByRole("link", { name: "About", exact: true }).click();
    await expectAt(page, "/about");
    await expect(mobileNav).toBeHidden();

    await page.getByLabel("Menu").click();
    await mobileNav.getByRole("link", { name: "For Professionals", exact: true }).click();
    await expectAt(page, "/professionals");
    await expect(mobileNav).toBeHidden();

    await page.getByLabel("Menu").click();
    await menu.getByRole("link", { name: "Get Started", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/register");
    await expect(mobileNav).toBeHidden();
  });

  test("closes with the same button", async ({ page }) => {
    await page.goto("/contact");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await page.getByLabel("Menu").click();
    await expect(mobileNav).toBeVisible();
    await page.getByLabel("Menu").click();
    await expect(mobileNav).toBeHidden();
  });
});
