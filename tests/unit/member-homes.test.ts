import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { greetingName } from "~/features/client-home/client-welcome.server";
import { createSession } from "~/features/auth/session.server";
import { getSettings, saveSettings } from "~/platform/settings.server";
import { OWN_PROFILE_MESSAGES } from "~/features/professionals/own-profile-schema";
import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { loader as welcomeLoader } from "~/routes/client-welcome";
import { loader as dashboardLoader } from "~/routes/professional-dashboard";
import { action as editAction, loader as editLoader } from "~/routes/professional-dashboard.edit";
import { call, requestArgs } from "./helpers";
import { errorsOf, get, post, run, uniqueEmail } from "./support/auth-requests";

type Role = "client" | "professional" | "admin" | "user";
type Professional = typeof professionals.$inferSelect;

async function signedIn(role: Role, email = uniqueEmail(role)) {
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role });
  const cookie = (await createSession(requestArgs(get("/login")), userId)).split(";")[0] ?? "";
  return { userId, email, cookie };
}

async function listProfessional(values: Partial<Professional> & { email: string }): Promise<Professional> {
  const [row] = await db()
    .insert(professionals)
    .values({
      name: "Eleanor Whitfield",
      title: "Senior Wealth Advisor",
      company: "Whitfield Partners",
      bio: "Twenty years with founders.",
      phone: "+1 212 555 0100",
      location: "New York, NY",
      experienceYears: 20,
      specialties: ["Investment Management", "Liquidity Events"],
      ...values,
    })
    .returning();
  return row!;
}

const rowById = async (id: number) => (await db().select().from(professionals).where(eq(professionals.id, id)).limit(1))[0];

const openDashboard = (cookie?: string) => run(() => call(dashboardLoader, get("/professional-dashboard", cookie)));
const openEdit = (cookie?: string) => run(() => call(editLoader, get("/professional-dashboard/edit", cookie)));
const saveEdit = (fields: Record<string, string>, cookie?: string) =>
  run(() => call(editAction, post("/professional-dashboard/edit", fields, { cookie })));

const profileOf = (body: unknown) => (body as { profile: OwnProfile | null }).profile;

describe("/client-welcome", () => {
  it("sends a signed-out visitor to /login and back afterwards", async () => {
    const out = await run(() => call(welcomeLoader, get("/client-welcome")));
    expect(out).toMatchObject({ kind: "redirect", status: 302, location: "/login?redirectTo=%2Fclient-welcome" });
  });

  it("greets a client by the part of the e-mail before the @ and gives the support contact from the settings", async () => {
    const settings = await getSettings();
    await saveSettings({ ...settings, support: { email: "concierge@example.com", phone: "+1 (646) 555-0199" } });
    const { cookie } = await signedIn("client", `Margaret.Chen.${Date.now()}@example.com`);
    const out = await run(() => call(welcomeLoader, get("/client-welcome", cookie)));
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      name: expect.stringMatching(/^margaret\.chen\.\d+$/),
      isProfessional: false,
      support: { email: "concierge@example.com", phone: "+1 (646) 555-0199" },
      supportHours: settings.supportHours,
    });
    await saveSettings(settings);
  });

  it("greets a person who registered by the first name they gave", async () => {
    const { userId, cookie } = await signedIn("client", `client.375.on.${Date.now()}@example.com`);
    await db().insert(registrationAnswers).values({ userId, userType: "client", answers: { firstName: " Ada ", lastName: "Lovelace" } });
    const out = await run(() => call(welcomeLoader, get("/client-welcome", cookie)));
    expect(out.body).toMatchObject({ name: "Ada" });
  });

  it("lets a professional read it too, and offers their dashboard", async () => {
    const { cookie } = await signedIn("professional");
    const out = await run(() => call(welcomeLoader, get("/client-welcome", cookie)));
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ isProfessional: true });
  });

  it.each([
    ["Ada", "ada.l@example.com", "Ada"],
    ["   ", "jane@example.com", "jane"],
    [null, "jane@example.com", "jane"],
    [null, "  j.doe+wm@example.com", "j.doe+wm"],
    [null, "@example.com", "Valued Client"],
    [undefined, "", "Valued Client"],
    [null, null, "Valued Client"],
  ])("greets first name %j, e-mail %j as %j", (first, email, name) => {
    expect(greetingName(first, email)).toBe(name);
  });
});

