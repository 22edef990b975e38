import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, professionalRegistrations, professionals } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { verifiedCandidates } from "~/features/matching/shortlists.data.server";
import * as editRoute from "~/routes/admin.professionals.$id.edit";
import * as newRoute from "~/routes/admin.professionals.new";
import * as vettingRoute from "~/routes/admin.professionals.$id.vetting";
import * as ownEditRoute from "~/routes/professional-dashboard.edit";
import * as dashboardRoute from "~/routes/professional-dashboard";
import type { OwnProfile } from "~/features/professionals/own-professional.server";
import type { ProfessionalEditView } from "~/features/admin/professionals/professionals.server";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { run, uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";

type Fields = Record<string, string | string[] | undefined>;

async function person(role: "admin" | "professional" | "client") {
  const email = uniqueEmail(`matching-${role}`);
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { userId, email, cookie };
}

let admin: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  admin = await person("admin");
});

const rowOf = async (id: number) => (await db().select().from(professionals).where(eq(professionals.id, id)).limit(1))[0];
const lastAdminAction = async () =>
  (await db().select().from(auditEvents).where(eq(auditEvents.kind, "ADMIN_ACTION")).orderBy(auditEvents.id)).at(-1)?.detail ?? "";
const insertProfessional = async (values: typeof professionals.$inferInsert) => {
  const [row] = await db().insert(professionals).values(values).returning();
  if (!row) throw new Error("no professional inserted");
  return row;
};

/** The matching data as the forms post it. */
const COMPLETE_FORM: Fields = {
  services: ["Investment Management", "Tax Planning"],
  experienceYears: "12",
  aumRange: "100-500M",
  clientProfiles: ["HNWI", "UHNWI"],
  communication: ["email", "video"],
  countriesServed: ["US", "UK"],
  feeModel: "fee-only",
  languages: ["English"],
};

const adminEdit = (id: number, fields: Fields) =>
  run(() => call(editRoute.action, formRequest(`/admin/professionals/${id}/edit`, fields, { cookie: admin.cookie }), { id: String(id) }));
const adminEditView = async (id: number) =>
  (await run(() => call(editRoute.loader, getRequest(`/admin/professionals/${id}/edit`, { cookie: admin.cookie }), { id: String(id) })))
    .body as { view: ProfessionalEditView };

describe("verifying needs complete matching data", () => {
  const vetting = (id: number, fields: Record<string, string>) =>
    run(() => call(vettingRoute.action, formRequest(`/admin/professionals/${id}/vetting`, fields, { cookie: admin.cookie }), { id: String(id) }));

  it("refuses verifying from the complete checklist, naming what is missing, and writes nothing", async () => {
    const entry = await insertProfessional({ name: "Incomplete", email: uniqueEmail("inc"), services: ["Tax Planning"], experienceYears: 8 });
    await db().insert(professionalRegistrations).values({ professionalId: entry.id, register: "us-crd-individual", number: "1234567" });
    await vetting(entry.id, { intent: "tick", item: "register", checkedOn: "2026-01-05", note: "BrokerCheck: clean" });
    for (const item of ["identity", "experience", "disciplinary", "fees"]) await vetting(entry.id, { intent: "tick", item });
    const out = await vetting(entry.id, { intent: "verify" });
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.body)).toMatch(/Complete the matching data before verifying\. Missing: assets under management, typical client profiles, communication, countries served, how they are paid, languages\./);
    expect((await rowOf(entry.id))?.verified).toBe(false);
  });

  it("the edit and add forms no longer verify: a posted 'verified' changes nothing", async () => {
    const entry = await insertProfessional({ name: "Complete", email: uniqueEmail("complete") });
    const out = await adminEdit(entry.id, { name: "Complete", email: entry.email, verified: "on", ...COMPLETE_FORM, impactInvesting: "on" });
    expect(out).toMatchObject({ kind: "redirect", status: 303 });
    expect(await rowOf(entry.id)).toMatchObject({ ...COMPLETE_MATCHING, impactInvesting: true, verified: false, verifiedBy: null });

    const email = uniqueEmail("new");
    await run(() => call(newRoute.action, formRequest("/admin/professionals/new", { name: "New", email, verified: "on" }, { cookie: admin.cookie })));
    expect((await db().select().from(professionals).where(eq(professionals.email, email)))[0]?.verified ?? false).toBe(false);
  });

  it("saves the disclosure and its clearance, which means nothing without a disclosure", async () => {
    const entry = await insertProfessional({ name: "Disclosed", email: uniqueEmail("disc"), ...COMPLETE_MATCHING });
    await adminEdit(entry.id, { name: "Disclosed", email: entry.email, ...COMPLETE_FORM, disciplinaryDisclosed: "on", disciplinaryCleared: "on" });
    expect(await rowOf(entry.id)).toMatchObject({ disciplinaryDisclosed: true, disciplinaryCleared: true });
    await adminEdit(entry.id, { name: "Disclosed", email: entry.email, ...COMPLETE_FORM, disciplinaryCleared: "on" });
    expect(await rowOf(entry.id)).toMatchObject({ disciplinaryDisclosed: false, disciplinaryCleared: false });
  });
});

