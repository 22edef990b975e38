import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, queryRows } from "~/platform/db.server";
import { auditEvents, formSubmissions, rateLimitHits } from "~/platform/schema";
import { config, resetConfigForTests } from "~/platform/config.server";
import { getSettings } from "~/platform/settings.server";
import { action, loader } from "~/routes/contact";
import { call, formRequest, getRequest, nextCookie, fromAddress } from "./helpers";
import { run } from "./support/auth-requests";
import { captureLogs } from "./support/logs";

type Page = { cookie: string; csrf: string; honeypot: { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string } };
let n = 0;
const email = (tag: string) => `${tag}.${Date.now()}.${++n}@example.com`;

const setCookieHeaders = (cookies: string[]) => new Headers(cookies.map((c): [string, string] => ["Set-Cookie", c]));

/** Opens /contact as a browser does: the page's token and honeypot fields, and the cookie that came with them. */
async function openPage(cookie = ""): Promise<Page> {
  const out = await run(() => call(loader, getRequest("/contact", { cookie })));
  const body = out.body as { csrf: string; honeypot: Page["honeypot"] };
  const jar = out.cookies.length ? nextCookie(setCookieHeaders(out.cookies), cookie) : cookie;
  return { cookie: jar, csrf: body.csrf, honeypot: body.honeypot };
}

function fieldsFor(page: Page, overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    csrf: page.csrf,
    [page.honeypot.nameFieldName]: "",
    firstName: "Ada",
    lastName: "Lovelace",
    email: email("visitor"),
    company: "Analytical Engines Ltd",
    inquiryType: "client",
    message: "I would like to talk about planning for my family's estate.",
    ...overrides,
  };
  if (page.honeypot.validFromFieldName) fields[page.honeypot.validFromFieldName] = page.honeypot.encryptedValidFrom;
  return fields;
}

function post(page: Page, fields: Record<string, string | undefined>, ip = "198.51.100.7", headers: Record<string, string> = {}) {
  return fromAddress(formRequest("/contact", fields, { cookie: page.cookie, headers }), ip);
}

const send = (request: Request) => run(() => call(action, request));
const rowsFor = (address: string) => db().select().from(formSubmissions).where(eq(formSubmissions.email, address));
const allRows = () => db().select({ id: formSubmissions.id }).from(formSubmissions);
const alertOf = (body: unknown) => (body as { alert?: { title: string; description: string } }).alert;
const fieldErrors = (body: unknown) => (body as { result: { error?: Record<string, string[] | null> } }).result.error ?? {};

let page: Page;
beforeAll(async () => {
  page = await openPage();
});

describe("the /contact page", () => {
  it("hands out a token in a signed, HttpOnly, SameSite=Lax cookie, and keeps it while the cookie lasts", async () => {
    const out = await run(() => call(loader, getRequest("/contact")));
    const setCookie = out.cookies.find((c) => c.startsWith("wm_csrf="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const again = await openPage(page.cookie);
    expect(again.csrf).toBe(page.csrf);
  });
});

describe("a valid message", () => {
  it("is stored once as one form_submissions row, the visitor sees 'Message Sent', a fresh token comes with it", async () => {
    const fields = fieldsFor(page, { message: "  <b>Hello</b> & welcome:\r\nplease call me.  " });
    const out = await send(post(page, fields));
    expect(out.kind).toBe("redirect");
    expect(out.location).toBe("/contact");
    const toast = out.cookies.find((c) => c.startsWith("wm_toast="));
    expect(toast).toBeDefined();
    const fresh = out.cookies.find((c) => c.startsWith("wm_csrf="));
    expect(fresh).toBeDefined();
    const next = await openPage(nextCookie(setCookieHeaders(out.cookies), page.cookie));
    expect(next.csrf).not.toBe(page.csrf);

    const rows = await rowsFor(fields.email ?? "");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      formType: "contact",
      userType: "client",
      status: "new",
      company: "Analytical Engines Ltd",
      message: "<b>Hello</b> & welcome:\nplease call me.",
    });
  });

  it("without a company stores none (null), and the message alone", async () => {
    const fields = fieldsFor(page, { company: "" });
    await send(post(page, fields));
    expect((await rowsFor(fields.email ?? ""))[0]).toMatchObject({ company: null, message: "I would like to talk about planning for my family's estate." });
  });

  it("is e-mailed to the contact address from the settings, never to the visitor", async () => {
    const fields = fieldsFor(page, { message: "A message whose notice we look for: zebra-42." });
    await send(post(page, fields));
    const mod = await import("~/features/contact/contact.server");
    await mod.lastNotice;
    const dir = config().mailDir;
    const mails = fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    const notice = mails.find((m) => m.includes("zebra-42"));
    expect(notice).toBeDefined();
    expect(notice).toMatch(new RegExp(`^To: ${(await getSettings()).contact.email}$`, "m"));
    for (const m of mails) expect(m).not.toMatch(new RegExp(`^To: .*${fields.email ?? "?"}`, "m"));
  });
});

