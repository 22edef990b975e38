import { and, eq, sql } from "drizzle-orm";
import { db, preparedRead, transaction } from "~/platform/db.server";
import { jsonField } from "~/platform/sql-dialect.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { emailRegistered, insertAccount, sameEmail, type Queryable } from "~/features/auth/users.data.server";
import { experienceYearsFromRange, type UserType } from "~/domain/vocabulary";
import type { ClientAnswers } from "~/domain/matching-engine";
import { clientAnswersFrom } from "./client-answers";
import { CLIENT_MATCHING_FIELDS, type ClientMatchingAnswers, type Registration } from "./registration-schema";

export type RegisteredClient = {
  /** What matching reads, converted once from the stored answers; null when they cannot be matched. */
  answers: ClientAnswers | null;
  /** Every stored answer as the wizard (or an older version of it) wrote it, for the admins to read. */
  recorded: Record<string, unknown>;
  registeredAt: Date;
};

/** A client's registration answers, or null when the user is not a registered client. */
export async function registeredClientOf(userId: string, q: Queryable = db()): Promise<RegisteredClient | null> {
  const [row] = await q
    .select({ answers: registrationAnswers.answers, registeredAt: registrationAnswers.createdAt })
    .from(registrationAnswers)
    .where(and(eq(registrationAnswers.userId, userId), eq(registrationAnswers.userType, "client")))
    .limit(1);
  if (!row) return null;
  return { answers: clientAnswersFrom(row.answers), recorded: row.answers, registeredAt: row.registeredAt };
}

/** A client's answers as matching reads them; null for a user who is not a client or answers that cannot be matched. */
export async function clientAnswersOf(userId: string, q: Queryable = db()): Promise<ClientAnswers | null> {
  return (await registeredClientOf(userId, q))?.answers ?? null;
}

/**
 * Writes the account of a validated registration in one transaction: user, profile, the role of the
 * chosen account type, every answer, and for a professional an unverified, un-featured directory entry
 * for admins to vet. Either all of it is written or nothing is.
 */
export async function insertRegistration(
  reg: Registration,
  account: { email: string; fullName: string; passwordHash: string; answers: Record<string, unknown> },
): Promise<{ ok: true; userId: string } | { ok: false; reason: "email-taken" }> {
  const { email, fullName, passwordHash, answers } = account;
  const role: UserType = reg.userType;
  return transaction(
    async (tx): Promise<{ ok: true; userId: string } | { ok: false; reason: "email-taken" }> => {
      if (await emailRegistered(email, tx)) return { ok: false as const, reason: "email-taken" as const };
      const userId = await insertAccount(tx, { email, passwordHash, fullName, role });
      await tx.insert(registrationAnswers).values({ userId, userType: role, answers });

      if (reg.userType === "professional") {
        // An entry an admin already made for this address stays as the admin wrote it.
        const [listed] = await tx
          .select({ id: professionals.id })
          .from(professionals)
          .where(sameEmail(professionals.email, email))
          .limit(1);
        if (!listed) {
          await tx.insert(professionals).values({
            name: fullName,
            company: reg.companyName,
            email,
            phone: reg.phone || null,
            // The range as chosen; matching reads its lower bound.
            experienceYears: experienceYearsFromRange(reg.experienceYears),
            experienceRange: reg.experienceYears,
            certifications: reg.certifications ?? [],
            // Specialties are their own areas of focus, written on their profile page later; the
            // services (asked here) are not copied into them.
            specialties: [],
            // What matching reads (docs/decisions/021): every answer optional, so possibly incomplete
            // until an admin completes it before verifying.
            services: reg.servicesOffered ?? [],
            aumRange: reg.assetsUnderManagement ?? null,
            clientProfiles: reg.typicalClientProfile ?? [],
            communication: reg.communicationChannels?.length
              ? reg.communicationChannels
              : reg.preferredCommunication
                ? [reg.preferredCommunication]
                : [],
            countriesServed: reg.countriesServed ?? [],
            feeModel: reg.feeModel ?? null,
            impactInvesting: reg.impactInvesting ?? false,
            languages: reg.languages ?? [],
            disciplinaryDisclosed: reg.disciplinaryAction ?? false,
            verified: false,
            featured: false,
            userId,
          });
        }
      }
      return { ok: true as const, userId };
    },
  );
}

/** Every stored registration answer of a user, as the wizard wrote it ({} when there are none). */
export async function recordedAnswersOf(userId: string): Promise<Record<string, unknown>> {
  const [row] = await db()
    .select({ answers: registrationAnswers.answers })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.userId, userId))
    .limit(1);
  return row?.answers ?? {};
}

/** Saves the answers matching uses (an absent, false or empty answer is removed), keeping every other registration answer. */
export async function saveMatchingAnswers(userId: string, value: ClientMatchingAnswers): Promise<void> {
  await transaction(
    async (tx) => {
      const [row] = await tx
        .select({ answers: registrationAnswers.answers })
        .from(registrationAnswers)
        .where(eq(registrationAnswers.userId, userId))
        .limit(1);
      const answers: Record<string, unknown> = { ...(row?.answers ?? {}) };
      for (const field of CLIENT_MATCHING_FIELDS) {
        const v = value[field];
        if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) delete answers[field];
        else answers[field] = v;
      }
      if (row) await tx.update(registrationAnswers).set({ answers }).where(eq(registrationAnswers.userId, userId));
      else await tx.insert(registrationAnswers).values({ userId, userType: "client", answers });
    },
  );
}

/**
 * The first name typed into the registration wizard. The profile keeps only a full name (which an operator
 * may set, e.g. 'Dr. Ada King'), so its first word is not reliably a first name; the wizard's answer is.
 */
// Read on every view of the client's home.
const firstNameOf = preparedRead((database) =>
  database
    .select({ firstName: jsonField(registrationAnswers.answers, "firstName") })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare(),
);

export async function registeredFirstName(userId: string): Promise<string | null> {
  const [row] = await firstNameOf({ userId });
  return typeof row?.firstName === "string" ? row.firstName : null;
}