describe("a professional's own matching data", () => {
  async function ownEntry(verified: boolean) {
    const pro = await person("professional");
    const entry = await insertProfessional({ name: "Own Entry", email: pro.email, userId: pro.userId, verified, ...COMPLETE_MATCHING });
    return { ...pro, entry };
  }
  const saveOwn = (cookie: string, fields: Fields) =>
    run(() => call(ownEditRoute.action, formRequest("/professional-dashboard/edit", fields, { cookie })));
  const dashboard = async (cookie: string) =>
    ((await run(() => call(dashboardRoute.loader, getRequest("/professional-dashboard", { cookie })))).body as { profile: OwnProfile }).profile;

  it("applies an unverified professional's changes at once", async () => {
    const { cookie, entry } = await ownEntry(false);
    const out = await saveOwn(cookie, { ...COMPLETE_FORM, languages: ["English", "French"], feeModel: "fee-based" });
    expect(out).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    expect(await rowOf(entry.id)).toMatchObject({ languages: ["English", "French"], feeModel: "fee-based", pendingMatching: null });
  });

  it("keeps a verified professional's change waiting: matching and the row stay as approved, the dashboard says so", async () => {
    const { cookie, entry } = await ownEntry(true);
    const out = await saveOwn(cookie, { ...COMPLETE_FORM, title: "Partner", languages: ["English", "French"], countriesServed: ["worldwide"] });
    expect(out).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    const row = await rowOf(entry.id);
    // The title is not matching data: it changes at once.
    expect(row).toMatchObject({ title: "Partner", languages: ["English"], countriesServed: ["US", "UK"] });
    expect(row?.pendingMatching).toMatchObject({ languages: ["English", "French"], countriesServed: ["worldwide"] });
    expect(row?.pendingMatchingAt).toBeInstanceOf(Date);
    expect((await verifiedCandidates()).find((c) => c.id === entry.id)).toMatchObject({ languages: ["English"], countriesServed: ["US", "UK"] });

    const profile = await dashboard(cookie);
    expect(profile.pending?.changed).toEqual(["Countries served", "Languages"]);
    expect(profile.matching.languages).toEqual(["English"]);

    // Saving the approved answers again withdraws the waiting change.
    await saveOwn(cookie, { ...COMPLETE_FORM, title: "Partner" });
    expect((await rowOf(entry.id))?.pendingMatching).toBeNull();
  });

  it("lets an admin approve a waiting change (matching then uses it) or reject it, each audited", async () => {
    const { cookie, entry } = await ownEntry(true);
    await saveOwn(cookie, { ...COMPLETE_FORM, feeModel: "commission" });
    const view = (await adminEditView(entry.id)).view;
    expect(view.pending?.changes).toEqual([{ key: "feeModel", label: "How they are paid", before: "fee-only", after: "commission" }]);

    // A decision about an older submission than the one waiting is refused.
    await adminEdit(entry.id, { intent: "approve-matching", pendingAt: "1" });
    expect(await rowOf(entry.id)).toMatchObject({ feeModel: "fee-only" });

    const approved = await adminEdit(entry.id, { intent: "approve-matching", pendingAt: view.pending?.token });
    expect(approved).toMatchObject({ kind: "redirect", status: 303, location: `/admin/professionals/${entry.id}/edit` });
    expect(await rowOf(entry.id)).toMatchObject({ feeModel: "commission", pendingMatching: null, pendingMatchingAt: null });
    expect((await verifiedCandidates()).find((c) => c.id === entry.id)?.feeModel).toBe("commission");
    expect(await lastAdminAction()).toContain(`approved matching changes of professional #${entry.id}`);
    expect(await lastAdminAction()).toContain("how they are paid");

    await saveOwn(cookie, { ...COMPLETE_FORM, feeModel: "fee-based" });
    const token = (await adminEditView(entry.id)).view.pending?.token;
    await adminEdit(entry.id, { intent: "reject-matching", pendingAt: token });
    expect(await rowOf(entry.id)).toMatchObject({ feeModel: "commission", pendingMatching: null });
    expect(await lastAdminAction()).toContain(`rejected matching changes of professional #${entry.id}`);
  });

  it("refuses approving a change that would leave a verified professional's data incomplete", async () => {
    const { cookie, entry } = await ownEntry(true);
    await saveOwn(cookie, { ...COMPLETE_FORM, languages: undefined });
    const token = (await adminEditView(entry.id)).view.pending?.token;
    await adminEdit(entry.id, { intent: "approve-matching", pendingAt: token });
    expect(await rowOf(entry.id)).toMatchObject({ languages: ["English"] });
    expect((await rowOf(entry.id))?.pendingMatching).not.toBeNull();
  });

  it("never lets anyone but an admin decide", async () => {
    const { cookie, entry } = await ownEntry(true);
    await saveOwn(cookie, { ...COMPLETE_FORM, feeModel: "commission" });
    const token = String((await rowOf(entry.id))?.pendingMatchingAt?.getTime());
    const out = await run(() =>
      call(
        editRoute.action,
        formRequest(`/admin/professionals/${entry.id}/edit`, { intent: "approve-matching", pendingAt: token }, { cookie }),
        { id: String(entry.id) },
      ),
    );
    expect(out.status).toBe(403);
    expect((await rowOf(entry.id))?.feeModel).toBe("fee-only");
  });
});