describe("bad input", () => {
  it("is refused with the field's message, the text kept, nothing stored", async () => {
    const fields = fieldsFor(page, { message: "too short", company: "c".repeat(101), inquiryType: "" });
    const out = await send(post(page, fields));
    expect(out.status).toBe(400);
    expect(fieldErrors(out.body)).toMatchObject({
      message: ["Message must be at least 10 characters long"],
      company: ["Company name must be less than 100 characters"],
      inquiryType: ["Please select an inquiry type"],
    });
    const initial = (out.body as { result: { initialValue: Record<string, string> } }).result.initialValue;
    expect(initial).toMatchObject({ message: "too short", firstName: "Ada" });
    expect(await rowsFor(fields.email ?? "")).toEqual([]);
  });

  it("with spam keywords or suspicious patterns is 'Content Blocked' with the spec's reason, nothing stored", async () => {
    const spam = fieldsFor(page, { message: "Congratulations, you are a winner of our casino prize." });
    const spamOut = await send(post(page, spam));
    expect(spamOut.status).toBe(422);
    expect(alertOf(spamOut.body)).toEqual({ title: "Content Blocked", description: "Input contains multiple spam indicators" });
    const links = fieldsFor(page, { message: "See https://a.example https://b.example https://c.example https://d.example" });
    const linksOut = await send(post(page, links));
    expect(alertOf(linksOut.body)).toEqual({ title: "Content Blocked", description: "Input contains suspicious patterns" });
    expect([...(await rowsFor(spam.email ?? "")), ...(await rowsFor(links.email ?? ""))]).toEqual([]);
  });
});

describe("the protections", () => {
  it("drops a honeypot hit silently: the usual success, nothing stored, SUSPICIOUS_ACTIVITY recorded", async () => {
    const fields = fieldsFor(page, { [page.honeypot.nameFieldName]: "https://spam.example" });
    const out = await send(post(page, fields, "198.51.100.20"));
    expect(out).toMatchObject({ kind: "redirect", location: "/contact" });
    expect(await rowsFor(fields.email ?? "")).toEqual([]);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.email, fields.email ?? ""));
    expect(events.map((e) => [e.kind, e.detail])).toEqual([["SUSPICIOUS_ACTIVITY", "contact form: honeypot filled, message dropped"]]);
  });

  it("treats a post without the honeypot fields as a hit (it did not come from the form)", async () => {
    const fields = fieldsFor(page);
    delete fields[page.honeypot.nameFieldName];
    if (page.honeypot.validFromFieldName) delete fields[page.honeypot.validFromFieldName];
    const out = await send(post(page, fields, "198.51.100.21"));
    expect(out).toMatchObject({ kind: "redirect", location: "/contact" });
    expect(await rowsFor(fields.email ?? "")).toEqual([]);
  });

  it("treats a 'valid from' value it did not make (garbage, cut short) as a hit, not an error", async () => {
    const from = page.honeypot.validFromFieldName ?? "from__confirm";
    for (const garbage of ["garbage", "QVS8", "!!!", page.honeypot.encryptedValidFrom.slice(0, 20)]) {
      const fields = { ...fieldsFor(page), [from]: garbage };
      const out = await send(post(page, fields, "198.51.100.22"));
      expect(out, garbage).toMatchObject({ kind: "redirect", location: "/contact" });
      expect(await rowsFor(fields.email ?? "")).toEqual([]);
    }
  });

  it("refuses a forged post (no cookie, someone else's token, a token without its cookie) with 403, nothing stored", async () => {
    const other = await openPage();
    const cases: Request[] = [
      // Another site's form: its browser sends no token cookie with a cross-site POST (SameSite=Lax), and it cannot read our token.
      fromAddress(formRequest("/contact", { ...fieldsFor(page), csrf: "" }), "203.0.113.5"),
      fromAddress(formRequest("/contact", fieldsFor(page)), "203.0.113.5"),
      post(page, { ...fieldsFor(page), csrf: other.csrf }, "203.0.113.5"),
      post({ ...page, cookie: "wm_csrf=tampered" }, fieldsFor(page), "203.0.113.5"),
    ];
    for (const request of cases) {
      const fields = Object.fromEntries((await request.clone().formData()).entries());
      const out = await send(request);
      expect(out.status).toBe(403);
      expect(alertOf(out.body)).toEqual({ title: "Error", description: "Failed to send message. Please try again." });
      expect(await rowsFor(String(fields.email))).toEqual([]);
    }
    const refusals = (await db().select().from(auditEvents)).filter((e) => e.detail?.startsWith("contact form: CSRF check failed"));
    expect(refusals.length).toBe(cases.length);
  });
});

