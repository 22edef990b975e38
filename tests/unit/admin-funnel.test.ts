import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { bookings, introductions, professionals, shortlists } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { funnel } from "~/features/admin/dashboard/funnel.data.server";
import * as dashboard from "~/routes/admin._index";
import { getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

// The admin dashboard's funnel from a released shortlist to a relationship: each step's count moves as
// people move, and the median time between steps is read from the timestamps on both engines.

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 9, 1, 9);
const at = (hours: number) => new Date(T0 + hours * HOUR);

async function client(tag: string) {
  return (await upsertAccount({ email: uniqueEmail(tag), password: "Passw0rdX", role: "client", name: tag })).userId;
}

async function pro(name: string) {
  const [row] = await db().insert(professionals).values({ name, email: uniqueEmail("funnel-pro"), verified: true }).returning({ id: professionals.id });
  return row!.id;
}

describe("the funnel on the admin dashboard", () => {
  it("counts each step and the median time between steps", async () => {
    expect(await funnel()).toEqual({
      released: 0,
      asked: 0,
      accepted: 0,
      booked: 0,
      held: 0,
      continuing: 0,
      medianHours: { releasedToAsked: null, askedToAccepted: null, acceptedToBooked: null, bookedToCall: null },
    });
    const [a, b, c] = [await client("funnel-a"), await client("funnel-b"), await client("funnel-c")];
    const [p1, p2] = [await pro("Pia One"), await pro("Paul Two")];
    for (const [userId, hours] of [[a, 0], [b, 0], [c, null]] as const) {
      await db().insert(shortlists).values({ clientUserId: userId, items: [], status: hours === null ? "proposed" : "released", releasedAt: hours === null ? null : at(hours) });
    }
    expect((await funnel()).released).toBe(2);

    // a asks two professionals 10 h and 30 h after release; b asks one 20 h after.
    const [i1] = await db().insert(introductions).values({ clientUserId: a, professionalId: p1, requestedAt: at(10) }).returning({ id: introductions.id });
    await db().insert(introductions).values({ clientUserId: a, professionalId: p2, requestedAt: at(30) });
    const [i3] = await db().insert(introductions).values({ clientUserId: b, professionalId: p1, requestedAt: at(20) }).returning({ id: introductions.id });
    let f = await funnel();
    expect(f).toMatchObject({ asked: 3, accepted: 0, medianHours: { releasedToAsked: 20, askedToAccepted: null } });

    // Accepted 4 h and 8 h after asking; a declined one is not accepted.
    await db().update(introductions).set({ status: "accepted", answeredAt: at(14) }).where(eq(introductions.id, i1!.id));
    await db().update(introductions).set({ status: "accepted", answeredAt: at(28) }).where(eq(introductions.id, i3!.id));
    await db().update(introductions).set({ status: "declined", answeredAt: at(31) }).where(eq(introductions.professionalId, p2));
    f = await funnel();
    expect(f).toMatchObject({ accepted: 2, medianHours: { askedToAccepted: 6 } });

    // One booking, made 2 h after acceptance, for a call 48 h later.
    const [booking] = await db()
      .insert(bookings)
      .values({ introductionId: i1!.id, professionalId: p1, startsAt: at(64), endsAt: at(64.5), kind: "video", uid: "funnel-1@test", createdAt: at(16) })
      .returning({ id: bookings.id });
    f = await funnel();
    expect(f).toMatchObject({ booked: 1, held: 0, medianHours: { acceptedToBooked: 2, bookedToCall: 48 } });

    await db().update(bookings).set({ clientHeld: true, clientContinuing: null }).where(eq(bookings.id, booking!.id));
    expect(await funnel()).toMatchObject({ held: 1, continuing: 0 });
    await db().update(bookings).set({ professionalHeld: true, professionalContinuing: true }).where(eq(bookings.id, booking!.id));
    expect(await funnel()).toMatchObject({ held: 1, continuing: 1 });
  });

  it("is on the admin dashboard's data, for admins only", async () => {
    const { userId } = await upsertAccount({ email: uniqueEmail("funnel-admin"), password: "Passw0rdX", role: "admin", name: "Ada" });
    const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
    const out = await run(() => dashboard.loader(routeArgs(getRequest("/admin", { cookie }))));
    expect((out.body as { funnel: { released: number } }).funnel.released).toBeGreaterThanOrEqual(0);
    const anonymous = await run(() => dashboard.loader(routeArgs(getRequest("/admin"))));
    expect(anonymous.body).toBeUndefined();
  });
});
