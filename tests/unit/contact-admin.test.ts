import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { formSubmissions } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.submissions";
import { action as detailAction, loader as detailLoader } from "~/routes/admin.submissions.$id";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

async function sessionFor(role: "admin" | "client" | "professional" | "user") {
  const { userId } = await upsertAccount({ email: uniqueEmail(`inbox-${role}`), password: "Passw0rdX", role });
  const setCookie = await createSession(requestArgs(getRequest("/admin/login")), userId);
  return setCookie.split(";")[0] ?? "";
}

async function insert(values: Partial<typeof formSubmissions.$inferInsert> & { email: string }): Promise<number> {
  const [row] = await db()
    .insert(formSubmissions)
    .values({ name: "Ada Lovelace", message: "Hello there.", userType: "client", ...values })
    .returning({ id: formSubmissions.id });
  if (!row) throw new Error("no submission inserted");
  return row.id;
}
const statusOf = async (id: number) => (await db().select({ s: formSubmissions.status }).from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1))[0]?.s;

let admin = "";
let id = 0;
beforeAll(async () => {
  admin = await sessionFor("admin");
  id = await insert({ email: "first@example.com" });
});

describe("the status action", () => {
  it.each(["client", "professional", "user", "signed-out"] as const)("answers a %s's POST with 403 and changes nothing", async (who) => {
    const cookie = who === "signed-out" ? undefined : await sessionFor(who);
    for (const [fn, url, params] of [
      [listAction, "/admin/submissions", {}],
      [detailAction, `/admin/submissions/${id}`, { id: String(id) }],
    ] as const) {
      const out = await run(() => call(fn, formRequest(url, { id: String(id), status: "resolved" }, { cookie }), params));
      expect(out.status).toBe(403);
      expect(await statusOf(id)).toBe("new");
    }
  });

  it("lets an admin set any status in any order; without JS the admin goes back to the same filter with 'Success'", async () => {
    for (const status of ["resolved", "new", "in-progress"] as const) {
      const out = await run(() => call(listAction, formRequest("/admin/submissions?status=new&page=1", { id: String(id), status }, { cookie: admin })));
      expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/submissions?status=new" });
      expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
      expect(await statusOf(id)).toBe(status);
    }
  });

  it("with JS answers in place (data, no redirect) with the flash message set", async () => {
    const out = await run(() => call(listAction, formRequest("/admin/submissions", { id: String(id), status: "resolved", enhanced: "1" }, { cookie: admin })));
    expect(out).toMatchObject({ kind: "data", body: { ok: true } });
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
    expect(await statusOf(id)).toBe("resolved");
  });

  it("refuses an unknown status or a missing submission with 'Failed to update status', changing nothing", async () => {
    for (const fields of [{ id: String(id), status: "deleted" }, { id: "999999", status: "new" }, { id: "abc", status: "new" }]) {
      const out = await run(() => call(listAction, formRequest("/admin/submissions", { ...fields, enhanced: "1" }, { cookie: admin })));
      expect(out.body).toEqual({ ok: false });
    }
    expect(await statusOf(id)).toBe("resolved");
  });
});

describe("the inbox", () => {
  it("lists newest first with a 100-character preview, filters by ?status= and counts each status", async () => {
    const long = await insert({ email: "long@example.com", message: "x".repeat(200), company: "Acme", status: "in-progress" });
    const exact = await insert({ email: "exact@example.com", message: "y".repeat(100) });
    const out = await run(() => call(listLoader, getRequest("/admin/submissions", { cookie: admin })));
    const body = out.body as { rows: { id: number; preview: string; company: string | null }[]; total: number; counts: Record<string, number> };
    expect(body.rows.map((r) => r.id).slice(0, 3)).toEqual([exact, long, id]);
    expect(body.rows.find((r) => r.id === long)).toMatchObject({ preview: `${"x".repeat(100)}...`, company: "Acme" });
    expect(body.rows.find((r) => r.id === exact)?.preview).toBe("y".repeat(100));
    expect(body.counts).toEqual({ all: 3, new: 1, "in-progress": 1, resolved: 1 });

    const filtered = await run(() => call(listLoader, getRequest("/admin/submissions?status=in-progress", { cookie: admin })));
    expect((filtered.body as { rows: { id: number }[]; total: number }).rows.map((r) => r.id)).toEqual([long]);
    expect((filtered.body as { total: number }).total).toBe(1);
  });

  it("pages 50 at a time", async () => {
    const before = (await run(() => call(listLoader, getRequest("/admin/submissions", { cookie: admin })))).body as { total: number };
    for (let i = 0; i < 55 - before.total; i++) await insert({ email: `bulk${i}@example.com` });
    const first = (await run(() => call(listLoader, getRequest("/admin/submissions", { cookie: admin })))).body as { rows: unknown[]; pageCount: number };
    const second = (await run(() => call(listLoader, getRequest("/admin/submissions?page=2", { cookie: admin })))).body as { rows: unknown[]; page: number };
    expect(first.rows).toHaveLength(50);
    expect(first.pageCount).toBe(2);
    expect(second.rows).toHaveLength(5);
    expect(second.page).toBe(2);
  });

  it("opens one submission in full, and answers 404 for one that does not exist", async () => {
    const full = "z".repeat(600);
    const one = await insert({ email: "full@example.com", message: full, company: "Acme" });
    const out = await run(() => call(detailLoader, getRequest(`/admin/submissions/${one}`, { cookie: admin }), { id: String(one) }));
    expect(out.status).toBe(200);
    expect((out.body as { submission: { message: string } }).submission.message).toBe(full);
    const missing = await run(() => call(detailLoader, getRequest("/admin/submissions/987654", { cookie: admin }), { id: "987654" }));
    expect(missing.status).toBe(404);
  });
});
