import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, queryRows } from "~/platform/db.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import { readStoredFile } from "~/platform/uploads/stored-files.server";
import { experienceWords } from "~/domain/plain-words";
import { EXPERIENCE_RANGES } from "~/domain/vocabulary";
import { EXPERIENCE_MESSAGE, parseExperience } from "~/features/professionals/matching-data";
import { OWN_PROFILE_MESSAGES, specialtiesField } from "~/features/professionals/own-profile-schema";
import { IMAGE_ERRORS } from "~/platform/uploads/image";
import { action as editAction } from "~/routes/professional-dashboard.edit";
import { loader as profileLoader } from "~/routes/professionals.$id";
import { loader as adminEditLoader } from "~/routes/admin.professionals.$id.edit";
import type { ProfessionalEditView } from "~/features/admin/professionals/professionals.server";
import { call, getRequest, requestArgs } from "./helpers";
import { errorsOf, run, uniqueEmail } from "./support/auth-requests";
import { COMPLETE_MATCHING } from "./support/matching";
import { onPostgres } from "./engine";

const ORIGIN = "http://localhost";
type Part = [string, string | Blob, string?];

function multipart(parts: Part[], cookie: string): Request {
  const body = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, filename);
  }
  return new Request(new URL("/professional-dashboard/edit", ORIGIN), { method: "POST", body, headers: { Origin: ORIGIN, Cookie: cookie } });
}

/** The matching data as the form posts it, the same as COMPLETE_MATCHING. */
const MATCHING_PARTS: Part[] = [
  ...COMPLETE_MATCHING.services.map((v): Part => ["services", v]),
  ["experienceYears", "12"],
  ["aumRange", COMPLETE_MATCHING.aumRange],
  ...COMPLETE_MATCHING.clientProfiles.map((v): Part => ["clientProfiles", v]),
  ...COMPLETE_MATCHING.communication.map((v): Part => ["communication", v]),
  ...COMPLETE_MATCHING.countriesServed.map((v): Part => ["countriesServed", v]),
  ["feeModel", COMPLETE_MATCHING.feeModel],
  ...COMPLETE_MATCHING.languages.map((v): Part => ["languages", v]),
];

async function ownEntry(verified: boolean) {
  const email = uniqueEmail("own-profile");
  const { userId } = await upsertAccount({ email, password: "Passw0rdX", role: "professional" });
  const cookie = (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  const [row] = await db()
    .insert(professionals)
    .values({ name: "Eleanor Whitfield", email, userId, verified, title: "Advisor", ...COMPLETE_MATCHING })
    .returning();
  if (!row) throw new Error("no entry");
  return { cookie, row };
}

const rowOf = async (id: number) => (await db().select().from(professionals).where(eq(professionals.id, id)).limit(1))[0];
const save = (parts: Part[], cookie: string) => run(() => call(editAction, multipart(parts, cookie)));

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 30, b: 60 } } }).png().toBuffer();
});

describe("specialties: the professional's own areas of focus as tags", () => {
  const parse = (text: unknown) => specialtiesField.safeParse(text);

  it("trims, collapses spaces and drops blanks and repeats in any letter case (the first spelling wins)", () => {
    expect(parse("  cross-border  tax, Founder liquidity,, founder LIQUIDITY ,").data).toEqual(["cross-border tax", "Founder liquidity"]);
    expect(parse("Private credit (US), art & collectibles, 401(k) plans, O’Neill trusts, Café owners").data).toEqual([
      "Private credit (US)",
      "art & collectibles",
      "401(k) plans",
      "O’Neill trusts",
      "Café owners",
    ]);
    expect(parse(" , ").data).toEqual([]);
  });

  it.each([
    ["one letter", "tax, x"],
    ["41 characters", "a".repeat(41)],
    ["markup", "tax, <b>bold</b>"],
    ["a symbol first", "-tax"],
    ["an emoji", "tax 🚀"],
    ["a semicolon", "tax; estates"],
  ])("refuses %s with its message", (_, text) => {
    const out = parse(text);
    expect(out.success).toBe(false);
    expect(out.error?.issues.map((i) => i.message)).toEqual([OWN_PROFILE_MESSAGES.specialty]);
  });

  it("takes up to 10, counted after repeats are dropped", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `Area ${i}`);
    expect(parse([...ten, "area 0"].join(", ")).data).toHaveLength(10);
    expect(parse([...ten, "Area 10"].join(", ")).error?.issues.map((i) => i.message)).toEqual([OWN_PROFILE_MESSAGES.specialties]);
  });

  it("reads several posted values (an older page's ticked boxes) as one list", () => {
    expect(parse(["Tax Planning", "founder liquidity"]).data).toEqual(["Tax Planning", "founder liquidity"]);
  });
});

