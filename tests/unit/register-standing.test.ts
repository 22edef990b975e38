import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { professionalRegistrations, professionals, verifications } from "~/platform/schema";
import { importFeedFile } from "~/features/registers/run-import.server";
import { registerStanding, type StandingSubject } from "~/features/registers/standing.server";
import { uniqueEmail } from "./support/auth-requests";

// What a client reads about registrations, and when "Verified" may be shown: only beside a registration
// checked against its register's record (or by our team, recorded at verification) or a stated reason.
const verifiedAt = new Date("2027-02-01T10:00:00Z");

async function pro(name: string, company: string, extra: Partial<typeof professionals.$inferInsert> = {}): Promise<StandingSubject> {
  const [row] = await db()
    .insert(professionals)
    .values({ name, company, email: uniqueEmail("standing"), verified: true, verifiedAt, ...extra })
    .returning({ id: professionals.id, name: professionals.name, company: professionals.company, verified: professionals.verified, verifiedAt: professionals.verifiedAt, registerExemption: professionals.registerExemption });
  return row!;
}

describe("a registration as the client reads it, and the Verified badge", () => {
  beforeAll(async () => {
    await importFeedFile("sec-individual", path.resolve("tests/fixtures/registers/sec-individuals-2027-03-01.xml"));
  });

  it("verified with no registration and no reason: no badge (the demo's old 'Verified' beside 'No registration listed')", async () => {
    const p = await pro("Nadia Noreg", "Noreg & Co");
    expect(await registerStanding(p)).toEqual({ lines: [], verified: false, exemption: null, update: null });
  });

  it("a stated reason why none applies backs the badge, and the client reads it", async () => {
    const p = await pro("Lena Lawyer", "Lawyer LLP", { registerExemption: "  A lawyer admitted in New York; no financial register applies.  " });
    expect(await registerStanding(p)).toMatchObject({ verified: true, exemption: "A lawyer admitted in New York; no financial register applies." });
  });

  it("a registration the imported record confirms: checked on the feed's date, the SEC's record linked, disclosures in words", async () => {
    const amelia = await pro("Amelia Strand", "Northgate Partners");
    await db().insert(professionalRegistrations).values({ professionalId: amelia.id, register: "us-crd-individual", number: "7001004" });
    const standing = await registerStanding(amelia);
    expect(standing.verified).toBe(true);
    expect(standing.lines).toEqual([
      {
        register: "us-crd-individual",
        registerName: "FINRA BrokerCheck (CRD)",
        number: "7001004",
        href: "https://adviserinfo.sec.gov/individual/summary/7001004",
        direct: true,
        checked: "Checked against the SEC's public records (Investment Adviser Public Disclosure) on March 1, 2027",
        disclosures: [],
        lapsed: false,
      },
    ]);

    const jose = await pro("José O'Brien-Núñez", "Castillo & Reyes Wealth");
    await db().insert(professionalRegistrations).values({ professionalId: jose.id, register: "us-crd-individual", number: "7001002" });
    expect((await registerStanding(jose)).lines[0]?.disclosures).toEqual(["a customer complaint or arbitration"]);
  });

  it("a record under another name is not counted as checked, nor is a number the feed lacks; an admin's recorded look-up is", async () => {
    const impostor = await pro("Robert Jones", "Northgate Partners");
    await db().insert(professionalRegistrations).values({ professionalId: impostor.id, register: "us-crd-individual", number: "7001004" });
    expect(await registerStanding(impostor)).toMatchObject({ verified: false, lines: [{ checked: null, disclosures: [] }] });

    const broker = await pro("Bea Broker", "Broker Co");
    await db().insert(professionalRegistrations).values({ professionalId: broker.id, register: "us-crd-individual", number: "5550001", createdAt: new Date("2027-01-01") });
    expect((await registerStanding(broker)).verified).toBe(false);
    await db().insert(verifications).values({
      professionalId: broker.id,
      verifiedAt,
      verifiedBy: null,
      checks: [{ item: "register", checkedAt: verifiedAt.toISOString(), checkedBy: "admin-1", checkedOn: "2027-01-30", note: "BrokerCheck: registered, no disclosures" }],
    });
    expect(await registerStanding(broker)).toMatchObject({ verified: true, lines: [{ checked: "Checked by our team on the register on January 30, 2027" }] });
  });
});