describe("the limits", () => {
  it("refuses the 4th message from one e-mail within 5 minutes with 'Too Many Submissions' and a readable wait", async () => {
    const address = email("limited");
    for (let i = 0; i < 3; i++) {
      const out = await send(post(page, fieldsFor(page, { email: address }), `198.51.100.${40 + i}`));
      expect(out.kind).toBe("redirect");
    }
    const out = await send(post(page, fieldsFor(page, { email: address.toUpperCase() }), "198.51.100.50"));
    expect(out.status).toBe(429);
    expect(alertOf(out.body)).toEqual({
      title: "Too Many Submissions",
      description: "Please wait before submitting again. Try again after 5 minutes",
    });
    expect(await rowsFor(address)).toHaveLength(3);
  });

  it("stores exactly 20 rows for 20 valid messages sent at once (distinct e-mails)", async () => {
    const before = (await allRows()).length;
    const requests = Array.from({ length: 20 }, (_, i) => post(page, fieldsFor(page, { email: email(`burst${i}`) }), "192.0.2.200"));
    const outs = await Promise.all(requests.map(send));
    expect(outs.every((o) => o.kind === "redirect")).toBe(true);
    expect((await allRows()).length - before).toBe(20);
  });

  it("stores exactly 3 of 10 messages sent at once from one e-mail", async () => {
    const address = email("burst-same");
    const outs = await Promise.all(Array.from({ length: 10 }, (_, i) => send(post(page, fieldsFor(page, { email: address }), `192.0.2.${10 + i}`))));
    expect(outs.filter((o) => o.kind === "redirect")).toHaveLength(3);
    expect(outs.filter((o) => o.status === 429)).toHaveLength(7);
    expect(await rowsFor(address)).toHaveLength(3);
  });

  it("allows 30 messages in 5 minutes from one address (an office) and stores exactly 30 of a burst of 36", async () => {
    const ip = "192.0.2.77";
    const before = (await allRows()).length;
    const outs = await Promise.all(Array.from({ length: 36 }, (_, i) => send(post(page, fieldsFor(page, { email: email(`office${i}`) }), ip))));
    expect(outs.filter((o) => o.kind === "redirect")).toHaveLength(30);
    expect((await allRows()).length - before).toBe(30);
    const hits = await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, ip));
    expect(hits).toHaveLength(30);
  });

  it("counts only stored messages: refused input does not use up the e-mail's allowance", async () => {
    const address = email("careful");
    for (let i = 0; i < 4; i++) await send(post(page, fieldsFor(page, { email: address, message: "short" }), "198.51.100.90"));
    const out = await send(post(page, fieldsFor(page, { email: address }), "198.51.100.90"));
    expect(out.kind).toBe("redirect");
  });
});

describe("failures", () => {
  it("a message that cannot be stored shows 'Error' - 'Failed to send message. Please try again.' and keeps the text", async () => {
    const fields = fieldsFor(page, { message: "Please keep this text when things go wrong." });
    await queryRows(sql`ALTER TABLE form_submissions RENAME TO form_submissions_away`);
    const logs = captureLogs();
    try {
      const out = await send(post(page, fields, "198.51.100.120"));
      expect(out.status).toBe(503);
      expect(alertOf(out.body)).toEqual({ title: "Error", description: "Failed to send message. Please try again." });
      const initial = (out.body as { result: { initialValue: Record<string, string> } }).result.initialValue;
      expect(initial.message).toBe("Please keep this text when things go wrong.");
      expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "error", part: "contact", msg: "could not store a message" }));
    } finally {
      logs.restore();
      await queryRows(sql`ALTER TABLE form_submissions_away RENAME TO form_submissions`);
    }
    expect(await rowsFor(fields.email ?? "")).toEqual([]);
    // Nothing stored, so nothing counted against the sender either.
    expect(await db().select().from(rateLimitHits).where(eq(rateLimitHits.key, (fields.email ?? "").toLowerCase()))).toEqual([]);
  });

  it("a notice that cannot be mailed never loses the message", async () => {
    const blocked = path.join(config().dataDir, "not-a-directory");
    fs.writeFileSync(blocked, "a file where the mail folder should be");
    const previous = process.env.MAIL_DIR;
    process.env.MAIL_DIR = blocked;
    resetConfigForTests();
    const logs = captureLogs();
    try {
      const fields = fieldsFor(page);
      const out = await send(post(page, fields, "198.51.100.121"));
      expect(out).toMatchObject({ kind: "redirect", location: "/contact" });
      const mod = await import("~/features/contact/contact.server");
      await mod.lastNotice;
      expect(await rowsFor(fields.email ?? "")).toHaveLength(1);
      expect(logs.lines().some((line) => line.msg?.includes("could not email the notice"))).toBe(true);
    } finally {
      logs.restore();
      process.env.MAIL_DIR = previous;
      resetConfigForTests();
    }
  });
});
