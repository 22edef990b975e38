import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, blogPosts, formSubmissions, professionals, registrationAnswers, userRoles, users } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import routes from "~/routes";
import { formRequest, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

// Every route registered under /admin, read from app/routes.ts itself: a future admin page is
// checked here the moment it is registered, and one that forgets requireAdmin fails.
const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app");
const PUBLIC_ADMIN_PATHS = new Set(["admin/login"]);
const LAYOUT_FILE = "routes/admin.tsx";

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
type AdminRoute = { file: string; pattern: string };

function flatten(entries: readonly Entry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ file: entry.file, pattern }, ...flatten(entry.children ?? [], pattern)];
  });
}

const adminRoutes = flatten(routes as Entry[]).filter(
  (r) => (r.pattern === "admin" || r.pattern.startsWith("admin/")) && !PUBLIC_ADMIN_PATHS.has(r.pattern),
);

/** A concrete URL for a pattern: every :param becomes 1. */
const urlOf = (pattern: string) => `/${pattern.replace(/:\w+/g, "1")}`;
const paramsOf = (pattern: string) =>
  Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map((m) => [m[1] ?? "", "1"]));

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const modules = new Map<string, RouteModule>();

async function invoke(fn: (args: never) => unknown, request: Request, pattern: string) {
  const url = new URL(request.url);
  const args = { request, url, pattern, params: paramsOf(pattern), context: {} };
  return run(() => (fn as unknown as (a: typeof args) => unknown)(args));
}

const PASSWORD = "Passw0rdX";
async function sessionFor(role: "admin" | "client" | "professional" | "user") {
  const email = uniqueEmail(`guard-${role}`);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role });
  const setCookie = await createSession(requestArgs(getRequest("/admin/login")), userId);
  return { userId, email, cookie: setCookie.split(";")[0] ?? "" };
}

// Sessions are made in beforeAll; the test names are fixed when the file is collected.
const OUTSIDERS = ["signed-out visitor", "client", "professional", "user"] as const;
type Outsider = (typeof OUTSIDERS)[number];
type Visitor = { cookie?: string; userId?: string };
const visitors = new Map<Outsider | "admin", Visitor>([["signed-out visitor", {}]]);
const visitor = (who: Outsider | "admin"): Visitor => {
  const v = visitors.get(who);
  if (!v) throw new Error(`no session for ${who}`);
  return v;
};

// Imports every admin route module and makes four sessions: more than the default 10 s on a busy machine.
beforeAll(async () => {
  for (const r of adminRoutes) modules.set(r.file, (await import(path.join(APP_DIR, r.file))) as RouteModule);
  for (const role of ["client", "professional", "user", "admin"] as const) visitors.set(role, await sessionFor(role));
  // Record pages (/admin/submissions/1) answer 404 for a record that does not exist: give them one.
  await db().insert(formSubmissions).values({ id: 1, name: "Guard Test", email: "guard@example.com", message: "Company: N/A\n\nMessage: Hello there." });
  // Pages with an :id show a real row: the URLs use 1.
  await db().insert(professionals).values({ id: 1, name: "Guard Test", email: uniqueEmail("guard-professional") });
  // Pages of one post (/admin/blog/1, /admin/blog/1/edit) answer 404 for a post that does not exist.
  await db()
    .insert(blogPosts)
    .values({ id: 1, title: "Guarded post", slug: "guarded-post", content: "<p>A post that the guard checks are run against.</p>" })
    .onConflictDoNothing();
  // /admin/matches/:userId shows a registered client: user "1".
  await db().insert(users).values({ id: "1", email: uniqueEmail("guard-client"), passwordHash: "x" });
  await db().insert(registrationAnswers).values({ userId: "1", userType: "client", answers: { countryOfResidency: "US", investmentObjectives: ["Growth"] } });
  // /admin/users/1/... (data download, delete step) show an account: user "1" is a client.
  await db().insert(userRoles).values({ userId: "1", role: "client" });
}, 60_000);

