// What an operator's log never holds (app/platform/log.server.ts): a password, a session cookie, an
// e-mail address, the text of a message, a reset token. A visitor signs in, signs in with a wrong
// password, asks for a reset link and sends a contact message whose notice cannot be mailed (an error
// that is logged); a request with the same secrets in its cookie and address goes through the server's
// request log. Then the whole log is read.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { config, resetConfigForTests } from "~/platform/config.server";
import { HSTS, setServerHeaders } from "~/platform/http/headers.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { action as loginAction } from "~/routes/login";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { createServer, type AppBuild } from "../../server/app";
import { call, formRequest, fromAddress, getRequest, nextCookie } from "./helpers";
import { decodeQuotedPrintable, post, run, sessionCookieOf, uniqueEmail } from "./support/auth-requests";
import { captureLogs, logLines } from "./support/logs";

const PASSWORD = "Kn0wn-Passw0rd-7f3a";
const WRONG = "Wr0ng-Passw0rd-91c2";
const MESSAGE = "Please call me about my pension transfer, reference ZX-4471.";

let logs: ReturnType<typeof captureLogs>;
beforeAll(() => {
  logs = captureLogs();
});
afterAll(() => logs.restore());

/** The token of the reset link mailed to `email`. */
function resetTokenMailedTo(email: string) {
  return vi.waitFor(
    () => {
      for (const f of fs.readdirSync(config().mailDir).filter((name) => name.endsWith(".eml"))) {
        const text = decodeQuotedPrintable(fs.readFileSync(path.join(config().mailDir, f), "utf8"));
        const m = text.includes(`To: ${email}`) ? /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text) : null;
        if (m?.[1]) return m[1];
      }
      throw new Error(`no mail to ${email} yet`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

async function sendContactMessage(email: string) {
  const opened = await run(() => call(contactLoader, getRequest("/contact")));
  const body = opened.body as { csrf: string; honeypot: { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string } };
  const cookie = nextCookie(new Headers(opened.cookies.map((c): [string, string] => ["Set-Cookie", c])));
  const fields: Record<string, string> = {
    csrf: body.csrf,
    [body.honeypot.nameFieldName]: "",
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    company: "Analytical Engines Ltd",
    inquiryType: "client",
    message: MESSAGE,
  };
  if (body.honeypot.validFromFieldName) fields[body.honeypot.validFromFieldName] = body.honeypot.encryptedValidFrom;
  const mod = await import("~/features/contact/contact.server");
  const out = await run(() => call(contactAction, fromAddress(formRequest("/contact", fields, { cookie }), "198.51.100.77")));
  await mod.lastNotice;
  return out;
}

describe("the log", () => {
  it("holds no password, session cookie, e-mail address, message text or token", async () => {
    const email = uniqueEmail("secret-keeper");
    await upsertAccount({ email, password: PASSWORD, role: "client" });

    const signedIn = await run(() => call(loginAction, post("/login", { email, password: PASSWORD })));
    const session = sessionCookieOf(signedIn.cookies)?.split(";")[0]?.split("=")[1] ?? "";
    expect(session.length).toBeGreaterThan(20);
    const refused = await run(() => call(loginAction, post("/login", { email, password: WRONG })));
    expect(refused.status).toBe(400);

    await run(() => call(forgotAction, post("/forgot-password", { email })));
    const token = await resetTokenMailedTo(email);

    // The notice to the admins cannot be mailed (a file where the mail folder should be): an error is logged.
    const blocked = path.join(config().dataDir, "not-a-mail-folder");
    fs.writeFileSync(blocked, "in the way");
    const previous = process.env.MAIL_DIR;
    process.env.MAIL_DIR = blocked;
    resetConfigForTests();
    const contactEmail = uniqueEmail("contact-visitor");
    try {
      expect(await sendContactMessage(contactEmail)).toMatchObject({ kind: "redirect", location: "/contact" });
    } finally {
      process.env.MAIL_DIR = previous;
      resetConfigForTests();
    }

    // The server's own request line for a request carrying all of it in its cookie, headers and address.
    const { server, stop } = createServer({
      build: { entry: { module: { refusalPage: (status: number) => `<p>refused ${status}</p>`, HSTS, setServerHeaders } } } as unknown as AppBuild,
      clientDir: os.tmpdir(),
      handler: (_req, res) => void res.end("ok"),
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/reset-password?token=${token}&email=${encodeURIComponent(email)}`, {
        headers: { Cookie: `wm_session=${session}`, Authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString("base64")}` },
      });
      await res.text();
      await vi.waitFor(() => expect(logs.lines().some((line) => line.msg === "request" && line.path === "/reset-password")).toBe(true));
    } finally {
      await stop();
    }

    const text = logs.text();
    // Every line is JSON, and the failure above was logged.
    const lines = logLines(text);
    expect(lines).toContainEqual(expect.objectContaining({ level: "error", part: "contact" }));
    for (const secret of [PASSWORD, WRONG, session, email, contactEmail, MESSAGE, "ZX-4471", token]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    expect(text).not.toContain(encodeURIComponent(email));
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}/);
    expect(text).not.toMatch(/set-cookie|wm_session=/i);
  });
});
