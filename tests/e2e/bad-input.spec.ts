import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import routes from "../../app/routes";
import { createUser, testDb, uniqueEmail } from "./support";

// Bad input is the sender's mistake: a 4xx (or the form again with its message), never a 5xx, on every
// route that takes a form (docs/decisions/011-request-limits-and-errors.md). Plain HTTP over a socket, so that nothing (a browser, fetch)
// cleans up a Host header or an address before it reaches the server.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const HTTP_ONLY = "HTTP only: checked once, in the js project";
const PASSWORD = "Passw0rd!BadInput";
// Sign-in and contact limits count per address: the fuzz's own keeps other specs' budgets whole.
const ADDRESS = "198.18.17.6";

type Answer = { status: number; headers: Record<string, string[]>; body: string };

function target(): { host: string; port: number; origin: string } {
  const url = new URL(process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000");
  return { host: url.hostname, port: Number(url.port), origin: url.origin };
}

/** One request on a connection of its own, written byte for byte. Rejects when no answer comes. */
function send(
  method: string,
  requestPath: string,
  headers: Record<string, string | undefined>,
  body: Buffer = Buffer.alloc(0),
): Promise<Answer> {
  const { host, port } = target();
  const lines = [`${method} ${requestPath} HTTP/1.1`];
  const all: Record<string, string | undefined> = { Host: `${host}:${port}`, Connection: "close", ...headers };
  if (method === "POST") all["Content-Length"] = String(body.length);
  for (const [name, value] of Object.entries(all)) if (value !== undefined) lines.push(`${name}: ${value}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${method} ${requestPath}`)));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = text.slice(0, split).split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      if (!status) return reject(new Error(`no status line for ${method} ${requestPath}: ${JSON.stringify(text.slice(0, 80))}`));
      const parsed: Record<string, string[]> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        (parsed[name] ??= []).push(line.slice(colon + 1).trim());
      }
      resolve({ status, headers: parsed, body: text.slice(split + 4) });
    });
    socket.write(Buffer.concat([head, body]));
  });
}

const cookieFrom = (answer: Answer, name: string) =>
  (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0] ?? "").find((pair) => pair.startsWith(`${name}=`));

/** A session cookie through the real sign-in form. */
async function signIn(role: "admin" | "professional" | "client"): Promise<string> {
  return (await signInAs(role)).session;
}

async function signInAs(role: "admin" | "professional" | "client"): Promise<{ session: string; userId: string }> {
  const user = await createUser({ email: uniqueEmail(`bad-input-${role}`), password: PASSWORD, role });
  // A professional edits only an entry linked to the account; without one the edit form redirects unread.
  if (role === "professional") {
    testDb().prepare("INSERT INTO professionals (name, email, user_id) VALUES (?, ?, ?)").run("Fuzz Professional", user.email, user.id);
  }
  const page = role === "admin" ? "/admin/login" : "/login";
  const body = Buffer.from(new URLSearchParams({ email: user.email, password: PASSWORD }).toString());
  const answer = await send("POST", page, form("application/x-www-form-urlencoded"), body);
  const session = cookieFrom(answer, "wm_session");
  if (!session) throw new Error(`signing in as ${role} gave ${answer.status} and no session`);
  return { session, userId: user.id };
}

const form = (contentType: string, extra: Record<string, string | undefined> = {}) => ({
  "Content-Type": contentType,
  Origin: target().origin,
  "X-Forwarded-For": ADDRESS,
  ...extra,
});

const BOUNDARY = "----fuzzBoundary7MA4YWxkTrZu0gW";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
// The field names the site's forms use (tokens, intents, ids): a value where a form expects one.
const FIELDS = ["intent", "id", "userId", "email", "password", "csrf", "token", "code", "status", "role", "value", "back", "name__confirm", "from__confirm"];

/** A page's address in two halves, so a case can spoil either. */
type Address = { pathname: string; search: string };
type Case = { name: string; address?: (page: Address) => string; headers: Record<string, string | undefined>; body: Buffer };

