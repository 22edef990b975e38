import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, introductions, professionals, shortlists } from "~/platform/schema";
import { getSettings, saveSettings } from "~/platform/settings.server";
import { DEFAULT_SETTINGS, type SiteSettings } from "~/platform/settings";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { countLive, forgetLiveCounts, liveCounts, LIVE_COUNTS_TTL_MS } from "~/features/marketing/figures.server";
import { loader as rootLoader } from "~/root";
import * as settingsRoute from "~/routes/admin.settings";
import * as dashboardRoute from "~/routes/admin._index";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";
import { onPostgres } from "./engine";

async function person(role: "admin" | "client" | "professional") {
  const { userId } = await upsertAccount({ email: uniqueEmail(`figures-${role}`), password: "Passw0rdX", role });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { userId, cookie };
}

/** The settings form as a browser posts it: every field, nulls as empty fields, `change` on top. */
function settingsForm(settings: SiteSettings, change: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = { baseline: JSON.stringify(settings) };
  const flat = (value: unknown, prefix: string) => {
    if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k);
    else if (typeof value === "boolean") {
      if (value) fields[prefix] = "on";
    } else fields[prefix] = value === null ? "" : String(value);
  };
  flat(settings, "");
  return { ...fields, ...change };
}

const postSettings = (cookie: string, fields: Record<string, string>) =>
  run(() => call(settingsRoute.action, formRequest("/admin/settings", fields, { cookie })));

let admin = { userId: "", cookie: "" };
let pro = 0;
beforeAll(async () => {
  admin = await person("admin");
  await saveSettings(DEFAULT_SETTINGS);
  const rows = await db()
    .insert(professionals)
    .values([
      { name: "Verified One", email: uniqueEmail("v1"), verified: true },
      { name: "Verified Two", email: uniqueEmail("v2"), verified: true },
      { name: "Unverified", email: uniqueEmail("u1"), verified: false },
      { name: "Deleted", email: uniqueEmail("d1"), verified: true, deletedAt: new Date() },
    ])
    .returning({ id: professionals.id });
  pro = rows[0]!.id;
});

describe("live counts", () => {
  it("count verified professionals not deleted, introductions accepted (even if withdrawn later), released shortlists", async () => {
    const before = await countLive();
    expect(before.verifiedProfessionals).toBe(2);
    const clients = await Promise.all([person("client"), person("client"), person("client")]);
    const at = new Date();
    await db()
      .insert(introductions)
      .values([
        { clientUserId: clients[0].userId, professionalId: pro, status: "accepted", requestedAt: at, answeredAt: at },
        { clientUserId: clients[1].userId, professionalId: pro, status: "withdrawn", requestedAt: at, answeredAt: at, withdrawnAt: at },
        { clientUserId: clients[2].userId, professionalId: pro, status: "declined", requestedAt: at, answeredAt: at },
      ]);
    await db()
      .insert(shortlists)
      .values([
        { clientUserId: clients[0].userId, items: [], status: "released", releasedAt: at },
        { clientUserId: clients[1].userId, items: [], status: "proposed" },
      ]);
    expect(await countLive()).toEqual({
      verifiedProfessionals: 2,
      acceptedIntroductions: before.acceptedIntroductions + 2,
      matchedClients: before.matchedClients + 1,
    });
  });

  // The unit tests on PostgreSQL run without the content version's follower (the version is unknown), so nothing is cached there.
  it.skipIf(onPostgres)("are cached for the pages for a minute (introductions do not move the content version), and shared", async () => {
    forgetLiveCounts();
    const now = Date.now();
    const cached = await liveCounts(now);
    const client = await person("client");
    await db().insert(introductions).values({ clientUserId: client.userId, professionalId: pro, status: "accepted", requestedAt: new Date(), answeredAt: new Date() });
    expect(await liveCounts(now + 1000)).toBe(cached);
    expect((await liveCounts(now + LIVE_COUNTS_TTL_MS + 1)).acceptedIntroductions).toBe(cached.acceptedIntroductions + 1);
  });

  it("a professional verified moves the content version: the count shows at once", async () => {
    const now = Date.now();
    const cached = await liveCounts(now);
    await db().update(professionals).set({ verified: true }).where(eq(professionals.name, "Unverified"));
    expect((await liveCounts(now + 1)).verifiedProfessionals).toBe(cached.verifiedProfessionals + 1);
    await db().update(professionals).set({ verified: false }).where(eq(professionals.name, "Unverified"));
  });
});