describe("experience: the wizard's range or an exact number of years", () => {
  it.each([
    ["12", { years: 12, range: null }],
    ["0", { years: 0, range: null }],
    ["70", { years: 70, range: null }],
    [" 6-10 ", { years: 6, range: "6-10" }],
    ["6 to 10", { years: 6, range: "6-10" }],
    ["6 – 10 years", { years: 6, range: "6-10" }],
    ["0-2", { years: 0, range: "0-2" }],
    ["20+", { years: 20, range: "20+" }],
    ["20 +", { years: 20, range: "20+" }],
  ])("reads %j", (text, expected) => {
    expect(parseExperience(text)).toEqual(expected);
  });

  it.each(["71", "3-4", "-1", "1.5", "ten", "20-", "", "100"])("refuses %j", (text) => {
    expect(parseExperience(text)).toBeNull();
  });

  it("shows a range in words, exact years as a number, unknown as 'Not stated', and never '0 years'", () => {
    expect(EXPERIENCE_RANGES.map((r) => experienceWords(Number.parseInt(r, 10), r))).toEqual([
      "Fewer than 3 years",
      "3 to 5 years",
      "6 to 10 years",
      "11 to 15 years",
      "16 to 20 years",
      "More than 20 years",
    ]);
    expect(experienceWords(12)).toBe("12 years");
    expect(experienceWords(1)).toBe("1 year");
    expect(experienceWords(0)).toBe("Less than a year");
    expect(experienceWords(null)).toBe("Not stated");
  });
});

