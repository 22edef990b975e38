import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, professionals, registrationAnswers } from "~/platform/schema";
import { getToast } from "~/platform/http/toast.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { seedDemoContent } from "~/features/seed/demo.server";
import { shortlistOf } from "~/features/matching/shortlists.data.server";
import * as listRoute from "~/routes/admin.matches";
import { oneBusinessDayAfter } from "~/domain/business-day";
import * as matchRoute from "~/routes/admin.matches.$userId";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { cookieHeader, run, uniqueEmail, type Outcome } from "./support/auth-requests";

let adminCookie = "";
let oldClient = "";
let newClient = "";

async function client(hoursAgo: number, answers: Record<string, unknown>) {
  const { userId } = await upsertAccount({ email: uniqueEmail("matches-client"), password: "Passw0rdX", role: "client" });
  await db()
    .insert(registrationAnswers)
    .values({ userId, userType: "client", answers, createdAt: new Date(Date.now() - hoursAgo * 3_600_000) });
  return userId;
}

beforeAll(async () => {
  await seedDemoContent();
  const { userId } = await upsertAccount({ email: uniqueEmail("matches-admin"), password: "Passw0rdX", role: "admin" });
  adminCookie = (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
  oldClient = await client(30, { countryOfResidency: "US", investmentObjectives: ["Growth", "Estate Planning"], netWorth: "25-50M", preferredCommunication: "phone" });
  newClient = await client(2, { countryOfResidency: "AU", investmentObjectives: ["Growth"] });
});

/** The flash message a redirect carries. */
async function toastOf(out: Outcome) {
  return (await getToast(getRequest("/", { cookie: cookieHeader(out.cookies) }))).toast;
}

const act = (userId: string, fields: Record<string, string>) =>
  run(() => matchRoute.action(routeArgs(formRequest(`/admin/matches/${userId}`, fields, { cookie: adminCookie }), { userId })));

const load = async (userId: string) => {
  const out = await run(() => matchRoute.loader(routeArgs(getRequest(`/admin/matches/${userId}`, { cookie: adminCookie }), { userId })));
  return out.body as Loaded<typeof matchRoute.loader>;
};

async function addPro(values: Partial<typeof professionals.$inferInsert> & { name: string; company: string }): Promise<number> {
  const [row] = await db()
    .insert(professionals)
    .values({
      email: uniqueEmail("matches-pro"),
      title: "Advisor",
      verified: true,
      experienceYears: 10,
      services: ["Investment Management", "Estate Planning"],
      aumRange: "100-500M",
      clientProfiles: ["UHNWI"],
      communication: ["phone"],
      countriesServed: ["US"],
      feeModel: "fee-only",
      languages: ["English"],
      ...values,
    })
    .returning({ id: professionals.id });
  if (!row) throw new Error("no professional inserted");
  return row.id;
}

const adminActions = async (prefix: string) =>
  (await db().select().from(auditEvents).where(eq(auditEvents.kind, "ADMIN_ACTION"))).filter((e) => e.detail?.startsWith(prefix));

type Loaded<F extends (...a: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("/admin/matches", () => {
  it("lists waiting clients, longest waiting first, against the one-business-day promise", async () => {
    const out = await run(() => listRoute.loader(routeArgs(getRequest("/admin/matches", { cookie: adminCookie }))));
    const body = out.body as Loaded<typeof listRoute.loader>;
    if (body.tab !== "waiting") throw new Error("expected the waiting tab");
    expect(body.rows.map((r) => r.userId)).toEqual([oldClient, newClient]);
    expect(body.rows[0]).toMatchObject({ hoursWaited: 30, proposed: false });
    expect(body.rows[1]).toMatchObject({ hoursWaited: 2, overdue: false });
    // 30 hours is overdue on a weekday, not over a weekend (a Friday evening's registration is due on Monday).
    const registered = new Date(body.rows[0]!.registeredAt);
    expect(body.rows[0]!.overdue).toBe(Date.now() >= oneBusinessDayAfter(registered).getTime());
  });

  it("counts one business day, not 24 hours: Friday's registration is due on Monday", async () => {
    const friday = new Date(Date.UTC(2026, 10, 20, 18));
    expect(oneBusinessDayAfter(friday).toISOString()).toBe("2026-11-23T18:00:00.000Z");
    expect(oneBusinessDayAfter(new Date(Date.UTC(2026, 10, 22, 9))).toISOString()).toBe("2026-11-23T09:00:00.000Z");
    expect(oneBusinessDayAfter(new Date(Date.UTC(2026, 10, 24, 9))).toISOString()).toBe("2026-11-25T09:00:00.000Z");
  });

  it("opening a client stores nothing: the proposal is computed only by the Recompute form", async () => {
    const before = await load(oldClient);
    expect(before.status).toBeNull();
    expect(before.items).toEqual([]);
    expect(await shortlistOf(oldClient)).toBeNull();
    await load(oldClient);
    expect(await shortlistOf(oldClient)).toBeNull();
  });

  it("Recompute stores the proposal; the page shows the answers and the shortlist with scores and reasons", async () => {
    const out = await act(oldClient, { intent: "recompute" });
    expect(out).toMatchObject({ kind: "redirect", location: `/admin/matches/${oldClient}` });
    expect((await shortlistOf(oldClient))?.status).toBe("proposed");
    expect(await adminActions(`Recomputed the proposed shortlist of client ${oldClient}`)).toHaveLength(1);
    const body = await load(oldClient);
    expect(body.status).toBe("proposed");
    expect(body.client.answers).toMatchObject({ netWorth: "25-50M" });
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    expect(body.items[0]?.name).toBeTruthy();
    expect(body.items.map((i) => i.score)).toEqual([...body.items.map((i) => i.score)].sort((a, b) => b - a));
    expect(body.items[0]?.factors.find((f) => f.factor === "communication")?.counted).toBe(true);
    expect(body.addable.every((p) => !body.items.some((i) => i.id === p.id))).toBe(true);
  });

  it("says when too few professionals match (no one serves Australia in the demo data)", async () => {
    await act(newClient, { intent: "recompute" });
    const body = await load(newClient);
    expect(body.note).toMatch(/^Only 0 professionals match/);
    expect(body.items).toEqual([]);
    expect(body.excluded.length).toBeGreaterThan(0);
    expect(body.excluded[0]?.reasons).toContain("Does not serve the client's country");
  });

  it("an admin removes a professional, and adds one that matching left out, scored and with the reason as a warning", async () => {
    const first = (await load(oldClient)).items;
    const removed = first[0]!;
    const out = await act(oldClient, { intent: "remove", professionalId: String(removed.id) });
    expect((await toastOf(out))?.description).toBe(`${removed.name} removed from the shortlist.`);
    const after = (await shortlistOf(oldClient))!.items;
    expect(after.map((i) => i.id)).toEqual(first.slice(1).map((i) => i.id));
    expect(after.map((i) => i.rank)).toEqual(after.map((_, i) => i + 1));
    expect(await adminActions(`Removed professional ${removed.id} from the proposed shortlist of client ${oldClient}`)).toHaveLength(1);

    // Serves only Canada: the country filter would leave this professional out for a US client.
    const outsider = await addPro({ name: "Outside Adder", company: "Northern Counsel", countriesServed: ["CA"] });
    const added = await act(oldClient, { intent: "add", professionalId: String(outsider) });
    expect((await toastOf(added))?.description).toMatch(/^Outside Adder added\. Matching would have left them out: does not serve the client's country/);
    const body = await load(oldClient);
    const item = body.items.find((i) => i.id === outsider);
    expect(item).toMatchObject({ addedByAdmin: true, warnings: ["Does not serve the client's country"] });
    expect(item?.score).toBeGreaterThan(0);
    expect(item?.factors.find((f) => f.factor === "objectives")?.detail).toMatch(/^Offers services for/);
    expect(item?.factors.find((f) => f.factor === "country")).toMatchObject({ fit: 0, points: 0, detail: "Your country is not among those they list as serving." });
    expect(body.items.map((i) => i.score)).toEqual([...body.items.map((i) => i.score)].sort((a, b) => b - a));
    expect(await adminActions(`Added professional ${outsider} to the proposed shortlist of client ${oldClient} despite: country-not-served`)).toHaveLength(1);
  });

  it("refuses a second professional of a firm on the list, an unverified one, and a sixth", async () => {
    const colleague = await addPro({ name: "Same Firm", company: "  northern   COUNSEL " });
    const sameFirm = await act(oldClient, { intent: "add", professionalId: String(colleague) });
    expect((await toastOf(sameFirm))?.description).toBe("A professional of the same firm is already on the shortlist: one per firm.");
    expect((await shortlistOf(oldClient))!.items.some((i) => i.id === colleague)).toBe(false);

    const unverified = await addPro({ name: "Not Yet Verified", company: "Pending Partners", verified: false });
    const refused = await act(oldClient, { intent: "add", professionalId: String(unverified) });
    expect((await toastOf(refused))?.description).toBe("Only verified professionals can be added.");
    expect((await load(oldClient)).addable.some((p) => p.id === unverified)).toBe(false);

    let n = (await shortlistOf(oldClient))!.items.length;
    while (n < 5) {
      await act(oldClient, { intent: "add", professionalId: String(await addPro({ name: `Filler ${n}`, company: `Filler Firm ${n}` })) });
      n += 1;
    }
    expect((await shortlistOf(oldClient))!.items).toHaveLength(5);
    expect((await load(oldClient)).addable).toEqual([]);
    const sixth = await act(oldClient, { intent: "add", professionalId: String(await addPro({ name: "Sixth", company: "Sixth Firm" })) });
    expect((await toastOf(sixth))?.description).toBe("A shortlist holds at most 5 professionals: remove one first.");
    expect((await shortlistOf(oldClient))!.items).toHaveLength(5);
    const none = await act(oldClient, { intent: "add", professionalId: "" });
    expect((await toastOf(none))?.description).toBe("Choose a professional to add.");
  });

  it("answers 404 for someone who is not a registered client", async () => {
    const out = await run(() =>
      matchRoute.loader(routeArgs(getRequest("/admin/matches/nobody", { cookie: adminCookie }), { userId: "nobody" })),
    );
    expect(out.status).toBe(404);
  });

  it("releases a shortlist once, records it, and the client stops waiting", async () => {
    const release = () =>
      run(() =>
        matchRoute.action(
          routeArgs(formRequest(`/admin/matches/${oldClient}`, { intent: "release", confirmed: "yes" }, { cookie: adminCookie }), { userId: oldClient }),
        ),
      );
    const out = await release();
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/matches" });
    expect((await shortlistOf(oldClient))?.status).toBe("released");
    const audited = (await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "ADMIN_ACTION"))))
      .filter((e) => e.detail?.startsWith(`Released the shortlist of client ${oldClient}`));
    expect(audited).toHaveLength(1);

    const again = await release();
    expect(again).toMatchObject({ kind: "redirect", location: `/admin/matches/${oldClient}` });

    for (const fields of [{ intent: "recompute" } as Record<string, string>, { intent: "remove", professionalId: String((await shortlistOf(oldClient))!.items[0]!.id) }]) {
      const refused = await act(oldClient, fields);
      expect((await toastOf(refused))?.description).toBe("This shortlist was already released; it can no longer be changed.");
    }
    expect((await shortlistOf(oldClient))!.items).toHaveLength(5);

    const list = await run(() => listRoute.loader(routeArgs(getRequest("/admin/matches", { cookie: adminCookie }))));
    const waiting = list.body as Loaded<typeof listRoute.loader>;
    if (waiting.tab !== "waiting") throw new Error("expected the waiting tab");
    expect(waiting.rows.map((r) => r.userId)).toEqual([newClient]);
  });

  it("does not release an empty shortlist, and refuses a form without the release intent", async () => {
    const empty = await run(() =>
      matchRoute.action(
        routeArgs(formRequest(`/admin/matches/${newClient}`, { intent: "release", confirmed: "yes" }, { cookie: adminCookie }), { userId: newClient }),
      ),
    );
    expect(empty).toMatchObject({ kind: "redirect", location: `/admin/matches/${newClient}` });
    expect((await shortlistOf(newClient))?.status).toBe("proposed");
    const bad = await run(() =>
      matchRoute.action(routeArgs(formRequest(`/admin/matches/${newClient}`, {}, { cookie: adminCookie }), { userId: newClient })),
    );
    expect(bad.status).toBe(400);
  });
});