describe("/professional-dashboard", () => {
  it("sends a signed-out visitor to /login with the way back", async () => {
    expect(await openDashboard()).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Fprofessional-dashboard" });
  });

  it("shows the entry whose e-mail matches the account's in any letter case", async () => {
    const { email, cookie } = await signedIn("professional");
    await listProfessional({ email: email.toUpperCase(), verified: true, featured: true, profileImage: "/uploads/eleanor.webp" });
    const out = await openDashboard(cookie);
    expect(out.status).toBe(200);
    expect(profileOf(out.body)).toEqual({
      name: "Eleanor Whitfield",
      title: "Senior Wealth Advisor",
      company: "Whitfield Partners",
      email: email.toUpperCase(),
      phone: "+1 212 555 0100",
      location: "New York, NY",
      bio: "Twenty years with founders.",
      experienceYears: 20,
      experienceRange: null,
      specialties: ["Investment Management", "Liquidity Events"],
      feeMinimum: null,
      feeSchedule: null,
      verified: true,
      featured: true,
      profileImage: "/uploads/eleanor.webp",
      matching: expect.objectContaining({ experienceYears: 20, services: [] }),
      pending: null,
    });
  });

  it("finds an entry linked to the account even under another e-mail, and never shows an outside image", async () => {
    const { userId, cookie } = await signedIn("professional");
    await listProfessional({ email: uniqueEmail("listed-elsewhere"), userId, name: "Linked Person", profileImage: "https://evil.example/x.png" });
    const profile = profileOf((await openDashboard(cookie)).body);
    expect(profile?.name).toBe("Linked Person");
    expect(profile?.profileImage).toBeNull();
  });

  it("shows an unlinked entry with the professional's e-mail read-only, and never to a client", async () => {
    const { email, cookie } = await signedIn("professional");
    await listProfessional({ email });
    expect(await openDashboard(cookie)).toMatchObject({ kind: "data", status: 200, body: { editable: false } });
    const client = await signedIn("client");
    await listProfessional({ email: client.email });
    expect(await openDashboard(client.cookie)).toMatchObject({ kind: "redirect", location: "/client-welcome" });
  });

  it("does not hand over an entry with the same e-mail that is linked to someone else", async () => {
    const other = await signedIn("professional");
    const { email, cookie } = await signedIn("professional");
    await listProfessional({ email, userId: other.userId });
    const out = await openDashboard(cookie);
    expect(out).toMatchObject({ kind: "data", status: 404 });
    expect(profileOf(out.body)).toBeNull();
  });

  it("answers 404 with the page (not an error) to a professional without an entry", async () => {
    const { cookie } = await signedIn("professional");
    const out = await openDashboard(cookie);
    expect(out).toMatchObject({ kind: "data", status: 404 });
    expect(out.body).toMatchObject({ profile: null, support: (await getSettings()).support });
  });

  it.each([
    ["client", "/client-welcome"],
    ["user", "/client-welcome"],
    ["admin", "/admin"],
  ] as const)("sends a %s without an entry to their own home (%s)", async (role, home) => {
    const { cookie } = await signedIn(role);
    expect(await openDashboard(cookie)).toMatchObject({ kind: "redirect", location: home });
  });
});

