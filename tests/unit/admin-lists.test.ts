import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider, useLoaderData } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { bookings, introductions, professionals, profiles } from "~/platform/schema";
import { eq } from "drizzle-orm";
import { countOf, plural } from "~/domain/plain-words";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import * as adminRoute from "~/routes/admin";
import * as matchesRoute from "~/routes/admin.matches";
import { getRequest, requestArgs, routeArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";

// The admin's lists as an admin reads them: counts with their noun in the right number, times in the
// admin's own zone with the zone named. Each test file has a database of its own, so the counts are known.

describe("one plural helper", () => {
  it("puts the noun in the number the count asks for", () => {
    expect(countOf(1, "client")).toBe("1 client");
    expect(countOf(0, "client")).toBe("0 clients");
    expect(countOf(2, "client")).toBe("2 clients");
    expect(countOf(1250, "subscriber")).toBe("1,250 subscribers");
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
    expect(plural(1, "client waits", "clients wait")).toBe("client waits");
    expect(plural(4, "client waits", "clients wait")).toBe("clients wait");
  });
});

/** Server-renders a route component the way the app does: under the admin layout, with both loaders' data. */
function renderUnderAdmin(id: string, Page: ComponentType<never>, layoutData: unknown, pageData: unknown): string {
  const WithProps = () => createElement(Page, { loaderData: useLoaderData(), params: {}, matches: [] } as never);
  const router = createMemoryRouter(
    [{ id: "routes/admin", path: "/admin", Component: Outlet, loader: () => layoutData, children: [{ id, path: "matches", Component: WithProps, loader: () => pageData }] }],
    { initialEntries: ["/admin/matches?tab=bookings"], hydrationData: { loaderData: { "routes/admin": layoutData, [id]: pageData } } },
  );
  return renderToString(createElement(RouterProvider, { router }));
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("/admin/matches: one call booked", () => {
  let cookie: string;
  const startsAt = new Date("2026-12-03T00:57:30.000Z");

  beforeAll(async () => {
    const admin = await upsertAccount({ email: uniqueEmail("lists-admin"), password: "Passw0rdX", role: "admin" });
    cookie = (await createSession(requestArgs(getRequest("/login")), admin.userId)).split(";")[0] ?? "";
    // The admin lives in Berlin; the profile still holds the zone's name as a browser gave it.
    await db().update(profiles).set({ timeZone: "Europe/Berlin" }).where(eq(profiles.userId, admin.userId));
    const client = await upsertAccount({ email: uniqueEmail("lists-client"), password: "Passw0rdX", role: "client", name: "Lena Lists" });
    const [pro] = await db().insert(professionals).values({ name: "Paul Lists", company: "Lists & Co", email: uniqueEmail("lists-pro"), verified: true }).returning({ id: professionals.id });
    const [intro] = await db()
      .insert(introductions)
      .values({ clientUserId: client.userId, professionalId: pro!.id, status: "accepted", requestedAt: new Date(), answeredAt: new Date() })
      .returning({ id: introductions.id });
    await db().insert(bookings).values({ introductionId: intro!.id, professionalId: pro!.id, startsAt, endsAt: new Date(startsAt.getTime() + 1_800_000), kind: "video", uid: "lists@test" });
  });

  it("says '1 call booked' and shows the call in the admin's zone, the zone named", async () => {
    const request = () => getRequest("/admin/matches?tab=bookings", { cookie });
    const layout = (await run(() => adminRoute.loader(routeArgs(request())))).body;
    const page = (await run(() => matchesRoute.loader(routeArgs(request())))).body as { total: number };
    expect(page.total).toBe(1);
    const shown = text(renderUnderAdmin("routes/admin.matches", matchesRoute.default as ComponentType<never>, layout, page));
    expect(shown).toContain("1 call booked");
    expect(shown).not.toMatch(/1 calls/);
    expect(shown).toContain("Dec 3, 2026, 1:57 AM CET");
    expect(shown).not.toContain("UTC");
  });
});
