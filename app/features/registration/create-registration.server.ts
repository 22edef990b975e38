import { db } from "~/platform/db.server";
import { professionals, registrationAnswers } from "~/platform/schema";
import { hashPassword } from "~/platform/password.server";
import { emailRegistered, insertAccount, isUniqueViolation, sameEmail } from "~/features/auth/users.server";
import { proposeShortlist } from "~/features/matching/matching.server";
import { experienceYearsFromRange, type UserType } from "~/domain/vocabulary";
import type { Registration } from "./registration-schema";

export type CreateRegistrationResult =
  | { ok: true; userId: string; email: string; role: UserType }
  | { ok: false; reason: "email-taken" };

/** Every answer kept for the admins' vetting: all but the password. */
export function answersRecord(reg: Registration): Record<string, unknown> {
  const { password: _password, confirmPassword: _confirm, ...answers } = reg;
  if (answers.userType === "professional" && !answers.disciplinaryAction) delete answers.disciplinaryDetails;
  return { ...answers, agreeMarketing: answers.agreeMarketing ?? false, agreedToTermsAt: new Date().toISOString() };
}

/**
 * Creates the account of a validated registration in one transaction: user, profile, the role of the
 * chosen account type, every answer, and for a professional an unverified, un-featured directory entry
 * for admins to vet. Either all of it is written or nothing is.
 */
export async function createRegistration(reg: Registration): Promise<CreateRegistrationResult> {
  const result = await writeRegistration(reg);
  if (result.ok && result.role === "client") proposeAfterRegistration(result.userId);
  return result;
}

/**
 * A new client's shortlist, proposed for the admins' review (/admin/matches). Matching never fails a
 * registration: the account is already committed, and the admin page proposes again when opened.
 */
function proposeAfterRegistration(userId: string) {
  try {
    proposeShortlist(userId);
  } catch (error) {
    console.error(`Matching failed after the registration of ${userId}; the admin page will propose again.`, error);
  }
}

async function writeRegistration(reg: Registration): Promise<CreateRegistrationResult> {
  const email = reg.email.trim().toLowerCase();
  const fullName = `${reg.firstName.trim()} ${reg.lastName.trim()}`;
  const role: UserType = reg.userType;
  // Hash outside the transaction: bcrypt is slow and the write lock should be held briefly.
  const passwordHash = await hashPassword(reg.password);

  try {
    return db().transaction(
      (tx) => {
        if (emailRegistered(email, tx)) return { ok: false as const, reason: "email-taken" as const };
        const userId = insertAccount(tx, { email, passwordHash, fullName, role });
        tx.insert(registrationAnswers).values({ userId, userType: role, answers: answersRecord(reg) }).run();

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
        return { ok: true as const, userId, email, role };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Two browsers finishing with the same e-mail at once: the unique index decides, not a crash.
    if (isUniqueViolation(error) && emailRegistered(email)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}
