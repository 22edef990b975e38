import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, registrationAnswers } from "~/platform/schema";
import { upsertAccount } from "~/users/upsert-account.server";
import { createSession } from "~/auth/session.server";
import { seedDemoContent } from "~/seed/demo.server";
import { shortlistOf } from "~/matching/matching.server";
import * as listRoute from "~/routes/admin.matches";
import * as matchRoute from "~/routes/admin.matches.$userId";
import { formRequest, getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

let adminCookie = "";
let oldClient = "";
let newClient = "";

async function client(hoursAgo: number, answers: Record<string, unknown>) {
  const { userId } = await upsertAccount({ email: uniqueEmail("matches-client"), password: "Passw0rdX", role: "client" });
  db()
    .insert(registrationAnswers)
    .values({ userId, userType: "client", answers, createdAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    .run();
  return userId;
}

beforeAll(async () => {
  seedDemoContent();
  const { userId } = await upsertAccount({ email: uniqueEmail("matches-admin"), password: "Passw0rdX", role: "admin" });
  adminCookie = (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
  oldClient = await client(30, { countryOfResidency: "US", investmentObjectives: ["Growth", "Estate Planning"], netWorth: "25-50M", preferredCommunication: "phone" });
  newClient = await client(2, { countryOfResidency: "AU", investmentObjectives: ["Growth"] });
});

type Loaded<F extends (...a: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("/admin/matches", () => {
  it("lists waiting clients, longest waiting first, against the 24-hour promise", async () => {
    const out = await run(() => listRoute.loader(routeArgs(getRequest("/admin/matches", { cookie: adminCookie }))));
    const body = out.body as Loaded<typeof listRoute.loader>;
    expect(body.rows.map((r) => r.userId)).toEqual([oldClient, newClient]);
    expect(body.rows[0]).toMatchObject({ hoursWaited: 30, overdue: true, proposed: false });
    expect(body.rows[1]).toMatchObject({ hoursWaited: 2, overdue: false });
  });

  it("shows a client's answers and the proposed shortlist with scores and reasons", async () => {
    const out = await run(() =>
      matchRoute.loader(routeArgs(getRequest(`/admin/matches/${oldClient}`, { cookie: adminCookie }), { userId: oldClient })),
    );
    const body = out.body as Loaded<typeof matchRoute.loader>;
    expect(body.status).toBe("proposed");
    expect(body.client.answers).toMatchObject({ netWorth: "25-50M" });
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    expect(body.items[0]?.name).toBeTruthy();
    expect(body.items.map((i) => i.score)).toEqual([...body.items.map((i) => i.score)].sort((a, b) => b - a));
    expect(body.items[0]?.factors.find((f) => f.factor === "communication")?.counted).toBe(true);
  });

  it("says when too few professionals match (no one serves Australia in the demo data)", async () => {
    const out = await run(() =>
      matchRoute.loader(routeArgs(getRequest(`/admin/matches/${newClient}`, { cookie: adminCookie }), { userId: newClient })),
    );
    const body = out.body as Loaded<typeof matchRoute.loader>;
    expect(body.note).toMatch(/^Only 0 professionals match/);
    expect(body.items).toEqual([]);
    expect(body.excluded.length).toBeGreaterThan(0);
    expect(body.excluded[0]?.reasons).toContain("Does not serve the client's country");
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
          routeArgs(formRequest(`/admin/matches/${oldClient}`, { intent: "release" }, { cookie: adminCookie }), { userId: oldClient }),
        ),
      );
    const out = await release();
    expect(out).toMatchObject({ kind: "redirect", location: "/admin/matches" });
    expect(shortlistOf(oldClient)?.status).toBe("released");
    const audited = db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "ADMIN_ACTION")))
      .all()
      .filter((e) => e.detail?.startsWith(`Released the shortlist of client ${oldClient}`));
    expect(audited).toHaveLength(1);

    const again = await release();
    expect(again).toMatchObject({ kind: "redirect", location: `/admin/matches/${oldClient}` });

    const list = await run(() => listRoute.loader(routeArgs(getRequest("/admin/matches", { cookie: adminCookie }))));
    expect((list.body as Loaded<typeof listRoute.loader>).rows.map((r) => r.userId)).toEqual([newClient]);
  });

  it("does not release an empty shortlist, and refuses a form without the release intent", async () => {
    const empty = await run(() =>
      matchRoute.action(
        routeArgs(formRequest(`/admin/matches/${newClient}`, { intent: "release" }, { cookie: adminCookie }), { userId: newClient }),
      ),
    );
    expect(empty).toMatchObject({ kind: "redirect", location: `/admin/matches/${newClient}` });
    expect(shortlistOf(newClient)?.status).toBe("proposed");
    const bad = await run(() =>
      matchRoute.action(routeArgs(formRequest(`/admin/matches/${newClient}`, {}, { cookie: adminCookie }), { userId: newClient })),
    );
    expect(bad.status).toBe(400);
  });
});