/** The fixed list of bad requests every form's route gets. */
const CASES: Case[] = [
  {
    name: "multipart cut off inside a part",
    headers: form(MULTIPART),
    body: Buffer.from(`${part("intent", "save")}--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf-a-val`),
  },
  {
    name: "multipart whose body uses another boundary",
    headers: form(MULTIPART),
    body: Buffer.from(`--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--other--\r\n`),
  },
  {
    name: "multipart part without headers",
    headers: form(MULTIPART),
    body: Buffer.from(`--${BOUNDARY}\r\nnot a header\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
  },
  {
    name: "multipart with a file in every field",
    headers: form(MULTIPART),
    body: Buffer.from(
      FIELDS.map((name) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`).join("") +
        `--${BOUNDARY}--\r\n`,
    ),
  },
  {
    name: "urlencoded with bad percent escapes and bytes that are not UTF-8",
    headers: form("application/x-www-form-urlencoded"),
    body: Buffer.concat([
      Buffer.from("%ZZ=%E0%A4%A&intent=%FF%FE&email=%C0%80&id=%&"),
      Buffer.from([0xff, 0xfe, 0x3d, 0xc3, 0x28, 0x26]),
      Buffer.from("csrf=%E0%A4%A"),
    ]),
  },
  {
    name: "forged tokens and garbage ids",
    headers: form("application/x-www-form-urlencoded"),
    body: Buffer.from(new URLSearchParams(FIELDS.map((name) => [name, name === "name__confirm" ? "" : "forged!%$"])).toString()),
  },
  {
    name: "garbage honeypot",
    headers: form("application/x-www-form-urlencoded"),
    body: Buffer.from("name__confirm=&from__confirm=garbage&email=a%40example.com&message=hello"),
  },
  {
    name: "a Host that is no host name",
    headers: form("application/x-www-form-urlencoded", { Host: "a b c" }),
    body: Buffer.from("intent=save"),
  },
  {
    name: "an empty Host",
    headers: form("application/x-www-form-urlencoded", { Host: "" }),
    body: Buffer.from("intent=save"),
  },
  {
    name: "a path that cannot be percent-decoded",
    address: ({ pathname, search }) => `${pathname}%E0%A4%A${search}`,
    headers: form("application/x-www-form-urlencoded"),
    body: Buffer.from("intent=save"),
  },
  {
    name: "a query that cannot be percent-decoded",
    address: ({ pathname, search }) => `${pathname}${search ? `${search}&` : "?"}%E0%A4%A=%ZZ&redirectTo=%E0%A4%A&back=%`,
    headers: form("application/x-www-form-urlencoded"),
    body: Buffer.from("intent=save"),
  },
];

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Every route module with an action: from app/routes.ts, so a new form is fuzzed too. */
function routesWithActions(): { pattern: string; search: string; file: string }[] {
  const found: { pattern: string; search: string; file: string }[] = [];
  const walk = (list: RouteEntry[], prefix: string) => {
    for (const route of list) {
      const pattern = route.path ? `${prefix}/${route.path}` : prefix || "/";
      const source = fs.readFileSync(path.join(ROOT, "app", route.file), "utf8");
      // A post to a layout's own address goes to the layout's action; its index route's takes ?index.
      const search = route.index && prefix ? "?index" : "";
      if (/export (const|async function|function) action\b/.test(source)) found.push({ pattern, search, file: route.file });
      if (route.children) walk(route.children, pattern);
    }
  };
  walk(routes as RouteEntry[], "");
  return found;
}

function firstId(sql: string): string {
  const row = testDb().prepare(sql).get() as { id: number | string } | undefined;
  return row ? String(row.id) : "1";
}