describe("/professional-dashboard/edit", () => {
  const valid = {
    title: "Managing Partner",
    location: "Boston, MA",
    phone: "+1 617 555 0123",
    bio: "Line one.\nLine two.",
  };

  it("needs a signed-in owner: signed out goes to /login, no entry goes to the dashboard", async () => {
    expect(await openEdit()).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Fprofessional-dashboard%2Fedit" });
    expect(await saveEdit(valid)).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Fprofessional-dashboard%2Fedit" });
    const { cookie } = await signedIn("professional");
    expect(await openEdit(cookie)).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    expect(await saveEdit(valid, cookie)).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
  });

  it("shows the entry's specialties as they are and offers the preview of the profile clients see", async () => {
    const { email, userId, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, userId });
    const out = await openEdit(cookie);
    expect(out.body).toMatchObject({ previewPath: `/professionals/${row.id}`, profile: { specialties: ["Investment Management", "Liquidity Events"] } });
  });

  it("saves title, location, phone, bio and specialties, then returns to the dashboard with the success message", async () => {
    const { email, userId, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, userId });
    const out = await saveEdit(
      { ...valid, specialties: " Philanthropy,tax planning , Business  Succession,, philanthropy" },
      cookie,
    );
    expect(out).toMatchObject({ kind: "redirect", status: 302, location: "/professional-dashboard" });
    expect(out.cookies.some((c) => c.startsWith("wm_toast="))).toBe(true);
    expect(await rowById(row.id)).toMatchObject({
      ...valid,
      specialties: ["Philanthropy", "tax planning", "Business Succession"],
    });
  });

  it("empties optional fields when they are cleared", async () => {
    const { email, userId, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, userId });
    await saveEdit({ title: "", location: " ", phone: "", bio: "" }, cookie);
    expect(await rowById(row.id)).toMatchObject({ title: null, location: null, phone: null, bio: null, specialties: [] });
  });

  it("ignores verified, featured, the disclosure and every other field it does not offer", async () => {
    const { email, userId, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, userId });
    const out = await saveEdit(
      {
        ...valid,
        verified: "true",
        featured: "on",
        name: "Someone Else",
        email: "taken@example.com",
        disciplinaryDisclosed: "on",
        disciplinaryCleared: "on",
        pendingMatching: "{}",
        profileImage: "/uploads/x.png",
        userId: "someone",
        id: "1",
      },
      cookie,
    );
    expect(out.kind).toBe("redirect");
    expect(await rowById(row.id)).toMatchObject({
      ...valid,
      verified: false,
      featured: false,
      name: row.name,
      email,
      disciplinaryDisclosed: false,
      disciplinaryCleared: false,
      pendingMatching: null,
      profileImage: null,
      userId,
    });
  });

  it.each([
    ["phone", "+1 212 555 0100 00000", "Phone number must be less than 20 characters"],
    ["phone", "call me maybe", "Please enter a valid phone number"],
    ["title", "T".repeat(101), OWN_PROFILE_MESSAGES.title],
    ["location", "L".repeat(101), OWN_PROFILE_MESSAGES.location],
    ["bio", "B".repeat(2001), OWN_PROFILE_MESSAGES.bio],
    ["specialties", "S".repeat(41), OWN_PROFILE_MESSAGES.specialty],
    ["specialties", "tax, <script>", OWN_PROFILE_MESSAGES.specialty],
  ])("refuses a bad %s with its message, keeps what was typed and writes nothing", async (field, value, message) => {
    const { email, userId, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, userId });
    const out = await saveEdit({ ...valid, [field]: value }, cookie);
    expect(out).toMatchObject({ kind: "data", status: 400 });
    expect(errorsOf(out.body)[field]).toEqual([message]);
    expect((out.body as { initialValue?: Record<string, unknown> }).initialValue).toMatchObject({ [field]: value, title: field === "title" ? value : valid.title });
    expect(await rowById(row.id)).toEqual(row);
  });

  it("refuses more than 10 specialties", async () => {
    const { email, userId, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, userId });
    const out = await saveEdit({ ...valid, specialties: Array.from({ length: 11 }, (_, i) => `Area ${i}`).join(", ") }, cookie);
    expect(out.status).toBe(400);
    expect(errorsOf(out.body).specialties).toEqual([OWN_PROFILE_MESSAGES.specialties]);
    expect(await rowById(row.id)).toEqual(row);
  });

  it("edits only the poster's own entry, whatever id is posted", async () => {
    const alice = await signedIn("professional");
    const bob = await signedIn("professional");
    const aliceRow = await listProfessional({ email: alice.email, userId: alice.userId });
    const bobRow = await listProfessional({ email: bob.email, userId: bob.userId, name: "Bob Stone" });
    await saveEdit({ ...valid, id: String(aliceRow.id), title: "Bob was here" }, bob.cookie);
    expect(await rowById(aliceRow.id)).toEqual(aliceRow);
    expect((await rowById(bobRow.id))?.title).toBe("Bob was here");
  });

  it("never lets an account edit an entry it is not linked to, even with the same e-mail", async () => {
    // Anyone can register with an address they do not own: the address alone must not hand over an entry.
    const { email, cookie } = await signedIn("professional");
    const row = await listProfessional({ email, verified: true, featured: true });
    expect(await openEdit(cookie)).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    expect(await saveEdit({ ...valid, title: "Taken over" }, cookie)).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    expect(await rowById(row.id)).toEqual(row);
  });
});
