import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, jobs, professionalRegistrations, professionals, verifications, vettingChecks } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { runDueJobs } from "~/platform/jobs.server";
import { REGISTERS, REGISTER_INFO, normaliseRegistrationNumber, registrationLink, registrationNumberError, type Register } from "~/domain/registrations";
import { isVerificationCurrent, meetsMinimumExperience, renewalNoticeAt, verificationExpiresAt, verificationState } from "~/domain/vetting";
import { verifiedCandidates } from "~/features/matching/shortlists.data.server";
import { checklistAction } from "~/features/vetting/checklist.server";
import { enqueueRenewalNotices, registerVettingJobs } from "~/features/vetting/renewal-jobs.server";
import * as registrationsRoute from "~/routes/professional-dashboard.registrations";
import * as vettingRoute from "~/routes/admin.professionals.$id.vetting";
import * as profileRoute from "~/routes/professionals.$id";
import { formRequest, getRequest, requestArgs } from "./helpers";
import { errorsOf, mailsTo, run, uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";

/** Valid and invalid numbers per register, as people type them. */
const EXAMPLES: Record<Register, { valid: string[]; invalid: string[] }> = {
  "us-crd-individual": { valid: ["1234567", "5", "12 345 678"], invalid: ["0123456", "123456789", "12a4567", ""] },
  "us-crd-firm": { valid: ["105729", "7691"], invalid: ["00105729", "CRD105729", "123456789"] },
  "uk-fca-frn": { valid: ["123456", "1234567", "123 456"], invalid: ["12345", "12345678", "012345", "ABC123"] },
  "uk-fca-irn": { valid: ["ABC01234", "abc01234", "JXS 01031"], invalid: ["AB012345", "ABCD1234", "ABC0123", "123ABCDE"] },
  "ca-nrd": { valid: ["1234567", "12345678", "1234"], invalid: ["123", "123456789", "0123456", "NRD1234"] },
  // 1 2 3 4 5 6 7 8 weighted 5 4 3 2 7 6 5 4 = 146; 146 mod 11 = 3; 11 - 3 = 8: the check digit is 8.
  "ch-uid": { valid: ["CHE-123.456.788", "che123456788", "CHE 123 456 788"], invalid: ["CHE-123.456.789", "CHE-123.456.78", "123456788", "CHF-123.456.788"] },
  "sg-uen": { valid: ["201912345K", "53012345D", "T08LL1234A", "s99fc1234x"], invalid: ["2019123K", "5301234D", "T08L1234A", "X08LL1234A", "3019123456"] },
  "au-afsl": { valid: ["240000", "12345"], invalid: ["1234", "1234567", "012345", "AFSL240000"] },
  "au-far": { valid: ["001234567", "123456", "1234567"], invalid: ["12345", "1234567890", "000000", "FAR123456"] },
};

describe("registration numbers, country by country", () => {
  it.each(REGISTERS.map((r) => [r] as const))("%s: its valid examples pass and its invalid ones are refused with the format", (register) => {
    for (const raw of EXAMPLES[register].valid) expect(registrationNumberError(register, raw), `${register} ${raw}`).toBeNull();
    for (const raw of EXAMPLES[register].invalid) {
      const error = registrationNumberError(register, raw);
      expect(error, `${register} ${raw}`).not.toBeNull();
      if (raw !== "") expect(error).toContain(REGISTER_INFO[register].formatHint);
    }
  });

  it("every country the site serves has a register", () => {
    expect(new Set(REGISTERS.map((r) => REGISTER_INFO[r].country))).toEqual(new Set(["US", "UK", "CA", "CH", "SG", "AU"]));
  });

  it("links go to each register's public page, with the number where the register has an address per number", () => {
    expect(registrationLink("us-crd-individual", "1234567")).toBe("https://brokercheck.finra.org/individual/summary/1234567");
    expect(registrationLink("us-crd-firm", "105729")).toBe("https://brokercheck.finra.org/firm/summary/105729");
    expect(registrationLink("uk-fca-frn", "123456")).toBe("https://register.fca.org.uk/s/search?q=123456&type=Companies");
    expect(registrationLink("uk-fca-irn", "ABC01234")).toBe("https://register.fca.org.uk/s/search?q=ABC01234&type=Individuals");
    for (const r of REGISTERS) {
      const href = registrationLink(r, normaliseRegistrationNumber(EXAMPLES[r].valid[0] ?? ""));
      expect(new URL(href).protocol, r).toBe("https:");
      if (REGISTER_INFO[r].direct) expect(href).toContain(normaliseRegistrationNumber(EXAMPLES[r].valid[0] ?? ""));
    }
  });
});

describe("the published minimum experience", () => {
  it("a 0-2 range fails, 3-5 and 20+ pass; exact years count from 3", () => {
    expect(meetsMinimumExperience(0, "0-2")).toBe(false);
    expect(meetsMinimumExperience(3, "3-5")).toBe(true);
    expect(meetsMinimumExperience(20, "20+")).toBe(true);
    expect(meetsMinimumExperience(2)).toBe(false);
    expect(meetsMinimumExperience(3)).toBe(true);
    expect(meetsMinimumExperience(null)).toBe(false);
  });
});

describe("12 months from verifiedAt", () => {
  const at = new Date("2026-03-15T10:30:00.000Z");
  it("ends exactly twelve months later: current a millisecond before, not at the moment", () => {
    const end = verificationExpiresAt(at);
    expect(end.toISOString()).toBe("2027-03-15T10:30:00.000Z");
    expect(isVerificationCurrent(at, new Date(end.getTime() - 1))).toBe(true);
    expect(isVerificationCurrent(at, end)).toBe(false);
    expect(verificationState(true, at, new Date(end.getTime() - 1))).toBe("renewal-due");
    expect(verificationState(true, at, end)).toBe("expired");
    expect(renewalNoticeAt(at).toISOString()).toBe("2027-02-13T10:30:00.000Z");
    expect(verificationState(true, at, new Date(renewalNoticeAt(at).getTime() - 1))).toBe("current");
  });

  it("29 February ends on 28 February", () => {
    expect(verificationExpiresAt(new Date("2028-02-29T12:00:00.000Z")).toISOString()).toBe("2029-02-28T12:00:00.000Z");
  });

  it("matching leaves out a professional whose verification ended, exactly at the boundary", async () => {
    const verifiedAt = new Date("2025-06-01T09:00:00.000Z");
    const [row] = await db()
      .insert(professionals)
      .values({ name: "Boundary Pro", email: uniqueEmail("boundary"), verified: true, verifiedAt, ...COMPLETE_MATCHING })
      .returning({ id: professionals.id });
    const end = verificationExpiresAt(verifiedAt);
    expect((await verifiedCandidates(new Date(end.getTime() - 1))).some((c) => c.id === row?.id)).toBe(true);
    expect((await verifiedCandidates(end)).some((c) => c.id === row?.id)).toBe(false);
  });
});

const PASSWORD = "Passw0rdX";
async function person(role: "admin" | "professional" | "client") {
  const email = uniqueEmail(`vetting-${role}`);
  const { userId } = await upsertAccount({ email, password: PASSWORD, role });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  return { userId, email, cookie };
}

describe("a professional's registrations", () => {
  it("are added with their format checked, shown on the profile with the register's link, and removed", async () => {
    const pro = await person("professional");
    const [entry] = await db().insert(professionals).values({ name: "Regina Reg", email: pro.email, userId: pro.userId }).returning({ id: professionals.id });
    const post = (fields: Record<string, string>) =>
      run(() => registrationsRoute.action({ request: formRequest("/professional-dashboard/registrations", fields, { cookie: pro.cookie }), params: {}, context: {} } as never));

    const bad = await post({ intent: "add", register: "uk-fca-frn", number: "12AB" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("6 or 7 digits");
    expect(await db().select().from(professionalRegistrations).where(eq(professionalRegistrations.professionalId, entry?.id ?? 0))).toHaveLength(0);

    const junk = await post({ intent: "add", register: "nasdaq", number: "1" });
    expect(junk.status).toBe(400);

    const ok = await post({ intent: "add", register: "uk-fca-frn", number: " 123 456 " });
    expect(ok).toMatchObject({ kind: "redirect", status: 303 });
    const admin = await person("admin");
    const profile = await run(() => profileRoute.loader({ request: getRequest(`/professionals/${entry?.id}`, { cookie: admin.cookie }), params: { id: String(entry?.id) }, context: {} } as never));
    expect(JSON.stringify(profile.body)).toContain("https://register.fca.org.uk/s/search?q=123456&type=Companies");

    await post({ intent: "remove", register: "uk-fca-frn" });
    expect(await db().select().from(professionalRegistrations).where(eq(professionalRegistrations.professionalId, entry?.id ?? 0))).toHaveLength(0);
  });

  it("a member without a linked entry finds nothing there (404)", async () => {
    const client = await person("client");
    const out = await run(() => registrationsRoute.loader({ request: getRequest("/professional-dashboard/registrations", { cookie: client.cookie }), params: {}, context: {} } as never));
    expect(out.status).toBe(404);
  });
});

describe("the vetting checklist", () => {
  let admin: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    admin = await person("admin");
    registerVettingJobs();
  });

  const act = (id: number, fields: Record<string, string>, now?: Date) =>
    run(() => {
      const request = formRequest(`/admin/professionals/${id}/vetting`, fields, { cookie: admin.cookie });
      return now ? checklistAction({ ...requestArgs(request) }, String(id), now) : vettingRoute.action({ request, params: { id: String(id) }, context: {} } as never);
    });

  async function entry(values: Partial<typeof professionals.$inferInsert> = {}) {
    const [row] = await db()
      .insert(professionals)
      .values({ name: "Vetted Vera", email: uniqueEmail("vera"), ...COMPLETE_MATCHING, experienceYears: 6, experienceRange: "6-10", ...values })
      .returning({ id: professionals.id, email: professionals.email });
    if (!row) throw new Error("no entry");
    await db().insert(professionalRegistrations).values({ professionalId: row.id, register: "us-crd-individual", number: "1234567" });
    return row;
  }

  const tickAll = async (id: number) => {
    expect(await act(id, { intent: "tick", item: "register", checkedOn: "2026-01-10", note: "BrokerCheck: registered, no disclosures" })).toMatchObject({ status: 303 });
    for (const item of ["identity", "experience", "disciplinary", "fees"]) expect(await act(id, { intent: "tick", item })).toMatchObject({ status: 303 });
  };

  it("refuses Verify until every item is done, audits each tick and untick with who, then verifies", async () => {
    const pro = await entry();
    const refused = await act(pro.id, { intent: "verify" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Still to do");

    // The register item needs its date and note.
    const noNote = await act(pro.id, { intent: "tick", item: "register", checkedOn: "2026-01-10" });
    expect(noNote.status).toBe(400);
    expect(await db().select().from(vettingChecks).where(eq(vettingChecks.professionalId, pro.id))).toHaveLength(0);

    await tickAll(pro.id);
    await act(pro.id, { intent: "untick", item: "fees" });
    expect((await act(pro.id, { intent: "verify" })).status).toBe(400);
    expect((await db().select().from(professionals).where(eq(professionals.id, pro.id)))[0]?.verified).toBe(false);

    const ticks = await db().select().from(vettingChecks).where(eq(vettingChecks.professionalId, pro.id));
    expect(ticks.map((t) => t.item).sort()).toEqual(["disciplinary", "experience", "identity", "register"]);
    expect(ticks.every((t) => t.checkedBy === admin.userId && t.checkedAt instanceof Date)).toBe(true);
    const audited = (await db().select().from(auditEvents).where(and(eq(auditEvents.kind, "ADMIN_ACTION"), eq(auditEvents.userId, admin.userId)))).map((e) => e.detail ?? "");
    const mine = audited.filter((d) => d.includes(`#${pro.id} `));
    expect(mine.filter((d) => d.startsWith("vetting: ticked"))).toHaveLength(5);
    expect(mine.filter((d) => d.startsWith("vetting: unticked"))).toHaveLength(1);

    expect(await act(pro.id, { intent: "tick", item: "fees" })).toMatchObject({ status: 303 });
    expect(await act(pro.id, { intent: "verify" })).toMatchObject({ kind: "redirect", status: 303 });
    const row = (await db().select().from(professionals).where(eq(professionals.id, pro.id)))[0];
    expect(row).toMatchObject({ verified: true, verifiedBy: admin.userId });
    const [record] = await db().select().from(verifications).where(eq(verifications.professionalId, pro.id));
    expect(record?.checks.map((c) => c.item)).toEqual(["register", "identity", "experience", "disciplinary", "fees"]);
    // The renewal goes through the checklist again.
    expect(await db().select().from(vettingChecks).where(eq(vettingChecks.professionalId, pro.id))).toHaveLength(0);

    const profile = await run(() => profileRoute.loader({ request: getRequest(`/professionals/${pro.id}`, { cookie: admin.cookie }), params: { id: String(pro.id) }, context: {} } as never));
    expect((profile.body as { checked: string }).checked).toBe("register record, identity, experience, disciplinary history and fees");

    expect(await act(pro.id, { intent: "unverify" })).toMatchObject({ status: 303 });
    expect((await db().select().from(professionals).where(eq(professionals.id, pro.id)))[0]?.verified).toBe(false);
  });

  it("a 0-2 years range cannot have its experience ticked", async () => {
    const pro = await entry({ experienceYears: 0, experienceRange: "0-2" });
    const out = await act(pro.id, { intent: "tick", item: "experience" });
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.body)).toContain("below the published minimum");
    expect(await db().select().from(vettingChecks).where(eq(vettingChecks.professionalId, pro.id))).toHaveLength(0);
  });

  it("the page disables 'Mark as done' and says what is missing where the facts do not allow the tick; the action refuses with the same words", async () => {
    const load = async (id: number) => {
      const out = await run(() => vettingRoute.loader({ request: getRequest(`/admin/professionals/${id}/vetting`, { cookie: admin.cookie }), params: { id: String(id) }, context: {} } as never));
      expect(out.status).toBe(200);
      return Object.fromEntries((out.body as { items: { item: string; blocked: string | null }[] }).items.map((i) => [i.item, i.blocked]));
    };
    const young = await entry({ experienceYears: 0, experienceRange: "0-2" });
    await db().delete(professionalRegistrations).where(eq(professionalRegistrations.professionalId, young.id));
    const blocked = await load(young.id);
    expect(blocked.experience).toBe("The stated experience is below the published minimum of 3 years: it cannot be ticked unless the entry's experience changes.");
    expect(blocked.register).toBe("No registration is recorded yet: the professional adds theirs on their dashboard, or record why none applies.");
    expect([blocked.identity, blocked.disciplinary, blocked.fees]).toEqual([null, null, null]);
    for (const item of ["experience", "register"] as const) {
      const out = await act(young.id, { intent: "tick", item, checkedOn: "2026-01-10", note: "Looked it up" });
      expect(out.status).toBe(400);
      expect(errorsOf(out.body)[""]).toEqual([blocked[item]]);
    }
    expect(await db().select().from(vettingChecks).where(eq(vettingChecks.professionalId, young.id))).toHaveLength(0);

    // A registration added (or a reason why none applies) and a range from 3 years on let them through.
    const ready = await entry();
    expect(Object.values(await load(ready.id))).toEqual([null, null, null, null, null]);
    const exempt = await entry({ registerExemption: "A lawyer: admitted to the New York bar, no securities register applies." });
    await db().delete(professionalRegistrations).where(eq(professionalRegistrations.professionalId, exempt.id));
    expect((await load(exempt.id)).register).toBeNull();
  });

  it("tells the professional and every admin 30 days before the end, once", async () => {
    const account = await person("professional");
    const pro = await entry({ email: uniqueEmail("notice"), userId: account.userId });
    await tickAll(pro.id);
    const verifiedAt = new Date(Date.now() - 340 * 24 * 60 * 60_000);
    expect(await act(pro.id, { intent: "verify" }, verifiedAt)).toMatchObject({ status: 303 });
    await enqueueRenewalNotices(new Date());
    await enqueueRenewalNotices(new Date());
    expect(await db().select().from(jobs).where(eq(jobs.key, `verification-renewal:${pro.id}:${verifiedAt.getTime()}`))).toHaveLength(1);
    for (let i = 0; i < 4; i++) await runDueJobs("vetting-test");
    expect(mailsTo(account.email)).toHaveLength(1);
    expect(mailsTo(account.email)[0]).toContain("verification ends on");
    expect(mailsTo(admin.email).filter((m) => m.includes(`/admin/professionals/${pro.id}/vetting`))).toHaveLength(1);
    await enqueueRenewalNotices(new Date());
    for (let i = 0; i < 2; i++) await runDueJobs("vetting-test");
    expect(mailsTo(account.email)).toHaveLength(1);
  });

  it("a professional never reaches the checklist: the admin guard sends them away", async () => {
    const pro = await entry();
    const other = await person("professional");
    const out = await run(() => vettingRoute.loader({ request: getRequest(`/admin/professionals/${pro.id}/vetting`, { cookie: other.cookie }), params: { id: String(pro.id) }, context: {} } as never));
    expect(out.kind).toBe("redirect");
    expect(out.location).toContain("/admin/login");
  });
});
