import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { once } from "node:events";
import { beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db.server";
import { auditEvents, professionalRegistrations, professionals, registerAlerts, registerImports, registerRecords, registerStaging, userRoles, users } from "~/platform/schema";
import { runDueJobs } from "~/platform/jobs.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { ImportError, importFca, importFeedFile } from "~/features/registers/run-import.server";
import { registerRecheckJobs } from "~/features/registers/recheck.server";
import { verifiedCandidates } from "~/features/matching/shortlists.data.server";
import { checkRegistration, comparePersonName, compareFirmName, checkedLine, type StoredRecord } from "~/domain/register-records";
import { COMPLETE_MATCHING } from "./support/matching";
import { mailsTo, uniqueEmail } from "./support/auth-requests";
import { startFcaStandIn } from "../support/fca-stand-in.mjs";

type FcaStandIn = Awaited<ReturnType<typeof startFcaStandIn>>;

const FIXTURES = path.resolve("tests/fixtures/registers");
const MARCH = path.join(FIXTURES, "sec-individuals-2027-03-01.xml");
const APRIL = path.join(FIXTURES, "sec-individuals-2027-04-01.xml");
const FIRMS = path.join(FIXTURES, "sec-firms-2027-03-01.xml");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "registers-"));

/** The stored records of a source, each with what it says spread out. */
async function records(source: string) {
  const rows = await db().select().from(registerRecords).where(eq(registerRecords.source, source as "sec-individual"));
  return rows.map(({ record, ...row }) => ({ ...row, ...record }));
}

describe("names against the register's", () => {
  it("accents, case, punctuation, middle names and suffixes do not count; a near miss is flagged, not taken", () => {
    expect(comparePersonName("José O'Brien-Núñez Jr.", "JOSE OBRIEN-NUNEZ")).toBe("same");
    expect(comparePersonName("Jose OBrien Nunes", "JOSE OBRIEN-NUNEZ")).toBe("near");
    expect(comparePersonName("Amelia Strand", "AMELIA J STRAND")).toBe("same");
    expect(comparePersonName("Amelia Strande", "AMELIA J STRAND")).toBe("near");
    expect(comparePersonName("Amy Strand", "AMELIA J STRAND")).toBe("near");
    expect(comparePersonName("Robert Jones", "AMELIA J STRAND")).toBe("different");
    expect(compareFirmName("Northgate Partners", "NORTHGATE PARTNERS, L.L.C.")).toBe("same");
    expect(compareFirmName("Castillo & Reyes Wealth", "CASTILLO AND REYES WEALTH, INC.")).toBe("same");
  });

  it("the checked line says the register, the feed's date, the firm, since when and the disclosures", () => {
    const record: StoredRecord = { source: "sec-individual", number: "1", name: "AMELIA J STRAND", otherNames: [], current: true, status: "APPROVED", since: "2014-09-02", firms: [{ name: "NORTHGATE PARTNERS LLC", number: "801001" }], disclosures: [], feedDate: "2027-03-01" };
    const check = checkRegistration("sec-individual", { name: "Amelia Strand", company: "Northgate Partners" }, record);
    expect(check.differences).toEqual([]);
    expect(checkedLine(check)).toBe(
      "Checked against the SEC's public records (Investment Adviser Public Disclosure) of March 1, 2027: registered with NORTHGATE PARTNERS LLC since 2014, no disclosures",
    );
    const other = checkRegistration("sec-individual", { name: "Amelia Strand", company: "Southgate Capital" }, { ...record, current: false, status: "TERMINATED", disclosures: ["customer-complaint"] });
    expect(other.differences.map((d) => d.kind)).toEqual(["not-current", "firm", "disclosures"]);
    expect(checkRegistration("sec-individual", { name: "A", company: null }, null).differences).toEqual([{ kind: "not-found" }]);
  });
});

