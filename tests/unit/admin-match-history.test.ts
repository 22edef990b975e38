import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { bookings, introductions, professionals, shortlists } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import * as listRoute from "~/routes/admin.matches";
import { getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

// /admin/matches's history tabs: released shortlists, introductions, bookings and outcomes, newest first,
// paged, for admins only.

const HOUR = 3_600_000;
let adminCookie = "";
let clientCookie = "";

type Body = Awaited<ReturnType<typeof listRoute.loader>>;
const open = async (query: string, cookie = adminCookie) => run(() => listRoute.loader(routeArgs(getRequest(`/admin/matches${query}`, { cookie }))));
const body = async (query: string) => (await open(query)).body as Body;

beforeAll(async () => {
  const admin = await upsertAccount({ email: uniqueEmail("history-admin"), password: "Passw0rdX", role: "admin", name: "Ada Admin" });
  adminCookie = (await createSession(requestArgs(getRequest("/admin/login")), admin.userId)).split(";")[0] ?? "";
  const clients: string[] = [];
  for (const name of ["Hana First", "Hugo Second"]) clients.push((await upsertAccount({ email: uniqueEmail("history-client"), password: "Passw0rdX", role: "client", name })).userId);
  clientCookie = (await createSession(requestArgs(getRequest("/login")), clients[0]!)).split(";")[0] ?? "";
  const [pro] = await db().insert(professionals).values({ name: "Petra Pro", email: uniqueEmail("history-pro"), verified: true }).returning({ id: professionals.id });
  const now = Date.now();
  for (const [i, userId] of clients.entries()) {
    await db().insert(shortlists).values({ clientUserId: userId, items: [], status: "released", releasedAt: new Date(now - (10 - i) * HOUR), releasedBy: admin.userId, createdAt: new Date(now - (20 - i) * HOUR) });
  }
  const [first] = await db().insert(introductions).values({ clientUserId: clients[0]!, professionalId: pro!.id, status: "accepted", requestedAt: new Date(now - 9 * HOUR), answeredAt: new Date(now - 8 * HOUR) }).returning({ id: introductions.id });
  await db().insert(introductions).values({ clientUserId: clients[1]!, professionalId: pro!.id, status: "requested", requestedAt: new Date(now - 2 * HOUR) });
  await db().insert(bookings).values({ introductionId: first!.id, professionalId: pro!.id, startsAt: new Date(now - 5 * HOUR), endsAt: new Date(now - 4.5 * HOUR), kind: "phone", uid: "history-1@test", clientHeld: true, clientContinuing: true });
  await db().insert(bookings).values({ introductionId: first!.id, professionalId: pro!.id, startsAt: new Date(now + 48 * HOUR), endsAt: new Date(now + 48.5 * HOUR), kind: "video", uid: "history-2@test", status: "cancelled", cancelledBy: "client" });
});

describe("/admin/matches history", () => {
  it("lists released shortlists, newest first, with who released them", async () => {
    const b = await body("?tab=shortlists");
    if (b.tab !== "shortlists") throw new Error("tab");
    expect(b.rows.map((r) => r.client.name)).toEqual(["Hugo Second", "Hana First"]);
    expect(b.rows[0]).toMatchObject({ releasedBy: "Ada Admin" });
    expect(b.total).toBe(2);
  });

  it("lists introductions newest first with their state", async () => {
    const b = await body("?tab=introductions");
    if (b.tab !== "introductions") throw new Error("tab");
    expect(b.rows.map((r) => [r.client.name, r.professional, r.status])).toEqual([
      ["Hugo Second", "Petra Pro", "requested"],
      ["Hana First", "Petra Pro", "accepted"],
    ]);
  });

  it("lists bookings, cancelled ones too, and the outcomes of calls that took place", async () => {
    const booked = await body("?tab=bookings");
    if (booked.tab !== "bookings") throw new Error("tab");
    expect(booked.rows.map((r) => [r.kind, r.status, r.cancelledBy])).toEqual([
      ["video", "cancelled", "client"],
      ["phone", "booked", null],
    ]);
    const outcomes = await body("?tab=outcomes");
    if (outcomes.tab !== "outcomes") throw new Error("tab");
    expect(outcomes.rows).toHaveLength(1);
    expect(outcomes.rows[0]).toMatchObject({ client: { name: "Hana First" }, clientAnswer: { held: true, continuing: true }, professionalAnswer: { held: null } });
  });

  it("falls back to the waiting list for an unknown tab, to the last page past the end, and is not for clients", async () => {
    expect((await body("?tab=nonsense")).tab).toBe("waiting");
    const far = await body("?tab=introductions&page=99");
    expect(far).toMatchObject({ page: 1, pageCount: 1 });
    const refused = await open("?tab=outcomes", clientCookie);
    expect(refused.body).toBeUndefined();
    expect(refused.status).not.toBe(200);
  });
});