describe("the figures the pages show", () => {
  it("a fresh install's: the live counts below the minimum are left out, and nothing else is shown", async () => {
    await saveSettings(DEFAULT_SETTINGS);
    const root = await call(rootLoader, getRequest("/"));
    expect(root.data.settings.figures).toEqual({});
    // The stored figures never reach the browser: only the ones a page may quote.
    expect(root.data.settings).not.toHaveProperty("marketingStats");
  });

  it("an admin lowers the minimum: every page's root data carries the live counts, with what they count", async () => {
    const counts = await countLive();
    const out = await postSettings(admin.cookie, settingsForm(await getSettings(), { "figures.minimumLiveCount": "1" }));
    expect(out).toMatchObject({ kind: "redirect", status: 303, location: "/admin/settings" });
    const figures = (await call(rootLoader, getRequest("/"))).data.settings.figures;
    expect(figures.vettedProfessionals).toMatchObject({ value: String(counts.verifiedProfessionals), live: true, note: "Live count of verified professionals in the directory" });
    expect(Object.keys(figures).sort()).toEqual(["activeClients", "matches", "vettedProfessionals"]);
    await postSettings(admin.cookie, settingsForm(await getSettings(), { "figures.minimumLiveCount": "10" }));
  });

  it("an admin sets a figure with its date and source: shown with both; switched to live, the count below the minimum hides it", async () => {
    const before = await getSettings();
    const out = await postSettings(
      admin.cookie,
      settingsForm(before, {
        "marketingStats.vettedProfessionals.source": "set",
        "marketingStats.vettedProfessionals.value": "2",
        "marketingStats.vettedProfessionals.asOf": "2026-11-01",
        "marketingStats.vettedProfessionals.citation": "Our directory, counted by hand",
      }),
    );
    expect(out).toMatchObject({ kind: "redirect", status: 303 });
    const audit = await db().select({ detail: auditEvents.detail }).from(auditEvents).where(eq(auditEvents.kind, "ADMIN_ACTION"));
    expect(audit.at(-1)?.detail).toBe(
      "edited site settings: marketingStats.vettedProfessionals.value, marketingStats.vettedProfessionals.source, marketingStats.vettedProfessionals.asOf, marketingStats.vettedProfessionals.citation",
    );
    const root = await call(rootLoader, getRequest("/"));
    expect(root.data.settings.figures.vettedProfessionals).toEqual({
      key: "vettedProfessionals",
      value: "2",
      label: "Vetted Professionals",
      note: "As of November 1, 2026 · Source: Our directory, counted by hand",
      live: false,
    });

    await postSettings(admin.cookie, settingsForm(await getSettings(), { "marketingStats.vettedProfessionals.source": "live" }));
    expect((await call(rootLoader, getRequest("/"))).data.settings.figures).toEqual({});
    await saveSettings(DEFAULT_SETTINGS);
  });

  it("a changed figure gets today's date unless the admin gave one", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await postSettings(
      admin.cookie,
      settingsForm(await getSettings(), { "marketingStats.assets.value": "$12M", "marketingStats.assets.asOf": "2026-10-01", "marketingStats.assets.citation": "Client profiles" }),
    );
    expect((await getSettings()).marketingStats.assets).toMatchObject({ value: "$12M", asOf: "2026-10-01" });
    await postSettings(admin.cookie, settingsForm(await getSettings(), { "marketingStats.assets.value": "$14M" }));
    expect((await getSettings()).marketingStats.assets).toMatchObject({ value: "$14M", asOf: today, citation: "Client profiles" });
    await saveSettings(DEFAULT_SETTINGS);
  });

  it.each([
    ["live for a figure without a count", { "marketingStats.assets.source": "live" }, "marketingStats.assets.source", "This figure has no live count"],
    ["an unknown source", { "marketingStats.matches.source": "guess" }, "marketingStats.matches.source", "Choose a set value or the live count"],
    ["a date that is not one", { "marketingStats.matches.asOf": "yesterday" }, "marketingStats.matches.asOf", "Enter the date as YYYY-MM-DD"],
    ["a set figure without its source", { "marketingStats.renewal.value": "90%", "marketingStats.renewal.asOf": "2026-10-01" }, "marketingStats.renewal.citation", "Add the source of this figure, or clear the figure"],
    ["a set figure without its date", { "marketingStats.renewal.value": "90%", "marketingStats.renewal.citation": "Renewals, 2026" }, "marketingStats.renewal.asOf", "Add the date this figure was true, or clear the figure"],
    ["a minimum of none", { "figures.minimumLiveCount": "0" }, "figures.minimumLiveCount", "Minimum must be at least 1"],
    ["a minimum that is not a number", { "figures.minimumLiveCount": "ten" }, "figures.minimumLiveCount", "Minimum is required"],
  ])("refuses %s with its message and changes nothing", async (_, change, field, message) => {
    const before = await getSettings();
    const out = await postSettings(admin.cookie, settingsForm(before, change));
    expect(out.status).toBe(400);
    expect((out.body as { error: Record<string, string[]> }).error[field]).toEqual([message]);
    expect(await getSettings()).toEqual(before);
  });

  it("a figure an earlier version saved without date or source does not stop the admin saving something else", async () => {
    const legacy = structuredClone(DEFAULT_SETTINGS);
    legacy.marketingStats.assets.value = "$2B+";
    await saveSettings(legacy);
    const out = await postSettings(admin.cookie, settingsForm(await getSettings(), { "contact.city": "Lisbon, Portugal" }));
    expect(out).toMatchObject({ kind: "redirect", status: 303 });
    expect(await getSettings()).toEqual({ ...legacy, contact: { ...legacy.contact, city: "Lisbon, Portugal" } });
    await saveSettings(DEFAULT_SETTINGS);
  });

  it("a client's post is refused and changes nothing", async () => {
    const client = await person("client");
    const before = await getSettings();
    const out = await postSettings(client.cookie, settingsForm(before, { "figures.minimumLiveCount": "1" }));
    expect([403, 404]).toContain(out.status);
    expect(await getSettings()).toEqual(before);
  });
});

describe("the admin dashboard", () => {
  type Warnings = { figureWarnings: { kind: string; keys: string[] }[] };
  it("quiet on a fresh install; warns about a figure an earlier version stored without date or source, and about a proven claim above the count", async () => {
    await saveSettings(DEFAULT_SETTINGS);
    const fresh = (await call(dashboardRoute.loader, getRequest("/admin", { cookie: admin.cookie }))) as Warnings;
    expect(fresh.figureWarnings).toEqual([]);

    const next = structuredClone(DEFAULT_SETTINGS);
    next.marketingStats.assets.value = "$2B+";
    next.marketingStats.vettedProfessionals = { ...next.marketingStats.vettedProfessionals, source: "set", value: "500+", asOf: "2026-11-01", citation: "Directory" };
    await saveSettings(next);
    const after = (await call(dashboardRoute.loader, getRequest("/admin", { cookie: admin.cookie }))) as Warnings;
    expect(after.figureWarnings.map((w) => [w.kind, w.keys[0]])).toEqual([
      ["unproven", "assets"],
      ["above-live", "vettedProfessionals"],
    ]);
    await saveSettings(DEFAULT_SETTINGS);
  });
});