describe("registers:import of the SEC's feeds", () => {
  it("reads the individual feed (ISO-8859-1, several employments, a lapsed registration, a disclosure, a record without a number) and records the feed's date", async () => {
    const summary = await importFeedFile("sec-individual", MARCH);
    expect(summary).toMatchObject({ source: "sec-individual", feedDate: "2027-03-01", records: 3, skipped: 1, added: 3, changed: 0, removed: 0, applied: true });
    const rows = await records("sec-individual");
    const jose = rows.find((r) => r.number === "7001002");
    expect(jose).toMatchObject({ name: "JOSÉ O'BRIEN-NÚÑEZ JR", current: true, since: "2019-01-07", disclosures: ["customer-complaint"], otherNames: ["JOSE OBRIEN"] });
    expect(jose?.firms.map((f) => f.name)).toEqual(["CASTILLO & REYES WEALTH, INC.", "BISCAYNE FAMILY OFFICE LLC"]);
    expect(rows.find((r) => r.number === "7001003")).toMatchObject({ current: false, status: "no current registration", firms: [] });
    expect(rows.find((r) => r.number === "7001004")).toMatchObject({ current: true, since: "2014-09-02", disclosures: [] });
  });

  it("a second import of the same file changes nothing", async () => {
    const before = await records("sec-individual");
    const imports = (await db().select().from(registerImports)).length;
    const again = await importFeedFile("sec-individual", MARCH);
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0, applied: false });
    expect(await records("sec-individual")).toEqual(before);
    expect(await db().select().from(registerImports)).toHaveLength(imports);
    expect(await db().select().from(registerStaging)).toHaveLength(0);
  });

  it("reads the same feed gzipped and zipped, and the firm feed with its Form ADV disclosure answer", async () => {
    const gz = path.join(tmp, "IA_FIRM_SEC_Feed.xml.gz");
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(FIRMS)));
    expect(await importFeedFile("sec-firm", gz)).toMatchObject({ records: 2, added: 2, feedDate: "2027-03-01" });
    const firms = await records("sec-firm");
    expect(firms.find((f) => f.number === "801001")).toMatchObject({ name: "NORTHGATE PARTNERS LLC", otherNames: ["NORTHGATE PARTNERS, L.L.C."], current: true, since: "2012-06-01", disclosures: [] });
    expect(firms.find((f) => f.number === "801003")?.disclosures).toEqual(["form-adv"]);

    const zip = new yazl.ZipFile();
    zip.addFile(MARCH, "IA_INDVL_Feed_03_01_2027.xml");
    zip.end();
    const zipped = path.join(tmp, "IA_INDVL_Feed.xml.zip");
    const out = fs.createWriteStream(zipped);
    zip.outputStream.pipe(out);
    await once(out, "close");
    expect(await importFeedFile("sec-individual", zipped)).toMatchObject({ records: 3, applied: false });
  });

  it("a truncated file, plain, gzipped or zipped, is refused whole with a clear message and changes nothing", async () => {
    const before = await records("sec-individual");
    const text = fs.readFileSync(APRIL);
    const cut = text.subarray(0, Math.floor(text.length * 0.7));
    const plain = path.join(tmp, "cut.xml");
    fs.writeFileSync(plain, cut);
    await expect(importFeedFile("sec-individual", plain)).rejects.toThrow(/not a whole feed.*nothing was imported/i);
    const gz = path.join(tmp, "cut.xml.gz");
    const packed = zlib.gzipSync(text);
    fs.writeFileSync(gz, packed.subarray(0, packed.length - 40));
    await expect(importFeedFile("sec-individual", gz)).rejects.toThrow(ImportError);
    await expect(importFeedFile("sec-individual", gz)).rejects.toThrow(/incomplete or damaged.*Nothing was imported/);
    await expect(importFeedFile("sec-firm", MARCH)).rejects.toThrow(/not the firm feed/);
    expect(await records("sec-individual")).toEqual(before);
    expect(await db().select().from(registerStaging)).toHaveLength(0);
  });
});

describe("the re-check after an import", () => {
  let proId = 0;
  let proEmail = "";
  let adminEmail = "";
  beforeAll(async () => {
    registerRecheckJobs();
    adminEmail = uniqueEmail("registers-admin");
    await upsertAccount({ email: adminEmail, password: "Passw0rdX", role: "admin" });
    proEmail = uniqueEmail("registers-pro");
    const { userId } = await upsertAccount({ email: proEmail, password: "Passw0rdX", role: "professional" });
    const [row] = await db()
      .insert(professionals)
      .values({ name: "Amelia Strand", company: "Northgate Partners", email: proEmail, userId, verified: true, verifiedAt: new Date(), ...COMPLETE_MATCHING })
      .returning({ id: professionals.id });
    proId = row?.id ?? 0;
    await db().insert(professionalRegistrations).values({ professionalId: proId, register: "us-crd-individual", number: "7001004" });
    await runDueJobs("test");
  });

  it("a clean record becomes the registration's baseline; a new disclosure pauses them, raises one alert, audits, and mails each once", async () => {
    const [reg] = await db().select().from(professionalRegistrations).where(eq(professionalRegistrations.professionalId, proId));
    expect(reg?.baseline).toMatchObject({ found: true, current: true, disclosures: [] });
    expect((await verifiedCandidates()).some((c) => c.id === proId)).toBe(true);

    expect(await importFeedFile("sec-individual", APRIL)).toMatchObject({ changed: 1, applied: true, feedDate: "2027-04-01" });
    // Two job loops (two workers) run the same re-check and the mail jobs: one alert and one mail each.
    await Promise.all([runDueJobs("worker-a"), runDueJobs("worker-b")]);
    await runDueJobs("worker-a");
    const alerts = await db().select().from(registerAlerts).where(eq(registerAlerts.professionalId, proId));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ register: "us-crd-individual", number: "7001004", feedDate: "2027-04-01", decision: null, changes: [{ kind: "new-disclosure", kinds: ["regulatory"] }] });
    const [pro] = await db().select({ pausedAt: professionals.pausedAt }).from(professionals).where(eq(professionals.id, proId));
    expect(pro?.pausedAt).not.toBeNull();
    expect((await verifiedCandidates()).some((c) => c.id === proId)).toBe(false);
    expect(mailsTo(proEmail).filter((m) => m.includes("regulator's record changed"))).toHaveLength(1);
    expect(mailsTo(adminEmail).filter((m) => m.includes("Register change to review: Amelia Strand"))).toHaveLength(1);
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.kind, "REGISTER_CHECK"));
    expect(audits.filter((a) => a.detail?.includes("Amelia Strand"))).toHaveLength(1);
  });

  it("importing the same feed again raises nothing more", async () => {
    await importFeedFile("sec-individual", APRIL);
    await runDueJobs("worker-a");
    expect(await db().select().from(registerAlerts).where(eq(registerAlerts.professionalId, proId))).toHaveLength(1);
    void users;
    void userRoles;
  });
});