const refusalsFor = async (userId: string | undefined, method: string, url: string) =>
  (await db().select().from(auditEvents).where(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"))).filter((e) => e.userId === (userId ?? null) && e.detail === `admin access refused: ${method} ${url}`);

describe("the admin route list", () => {
  it("covers the layout, the dashboard and every admin section", () => {
    const patterns = adminRoutes.map((r) => r.pattern);
    for (const p of [
      "admin",
      "admin/blog",
      "admin/blog/new",
      "admin/blog/:id",
      "admin/blog/:id/edit",
      "admin/submissions",
      "admin/professionals",
      "admin/professionals/new",
      "admin/professionals/:id/edit",
      "admin/users",
      "admin/settings",
      "admin/audit",
    ]) {
      expect(patterns).toContain(p);
    }
  });

  it("registers every admin route file (a file left out of app/routes.ts would escape these checks)", () => {
    const files = fs
      .readdirSync(path.join(APP_DIR, "routes"))
      .filter((f) => /^admin[._]/.test(f) || f === "admin.tsx")
      .map((f) => `routes/${f}`)
      .filter((f) => f !== "routes/admin.login.tsx");
    expect(adminRoutes.map((r) => r.file).sort()).toEqual(files.sort());
  });

  it("gives every admin route a loader and an action, so none answers a POST without checking", () => {
    for (const r of adminRoutes) {
      expect(typeof modules.get(r.file)?.loader, `${r.file} loader`).toBe("function");
      expect(typeof modules.get(r.file)?.action, `${r.file} action`).toBe("function");
    }
  });
});

describe.each(adminRoutes)("$pattern ($file)", ({ file, pattern }) => {
  const url = urlOf(pattern);

  it.each(OUTSIDERS)("sends a %s from the page to /admin/login and records it", async (who) => {
    const { cookie, userId } = visitor(who);
    const loader = modules.get(file)?.loader;
    if (!loader) throw new Error(`${file} has no loader`);
    const out = await invoke(loader, getRequest(url, { cookie }), pattern);
    // The sign-in page brings the admin back to the page asked for.
    const location = url === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(url)}`;
    expect(out).toMatchObject({ kind: "redirect", location });
    expect([302, 303, 307]).toContain(out.status);
    // The layout's loader runs beside a page's loader on every visit and leaves the record to it.
    if (file === LAYOUT_FILE) expect(await refusalsFor(userId, "GET", url)).toEqual([]);
    else expect((await refusalsFor(userId, "GET", url)).length).toBeGreaterThan(0);
  });

  it.each(OUTSIDERS)("answers a POST by a %s with 403, sets nothing, records it", async (who) => {
    const { cookie, userId } = visitor(who);
    const action = modules.get(file)?.action;
    if (!action) throw new Error(`${file} has no action`);
    const before = (await refusalsFor(userId, "POST", url)).length;
    const request = formRequest(url, { intent: "sidebar", open: "false", back: url }, { cookie });
    const out = await invoke(action, request, pattern);
    expect(out.status).toBe(403);
    expect(out.cookies).toEqual([]);
    expect((await refusalsFor(userId, "POST", url)).length).toBe(before + 1);
  });

  it("lets an admin see the page (200) and records nothing suspicious", async () => {
    const loader = modules.get(file)?.loader;
    if (!loader) throw new Error(`${file} has no loader`);
    const { cookie, userId } = visitor("admin");
    const out = await invoke(loader, getRequest(url, { cookie }), pattern);
    // A page answers data; a download (a resource route) answers its own Response: 200 either way, no redirect.
    expect(out).toMatchObject({ status: 200, location: "" });
    const suspicious = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "SUSPICIOUS_ACTIVITY"), eq(auditEvents.userId, userId ?? "")));
    expect(suspicious).toEqual([]);
  });

  it("lets an admin's POST past the guard", async () => {
    const action = modules.get(file)?.action;
    if (!action) throw new Error(`${file} has no action`);
    const out = await invoke(action, formRequest(url, {}, { cookie: visitor("admin").cookie }), pattern);
    expect(out.status).not.toBe(403);
  });
});