function whoFor(pattern: string): "admin" | "professional" | "client" | null {
  if (pattern === "/admin/login") return null;
  if (pattern.startsWith("/admin")) return "admin";
  if (pattern.startsWith("/professional-dashboard")) return "professional";
  if (pattern.startsWith("/client-welcome") || pattern.startsWith("/account")) return "client";
  // An introduction's pages and its call's outcome: the client of the one the test sets up.
  if (pattern.startsWith("/introductions") || pattern.startsWith("/calls")) return "client";
  // /logout and the public forms: anonymous (a session here would be signed out by /logout).
  return null;
}

test.describe("bad input is never a 5xx", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, HTTP_ONLY);

  test("a garbage honeypot value on /contact is dropped like any honeypot hit, and nothing is stored", async () => {
    const page = await send("GET", "/contact", { "X-Forwarded-For": ADDRESS });
    const cookie = cookieFrom(page, "wm_csrf");
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)?.[1]?.replaceAll("&amp;", "&");
    expect(cookie && csrf).toBeTruthy();
    const email = uniqueEmail("bad-honeypot");
    for (const garbage of ["garbage", "QVS8", "!!!"]) {
      const fields = new URLSearchParams({
        csrf: csrf ?? "",
        name__confirm: "",
        from__confirm: garbage,
        firstName: "Ada",
        lastName: "Lovelace",
        email,
        inquiryType: "client",
        message: "I would like to talk about planning for my family's estate.",
      });
      const answer = await send("POST", "/contact", form("application/x-www-form-urlencoded", { Cookie: cookie }), Buffer.from(fields.toString()));
      expect(answer.status, garbage).toBe(302);
      expect(answer.headers.location, garbage).toEqual(["/contact"]);
    }
    expect(testDb().prepare("SELECT id FROM form_submissions WHERE email = ?").all(email)).toEqual([]);
  });

  test("a malformed multipart body on the admin's list and settings forms is 400", async () => {
    // Two sign-ins at the production bcrypt cost, on a shared machine.
    test.setTimeout(60_000);
    const admin = await signIn("admin");
    const submission = firstId("SELECT id FROM form_submissions ORDER BY id LIMIT 1");
    for (const page of ["/admin/settings", "/admin/users", "/admin/professionals", "/admin/submissions", `/admin/submissions/${submission}`]) {
      const answer = await send("POST", page, form(MULTIPART, { Cookie: admin }), Buffer.from(`--${BOUNDARY}\r\nnot a part`));
      expect(answer.status, page).toBe(400);
      expect(answer.body, page).toContain("Bad request");
    }
    // The professional's own profile form takes a photo: the same multipart reader, the same answer.
    const professional = await signIn("professional");
    const own = await send("POST", "/professional-dashboard/edit", form(MULTIPART, { Cookie: professional }), Buffer.from(`--${BOUNDARY}\r\nnot a part`));
    expect(own.status).toBe(400);
  });

  test("a Host header that is no host name is 400 with the site's error page", async () => {
    for (const host of ["a b c", "", "a<b", "x%zz"]) {
      for (const [method, page] of [["GET", "/"], ["GET", "/about"], ["POST", "/contact"]] as const) {
        const body = Buffer.from(method === "POST" ? "email=a" : "");
        const headers = method === "POST" ? form("application/x-www-form-urlencoded", { Host: host }) : { Host: host };
        const answer = await send(method, page, headers, body);
        expect(answer.status, `${method} ${page} Host: ${host}`).toBe(400);
        expect(answer.body).toContain("Bad request");
      }
    }
    // A trusted proxy's X-Forwarded-Host names the host the app sees: the same rule.
    expect((await send("GET", "/about", { "X-Forwarded-Host": "a b c" })).status).toBe(400);
    expect((await send("GET", "/about", {})).status).toBe(200);
  });

  test("Strict-Transport-Security is sent once behind a TLS proxy, on pages, redirects and files", async () => {
    for (const page of ["/about", "/contact", "/admin", "/favicon.svg"]) {
      const answer = await send("GET", page, { "X-Forwarded-Proto": "https" });
      expect(answer.status, page).toBeLessThan(400);
      expect(answer.headers["strict-transport-security"], page).toEqual(["max-age=63072000; includeSubDomains"]);
    }
    // Asked twice: the second /about may come from the page cache.
    const again = await send("GET", "/about", { "X-Forwarded-Proto": "https" });
    expect(again.headers["strict-transport-security"]).toEqual(["max-age=63072000; includeSubDomains"]);
    expect((await send("GET", "/about", {})).headers["strict-transport-security"]).toBeUndefined();
  });

  test("every route with a form answers each bad request with a 4xx or its page, and keeps answering", async () => {
    test.setTimeout(240_000);
    const [admin, professional, client] = [await signInAs("admin"), await signInAs("professional"), await signInAs("client")];
    const sessions = { admin: admin.session, professional: professional.session, client: client.session };
    // The client and the professional of an accepted introduction with a booked call, so its forms are
    // reached rather than answered 404.
    const entry = (testDb().prepare("SELECT id FROM professionals WHERE user_id = ?").get(professional.userId) as { id: number }).id;
    const now = Date.now();
    const intro = testDb()
      .prepare("INSERT INTO introductions (client_user_id, professional_id, status, requested_at, answered_at) VALUES (?, ?, 'accepted', ?, ?) RETURNING id")
      .get(client.userId, entry, now, now) as { id: number };
    const booking = testDb()
      .prepare("INSERT INTO bookings (introduction_id, professional_id, starts_at, ends_at, kind, uid) VALUES (?, ?, ?, ?, 'video', ?) RETURNING id")
      .get(intro.id, entry, now + 72 * 3_600_000, now + 72.5 * 3_600_000, `fuzz-${intro.id}@bad-input.test`) as { id: number };
    // The admin's delete page deletes on any readable post (the post is the confirmation): a throwaway account.
    const target = await createUser({ email: uniqueEmail("bad-input-target"), password: PASSWORD, role: "client" });
    const ids: Record<string, string> = {
      "/blog/:id": firstId("SELECT id FROM blog_posts ORDER BY id LIMIT 1"),
      "/submissions/:id": firstId("SELECT id FROM form_submissions ORDER BY id LIMIT 1"),
      "/professionals/:id": firstId("SELECT id FROM professionals ORDER BY id LIMIT 1"),
      "/users/:id": target.id,
      "/matches/:userId": target.id,
      "/introductions/:id": String(intro.id),
      "/calls/:bookingId": String(booking.id),
    };
    const routeList = routesWithActions();
    expect(routeList.map((r) => r.pattern)).toEqual(expect.arrayContaining(["/contact", "/admin/settings", "/admin/users", "/admin/submissions/:id", "/logout", "/professional-dashboard/edit", "/account", "/account/confirm-email", "/newsletter", "/newsletter/confirm", "/newsletter/unsubscribe", "/newsletter/unsubscribe/one-click", "/admin/blog/:id/send", "/admin/plans", "/professional-dashboard/plan", "/stripe/webhook", "/professional-dashboard/registrations", "/admin/professionals/:id/vetting"]));

    const failures: string[] = [];
    let sent = 0;
    for (const { pattern, search } of routeList) {
      const pathname = pattern.replace(/\/(blog|submissions|professionals|users|matches|introductions|calls)\/:(id|userId|bookingId)/, (whole) => {
        const id = ids[whole];
        if (!id) throw new Error(`no id for ${whole} in ${pattern}`);
        return whole.replace(/:(id|userId|bookingId)/, id);
      });
      expect(pathname, `a parameter of ${pattern} has no value here`).not.toContain(":");
      const who = whoFor(pattern);
      for (const fuzz of CASES) {
        const address = fuzz.address ? fuzz.address({ pathname, search }) : pathname + search;
        const headers = { ...fuzz.headers, Cookie: who ? sessions[who] : undefined };
        try {
          const answer = await send("POST", address, headers, fuzz.body);
          sent++;
          if (answer.status >= 500) failures.push(`${answer.status} POST ${address} (${who ?? "anonymous"}): ${fuzz.name}`);
        } catch (error) {
          failures.push(`no answer: POST ${address}: ${fuzz.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(routeList.length * CASES.length);

    // Still answering, and the sessions were live all along (so the admin forms were reached, not the sign-in page).
    expect((await send("GET", "/robots.txt", {})).status).toBe(200);
    expect((await send("GET", "/admin", { Cookie: sessions.admin })).status).toBe(200);
  });

  test("each /account form answers junk in its own fields with 400 and its message, and changes nothing", async () => {
    const { session, userId } = await signInAs("client");
    const junk = ["", "x".repeat(5000), "\u0000<script>", "%ZZ", "12"];
    const before = testDb().prepare("SELECT email, password_hash AS hash FROM users WHERE id = ?").get(userId);
    const fields: Record<string, string[]> = {
      name: ["firstName", "lastName"],
      email: ["newEmail", "password"],
      password: ["currentPassword", "password", "confirmPassword"],
      confirm: ["code"],
      regenerate: ["code"],
      disable: ["password", "code"],
    };
    for (const [intent, names] of Object.entries(fields)) {
      for (const value of junk) {
        const body = new URLSearchParams({ intent, ...Object.fromEntries(names.map((n) => [n, value])) });
        const answer = await send("POST", "/account", form("application/x-www-form-urlencoded", { Cookie: session }), Buffer.from(body.toString()));
        expect(answer.status, `${intent} with ${JSON.stringify(value.slice(0, 20))}`).toBeGreaterThanOrEqual(300);
        expect(answer.status, `${intent} with ${JSON.stringify(value.slice(0, 20))}`).toBeLessThan(500);
      }
    }
    const link = await send("POST", "/account/confirm-email", form("application/x-www-form-urlencoded"), Buffer.from("token=%ZZ&token=x"));
    expect(link.status).toBe(400);
    expect(testDb().prepare("SELECT email, password_hash AS hash FROM users WHERE id = ?").get(userId)).toEqual(before);
    expect(testDb().prepare("SELECT count(*) AS n FROM password_reset_tokens WHERE user_id = ? AND purpose = 'email-change'").get(userId)).toEqual({ n: 0 });
  });

  test("the submission reply form and the figures' choices answer junk with 4xx, and change nothing", async () => {
    const { session } = await signInAs("admin");
    const submission = firstId("SELECT id FROM form_submissions ORDER BY id LIMIT 1");
    const replies = () => testDb().prepare("SELECT count(*) AS n FROM submission_replies").get();
    const before = replies();
    for (const body of ["", "x".repeat(6000), "\u0000", "%ZZ"]) {
      const fields = `intent=reply&body=${encodeURIComponent(body).replace("%25ZZ", "%ZZ")}&body=second`;
      const answer = await send("POST", `/admin/submissions/${submission}`, form("application/x-www-form-urlencoded", { Cookie: session }), Buffer.from(fields));
      expect(answer.status, `reply ${JSON.stringify(body.slice(0, 20))}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `reply ${JSON.stringify(body.slice(0, 20))}`).toBeLessThan(500);
    }
    for (const id of ["0", "abc", "99999999999999999999"]) {
      const answer = await send("POST", `/admin/submissions/${id}`, form("application/x-www-form-urlencoded", { Cookie: session }), Buffer.from("intent=reply&body=Hello+there"));
      expect(answer.status, `reply to ${id}`).toBe(404);
    }
    expect(replies()).toEqual(before);
    const stats = testDb().prepare("SELECT value FROM site_settings WHERE key = 'marketingStats'").get();
    for (const junk of ["marketingStats.assets.source=live", "marketingStats.matches.source=%00", "marketingStats.matches.asOf=2026-02-31"]) {
      const answer = await send("POST", "/admin/settings", form("application/x-www-form-urlencoded", { Cookie: session }), Buffer.from(junk));
      expect(answer.status, junk).toBe(400);
    }
    expect(testDb().prepare("SELECT value FROM site_settings WHERE key = 'marketingStats'").get()).toEqual(stats);
  });
});