describe("the FCA register, through its API (a stand-in on 127.0.0.1)", () => {
  let standIn: FcaStandIn;
  beforeAll(async () => {
    standIn = await startFcaStandIn();
    process.env.FCA_API_BASE = standIn.base;
    process.env.FCA_API_EMAIL = "ops@example.com";
    process.env.FCA_API_KEY = "test-key";
    process.env.FCA_API_INTERVAL_MS = "0";
    const [row] = await db().insert(professionals).values({ name: "Harriet Vale", company: "Vale & Co", email: uniqueEmail("fca") }).returning({ id: professionals.id });
    await db().insert(professionalRegistrations).values([
      { professionalId: row?.id ?? 0, register: "uk-fca-irn", number: "HXV01234" },
      { professionalId: row?.id ?? 0, register: "uk-fca-frn", number: "654321" },
    ]);
    const [gone] = await db().insert(professionals).values({ name: "Nobody Known", email: uniqueEmail("fca-none") }).returning({ id: professionals.id });
    await db().insert(professionalRegistrations).values({ professionalId: gone?.id ?? 0, register: "uk-fca-frn", number: "999999" });
    return () => standIn.close();
  });

  it("asks for each recorded FRN and IRN with the API key, reads firm, roles and disciplinary history; a number it lacks is not recorded", async () => {
    const [firms, people] = await importFca({ now: new Date("2027-03-05T10:00:00Z") });
    expect(firms).toMatchObject({ source: "fca-firm", feedDate: "2027-03-05", records: 1, added: 1 });
    expect(people).toMatchObject({ source: "fca-individual", records: 1, added: 1 });
    expect(standIn.requests.every((r) => r.email === "ops@example.com" && r.key === "test-key")).toBe(true);
    const [firm] = await records("fca-firm");
    expect(firm).toMatchObject({ number: "654321", name: "Vale & Co Ltd", current: true, since: "2009-12-01", disclosures: ["enforcement"] });
    const [person] = await records("fca-individual");
    expect(person).toMatchObject({ number: "HXV01234", name: "Harriet Vale", current: true, since: "2015-04-06", firms: [{ name: "Vale & Co Ltd", number: null }], disclosures: [] });
  });

  it("a refused API key is a clear error and changes nothing", async () => {
    process.env.FCA_API_KEY = "wrong";
    await expect(importFca()).rejects.toThrow(/refused the API key/);
    process.env.FCA_API_KEY = "test-key";
    expect(await records("fca-firm")).toHaveLength(1);
  });
});

describe("a feed larger than one staging chunk", () => {
  it("stages 1,234 records in full and partial chunks (a number listed twice counts once, the later entry wins)", async () => {
    const people = Array.from({ length: 1234 }, (_, i) => `<Indvl><Info lastNm="PERSON" firstNm="NUMBER${i}" indvlPK="${9_000_000 + i}" actvAGReg="Y"/><CrntEmps/><DRPs/></Indvl>`);
    // The first number again at the end, now with a disclosure.
    people.push(`<Indvl><Info lastNm="PERSON" firstNm="AGAIN" indvlPK="9000000" actvAGReg="Y"/><DRPs><DRP hasCustComp="Y"/></DRPs></Indvl>`);
    const file = path.join(tmp, "large.xml");
    fs.writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?><IAPDIndividualReport GenOn="2027-05-01"><Indvls>${people.join("\n")}</Indvls></IAPDIndividualReport>`);
    const summary = await importFeedFile("sec-individual", file);
    expect(summary).toMatchObject({ records: 1234, feedDate: "2027-05-01", applied: true });
    const rows = await records("sec-individual");
    expect(rows).toHaveLength(1234);
    expect(rows.find((r) => r.number === "9000000")).toMatchObject({ name: "AGAIN PERSON", disclosures: ["customer-complaint"] });
    expect(rows.find((r) => r.number === "9001233")).toMatchObject({ name: "NUMBER1233 PERSON", current: false });
    expect(await db().select().from(registerStaging)).toHaveLength(0);
  });
});
