import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { blogPosts, formSubmissions, professionals } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { dashboardCounts } from "~/features/admin/dashboard/dashboard.data.server";
import { sidebarOpenFrom } from "~/features/admin/shell/sidebar-state";
import { COOKIES } from "~/platform/http/cookies";
const SIDEBAR_MAX_AGE = COOKIES.sidebar.maxAge;
import { action as layoutAction, loader as layoutLoader } from "~/routes/admin";
import { loader as dashboardLoader } from "~/routes/admin._index";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

async function adminCookie() {
  const { userId } = await upsertAccount({ email: uniqueEmail("shell-admin"), password: "Passw0rdX", role: "admin" });
  return (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
}

const toggle = (fields: Record<string, string>, cookie: string) =>
  run(() => call(layoutAction, formRequest("/admin", { intent: "sidebar", ...fields }, { cookie })));

describe("sidebar state", () => {
  it("is open unless the cookie says false", () => {
    expect(sidebarOpenFrom(null)).toBe(true);
    expect(sidebarOpenFrom("a=1; sidebar_state=true")).toBe(true);
    expect(sidebarOpenFrom("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(sidebarOpenFrom("not_sidebar_state=false")).toBe(true);
  });

  it("the toggle form sets a 7-day cookie and sends the admin back to the page they were on", async () => {
    const cookie = await adminCookie();
    const out = await toggle({ open: "false", back: "/admin/users?role=admin" }, cookie);
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/users?role=admin" });
    expect(out.cookies).toEqual([`sidebar_state=false; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax`]);
    expect(SIDEBAR_MAX_AGE).toBe(604_800);

    const reopened = await toggle({ open: "true", back: "/admin" }, cookie);
    expect(reopened.cookies[0]).toMatch(/^sidebar_state=true;/);
  });

  it.each(["https://evil.example/admin", "//evil.example/admin", "/blog", "/administrator", ""])(
    "never sends the admin off the admin area (back=%j)",
    async (back) => {
      const out = await toggle({ open: "false", back }, await adminCookie());
      expect(out.location).toBe("/admin");
    },
  );

  it("the layout reads the state for the first paint", async () => {
    const cookie = await adminCookie();
    const out = await run(() => call(layoutLoader, getRequest("/admin", { cookie: `${cookie}; sidebar_state=false` })));
    expect(out.body).toMatchObject({ sidebarOpen: false, email: expect.stringContaining("shell-admin") });
  });

  it("any other POST to /admin is refused: 403 for a visitor, 405 for an admin", async () => {
    const post = (cookie: string) => run(() => call(layoutAction, formRequest("/admin", { intent: "delete-everything" }, { cookie })));
    expect((await post("")).status).toBe(403);
    expect((await post(await adminCookie())).status).toBe(405);
  });
});

describe("dashboard counts", () => {
  it("counts posts (published or not), submissions (and the new ones) and professionals (and the verified ones)", async () => {
    expect(await dashboardCounts()).toEqual({
      posts: { total: 0, published: 0, drafts: 0 },
      submissions: { total: 0, new: 0 },
      professionals: { total: 0, verified: 0, unverified: 0 },
    });
    await db()
      .insert(blogPosts)
      .values([
        { title: "A", slug: "a", content: "x".repeat(60), published: true, publishedAt: new Date() },
        { title: "B", slug: "b", content: "x".repeat(60), published: true, publishedAt: new Date() },
        { title: "C", slug: "c", content: "x".repeat(60) },
      ]);
    await db()
      .insert(formSubmissions)
      .values([
        { name: "N", email: "n@example.com", message: "hello there" },
        { name: "P", email: "p@example.com", message: "hello there", status: "in-progress" },
        { name: "R", email: "r@example.com", message: "hello there", status: "resolved" },
        { name: "M", email: "m@example.com", message: "hello there" },
      ]);
    await db()
      .insert(professionals)
      .values([
        { name: "V", email: "v@example.com", verified: true },
        { name: "U", email: "u@example.com" },
      ]);
    const counts = {
      posts: { total: 3, published: 2, drafts: 1 },
      submissions: { total: 4, new: 2 },
      professionals: { total: 2, verified: 1, unverified: 1 },
    };
    expect(await dashboardCounts()).toEqual(counts);
    const cookie = await adminCookie();
    expect(await run(() => call(dashboardLoader, getRequest("/admin", { cookie })))).toMatchObject({ status: 200, body: counts });
  });
});
