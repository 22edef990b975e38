import { and, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db.server";
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
export function registeredClientOf(userId: string, q: Queryable = db()): RegisteredClient | null {
  const row = q
    .select({ answers: registrationAnswers.answers, registeredAt: registrationAnswers.createdAt })
    .from(registrationAnswers)
    .where(and(eq(registrationAnswers.userId, userId), eq(registrationAnswers.userType, "client")))
    .get();
  if (!row) return null;
  return { answers: clientAnswersFrom(row.answers), recorded: row.answers, registeredAt: row.registeredAt };
}

/** A client's answers as matching reads them; null for a user who is not a client or answers that cannot be matched. */
export function clientAnswersOf(userId: string, q: Queryable = db()): ClientAnswers | null {
  return registeredClientOf(userId, q)?.answers ?? null;
}

/**
 * Writes the account of a validated registration in one transaction: user, profile, the role of the
 * chosen account type, every answer, and for a professional an unverified, un-featured directory entry
 * for admins to vet. Either all of it is written or nothing is.
 */
export function insertRegistration(
  reg: Registration,
  account: { email: string; fullName: string; passwordHash: string; answers: Record<string, unknown> },
): { ok: true; userId: string } | { ok: false; reason: "email-taken" } {
  const { email, fullName, passwordHash, answers } = account;
  const role: UserType = reg.userType;
  return db().transaction(
    (tx) => {
      if (emailRegistered(email, tx)) return { ok: false as const, reason: "email-taken" as const };
      const userId = insertAccount(tx, { email, passwordHash, fullName, role });
      tx.insert(registrationAnswers).values({ userId, userType: role, answers }).run();

      if (reg.userType === "professional") {
        // An entry an admin already made for this address stays as the admin wrote it.
        const listed = tx
          .select({ id: professionals.id })
          .from(professionals)
          .where(sameEmail(professionals.email, email))
          .get();
        if (!listed) {
          tx.insert(professionals)
            .values({
              name: fullName,
              company: reg.companyName,
              email,
              phone: reg.phone || null,
              experienceYears: experienceYearsFromRange(reg.experienceYears),
              certifications: reg.certifications ?? [],
              specialties: reg.servicesOffered ?? [],
              // What matching reads (docs/decisions/021): every answer optional, so possibly incomplete
              // until an admin completes it before verifying.
              services: reg.servicesOffered ?? [],
              aumRange: reg.assetsUnderManagement ?? null,
              clientProfiles: reg.typicalClientProfile ?? [],
              communication: reg.preferredCommunication ? [reg.preferredCommunication] : [],
              countriesServed: reg.countriesServed ?? [],
              feeModel: reg.feeModel ?? null,
              impactInvesting: reg.impactInvesting ?? false,
              languages: reg.languages ?? [],
              disciplinaryDisclosed: reg.disciplinaryAction ?? false,
              verified: false,
              featured: false,
              userId,
            })
            .run();
        }
      }
      return { ok: true as const, userId };
    },
    { behavior: "immediate" },
  );
}

/** Every stored registration answer of a user, as the wizard wrote it ({} when there are none). */
export function recordedAnswersOf(userId: string): Record<string, unknown> {
  return db().select({ answers: registrationAnswers.answers }).from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).get()?.answers ?? {};
}

/** Saves the answers matching uses (an absent, false or empty answer is removed), keeping every other registration answer. */
export function saveMatchingAnswers(userId: string, value: ClientMatchingAnswers) {
  db().transaction(
    (tx) => {
      const row = tx.select({ answers: registrationAnswers.answers }).from(registrationAnswers).where(eq(registrationAnswers.userId, userId)).get();
      const answers: Record<string, unknown> = { ...(row?.answers ?? {}) };
      for (const field of CLIENT_MATCHING_FIELDS) {
        const v = value[field];
        if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) delete answers[field];
        else answers[field] = v;
      }
      if (row) tx.update(registrationAnswers).set({ answers }).where(eq(registrationAnswers.userId, userId)).run();
      else tx.insert(registrationAnswers).values({ userId, userType: "client", answers }).run();
    },
    { behavior: "immediate" },
  );
}

/**
 * The first name typed into the registration wizard. The profile keeps only a full name (which an operator
 * may set, e.g. 'Dr. Ada King'), so its first word is not reliably a first name; the wizard's answer is.
 */
export function registeredFirstName(userId: string): string | null {
  const row = db()
    .select({ firstName: sql<unknown>`json_extract(${registrationAnswers.answers}, '$.firstName')` })
    .from(registrationAnswers)
    .where(eq(registrationAnswers.userId, userId))
    .get();
  return typeof row?.firstName === "string" ? row.firstName : null;
}
