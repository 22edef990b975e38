import { hashPassword } from "~/platform/password.server";
import { emailRegistered, isUniqueViolation } from "~/features/auth/users.data.server";
import type { UserType } from "~/domain/vocabulary";
import type { Registration } from "./registration-schema";
import { insertRegistration } from "./registration.data.server";
import { proposeShortlist } from "./client-shortlist.server";
import { logFor } from "~/platform/log.server";

const log = logFor("matching");

export type CreateRegistrationResult =
  | { ok: true; userId: string; email: string; fullName: string; role: UserType }
  | { ok: false; reason: "email-taken" };

/** Every answer kept for the admins' vetting: all but the password. */
function answersRecord(reg: Registration): Record<string, unknown> {
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
  if (result.ok && result.role === "client") await proposeAfterRegistration(result.userId);
  return result;
}

/**
 * A new client's shortlist, proposed for the admins' review (/admin/matches). Matching never fails a
 * registration: the account is already committed, and the admin page proposes again when opened.
 */
async function proposeAfterRegistration(userId: string): Promise<void> {
  try {
    await proposeShortlist(userId);
  } catch (error) {
    log.error({ userId, err: error }, "matching failed after a registration; the admin page will propose again");
  }
}

async function writeRegistration(reg: Registration): Promise<CreateRegistrationResult> {
  const email = reg.email.trim().toLowerCase();
  const fullName = `${reg.firstName.trim()} ${reg.lastName.trim()}`;
  const role: UserType = reg.userType;
  // Hash outside the transaction: bcrypt is slow and the write lock should be held briefly.
  const passwordHash = await hashPassword(reg.password);

  try {
    const written = await insertRegistration(reg, { email, fullName, passwordHash, answers: answersRecord(reg) });
    return written.ok ? { ok: true, userId: written.userId, email, fullName, role } : written;
  } catch (error) {
    // Two browsers finishing with the same e-mail at once: the unique index decides, not a crash.
    if (isUniqueViolation(error) && (await emailRegistered(email))) return { ok: false, reason: "email-taken" };
    throw error;
  }
}