describe("the migration of today's specialties and experience", () => {
  // The data statements of the migration, run again on rows written the way the old code wrote them.
  const file = onPostgres ? "drizzle/postgres/0004_own_profile.sql" : "drizzle/sqlite/0013_own_profile.sql";
  const statements = fs
    .readFileSync(path.resolve(file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => s.startsWith("UPDATE"));

  async function registered(experience: string) {
    const { userId } = await upsertAccount({ email: uniqueEmail("migrated"), password: "Passw0rdX", role: "professional" });
    await db().insert(registrationAnswers).values({ userId, userType: "professional", answers: { experienceYears: experience } });
    return userId;
  }
  const insert = async (values: Omit<typeof professionals.$inferInsert, "name" | "email">) => {
    const [row] = await db().insert(professionals).values({ name: "Old Row", email: uniqueEmail("old"), ...values }).returning({ id: professionals.id });
    return row?.id ?? 0;
  };

  it("drops the specialties that only repeat the professional's services and recovers the wizard's range", async () => {
    expect(statements).toHaveLength(3);
    const wizard = await insert({
      userId: await registered("6-10"),
      experienceYears: 6,
      services: ["Tax Planning", "Estate Planning"],
      specialties: ["Tax Planning", "Estate Planning"],
    });
    const mixed = await insert({
      experienceYears: 0,
      services: ["Tax Planning"],
      specialties: ["Legal Services", "tax planning ", "founder liquidity"],
    });
    const exact = await insert({ experienceYears: 12, services: [], specialties: ["Philanthropy"] });
    const changedSince = await insert({ userId: await registered("3-5"), experienceYears: 7, services: [], specialties: [] });
    for (const statement of statements) await queryRows(sql.raw(statement));

    expect(await rowOf(wizard)).toMatchObject({ specialties: [], experienceYears: 6, experienceRange: "6-10" });
    // A service they do not list stays as their own focus; the repeat of one they list goes.
    expect(await rowOf(mixed)).toMatchObject({ specialties: ["Legal Services", "founder liquidity"], experienceRange: "0-2" });
    expect(await rowOf(exact)).toMatchObject({ specialties: ["Philanthropy"], experienceYears: 12, experienceRange: null });
    // An admin changed the years after registration: the exact number stands.
    expect(await rowOf(changedSince)).toMatchObject({ experienceYears: 7, experienceRange: null });
  });
});

describe("the professional's own edit", () => {
  it("saves photo, firm, fees and specialties at once; a verified professional's services wait for approval", async () => {
    const { cookie, row } = await ownEntry(true);
    const out = await save(
      [
        ["title", "Managing Partner"],
        ["company", "Whitfield & Co"],
        ["specialties", "cross-border tax, founder liquidity"],
        ["feeMinimum", "250000"],
        ["feeSchedule", "1% a year on the first $5M"],
        ...MATCHING_PARTS.filter(([name]) => name !== "services"),
        ["services", "Estate Planning"],
        ["profileImage", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png"],
      ],
      cookie,
    );
    expect(out).toMatchObject({ kind: "redirect", location: "/professional-dashboard" });
    const after = await rowOf(row.id);
    expect(after).toMatchObject({
      title: "Managing Partner",
      company: "Whitfield & Co",
      specialties: ["cross-border tax", "founder liquidity"],
      feeMinimum: 250_000,
      feeSchedule: "1% a year on the first $5M",
      services: COMPLETE_MATCHING.services,
      pendingMatching: expect.objectContaining({ services: ["Estate Planning"] }),
    });
    expect(after?.profileImage).toMatch(/^\/uploads\/blog-[a-z0-9]+-[a-f0-9]{16}-480\.webp$/);
    const file = await readStoredFile((after?.profileImage ?? "").replace(/^\/uploads\//, ""));
    expect((await sharp(file?.bytes).metadata()).format).toBe("webp");

    // The preview shows the new photo and fees, and the approved services until an admin decides.
    const preview = await run(() => call(profileLoader, getRequest(`/professionals/${row.id}`, { cookie }), { id: String(row.id) }));
    expect(preview.status).toBe(200);
    expect(JSON.stringify(preview.body)).toContain(after?.profileImage ?? "missing");
    expect(preview.body).toMatchObject({ profile: { summary: { feeMinimum: "$250,000" }, services: COMPLETE_MATCHING.services, focus: ["cross-border tax", "founder liquidity"] } });
  });

  it("removes the photo when 'Remove image' is ticked, and keeps it otherwise", async () => {
    const { cookie, row } = await ownEntry(false);
    await save([...MATCHING_PARTS, ["profileImage", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png"]], cookie);
    const photo = (await rowOf(row.id))?.profileImage;
    expect(photo).toMatch(/\.webp$/);
    await save(MATCHING_PARTS, cookie);
    expect((await rowOf(row.id))?.profileImage).toBe(photo);
    await save([...MATCHING_PARTS, ["removeImage", "on"]], cookie);
    expect((await rowOf(row.id))?.profileImage).toBeNull();
    expect(await readStoredFile((photo ?? "").replace(/^\/uploads\//, ""))).toBeFalsy();
  });

  it("an unverified professional's matching change and experience range apply at once", async () => {
    const { cookie, row } = await ownEntry(false);
    await save([...MATCHING_PARTS.filter(([n]) => n !== "experienceYears"), ["experienceYears", "3 to 5"]], cookie);
    expect(await rowOf(row.id)).toMatchObject({ experienceYears: 3, experienceRange: "3-5", pendingMatching: null });
    await save(MATCHING_PARTS, cookie);
    expect(await rowOf(row.id)).toMatchObject({ experienceYears: 12, experienceRange: null });
  });

  it("a verified professional changing exact years to the range with the same lower bound still waits", async () => {
    const { cookie, row } = await ownEntry(true);
    await db().update(professionals).set({ experienceYears: 3 }).where(eq(professionals.id, row.id));
    await save([...MATCHING_PARTS.filter(([n]) => n !== "experienceYears"), ["experienceYears", "3-5"]], cookie);
    expect(await rowOf(row.id)).toMatchObject({ experienceYears: 3, experienceRange: null, pendingMatching: expect.objectContaining({ experienceRange: "3-5" }) });
    // The admin deciding it reads both sides in words.
    const { userId } = await upsertAccount({ email: uniqueEmail("own-profile-admin"), password: "Passw0rdX", role: "admin" });
    const admin = (await createSession(requestArgs(getRequest("/admin/login")), userId)).split(";")[0] ?? "";
    const view = await run(() => call(adminEditLoader, getRequest(`/admin/professionals/${row.id}/edit`, { cookie: admin }), { id: String(row.id) }));
    expect((view.body as { view: ProfessionalEditView }).view.pending?.changes).toEqual([
      { key: "experienceYears", label: "Years of experience", before: "3 years", after: "3 to 5 years" },
    ]);
  });

  it.each([
    ["not an image", () => new Blob(["just some text"], { type: "image/png" }), IMAGE_ERRORS.invalidType.message, 400],
    ["too large", () => new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: "image/png" }), IMAGE_ERRORS.tooLarge.message, 400],
  ])("refuses a photo that is %s with a clear message, keeps the text and changes nothing", async (_, blob, message, status) => {
    const { cookie, row } = await ownEntry(true);
    const out = await save([["title", "Kept Title"], ...MATCHING_PARTS, ["profileImage", blob(), "me.png"]], cookie);
    expect(out).toMatchObject({ kind: "data", status });
    expect(errorsOf(out.body).profileImage).toEqual([message]);
    expect((out.body as { initialValue?: Record<string, unknown> }).initialValue).toMatchObject({ title: "Kept Title" });
    expect(await rowOf(row.id)).toEqual(row);
  });

  it.each([
    ["experienceYears", "3-4", EXPERIENCE_MESSAGE],
    ["feeMinimum", "$250,000", OWN_PROFILE_MESSAGES.feeMinimum],
    ["feeSchedule", "x".repeat(601), OWN_PROFILE_MESSAGES.feeSchedule],
    ["company", "C".repeat(101), OWN_PROFILE_MESSAGES.company],
    ["specialties", "tax, ok, <script>", OWN_PROFILE_MESSAGES.specialty],
  ])("refuses a bad %s with its message, and nothing changes, not even a valid photo", async (field, value, message) => {
    const { cookie, row } = await ownEntry(true);
    const out = await save(
      [...MATCHING_PARTS.filter(([n]) => n !== field), [field, value], ["profileImage", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png"]],
      cookie,
    );
    expect(out).toMatchObject({ kind: "data", status: 400 });
    expect(errorsOf(out.body)[field]).toEqual([message]);
    expect(await rowOf(row.id)).toEqual(row);
  });
});
