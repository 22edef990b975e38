import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, isNull } from "drizzle-orm";
import { audit } from "~/platform/audit.server";
import { db, transaction } from "~/platform/db.server";
import { professionals, profiles, registrationAnswers, users } from "~/platform/schema";
import { auditTrip, LIMITS } from "~/platform/rate-limit.server";
import { hashPassword, withHashingRoom } from "~/platform/password.server";
import { readFormData } from "~/platform/http/form-data.server";
import { NOT_SAVED_INIT, notSavedResult, orNotSaved } from "~/platform/http/not-saved.server";
import { redirectWithToast, toastHeaders } from "~/platform/http/toast.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { landingFor } from "~/domain/roles";
import { requireUser } from "~/features/auth/permissions.server";
import { destroySession, revokeUserSessions } from "~/features/auth/session.server";
import { checkCurrentPassword } from "~/features/auth/current-password.server";
import { isTwoFactorIntent, twoFactorAction, twoFactorView } from "~/features/auth/two-factor-settings.server";
import { currentTimeZone, timeZoneChoices } from "~/domain/time-zones";
import { ACCOUNT_MESSAGES, EmailChangeSchema, NameSchema, PasswordChangeSchema, TimeZoneSchema } from "./account-settings-schema";
import { cancelEmailChange, pendingEmailChange, requestEmailChange } from "./email-change.server";
import { memberTime } from "./member-time.server";
import { tellPasswordChanged } from "./password-change-mail.server";

/**
 * /account: every member's own settings (docs/decisions/038). Each section is its own form, told
 * apart by `intent`; each change is audited (ACCOUNT_CHANGE) under the member's id.
 */
const PATH = "/account";

/** "Mary Ann Smith" -> first "Mary Ann", last "Smith": the form's starting values (one stored full name). */
function splitName(fullName: string | null): { firstName: string; lastName: string } {
  const name = (fullName ?? "").trim();
  const at = name.lastIndexOf(" ");
  return at < 0 ? { firstName: name, lastName: "" } : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
}

/** The e-mail change waiting for its link, as the page says it: the address and until when the link works. */
async function pendingEmail(user: { id: string; timeZone: string | null }) {
  const pending = await pendingEmailChange(user.id);
  return pending ? { newEmail: pending.newEmail, until: memberTime(pending.expiresAt, user.timeZone) } : null;
}

export async function accountLoader({ request }: RequestArgs) {
  const user = await requireUser(request);
  return {
    email: user.email,
    pendingEmail: await pendingEmail(user),
    ...splitName(user.fullName),
    isProfessional: user.roles.includes("professional"),
    isAdmin: user.roles.includes("admin"),
    timeZone: user.timeZone,
    zones: timeZoneChoices(),
    home: landingFor(user.role),
    twoFactor: await twoFactorView(user),
  };
}

type Member = Awaited<ReturnType<typeof requireUser>>;

const record = (args: RequestArgs, member: Member, detail: string) =>
  audit({ kind: "ACCOUNT_CHANGE", from: args, userId: member.id, email: member.email, detail });

const saved = (request: Request, title: string, description: string) => notice(request, "success", title, description);

/** Back to the page (a POST-redirect-GET) with a flash message. */
const notice = (request: Request, type: "success" | "info" | "error", title: string, description: string) =>
  redirectWithToast(request, PATH, { type, title, description }, { status: 303 });

/** The current password again, within the per-account bound; null when right, else the refusal to answer with. */
async function refusePassword(args: RequestArgs, member: Member, password: string, what: string): Promise<{ field: string; status: number } | null> {
  const outcome = await checkCurrentPassword(LIMITS.accountPassword, member.id, password);
  if (outcome === "right") return null;
  if (outcome === "too_many") {
    await auditTrip(LIMITS.accountPassword, member.id, { from: args, userId: member.id, email: member.email, detail: `${what}: too many wrong passwords` });
    return { field: ACCOUNT_MESSAGES.tooManyPasswords, status: 429 };
  }
  await audit({ kind: "LOGIN_FAILED", from: args, userId: member.id, email: member.email, detail: `${what}: wrong current password` });
  return { field: ACCOUNT_MESSAGES.wrongPassword, status: 400 };
}

async function changeName(args: RequestArgs, member: Member, formData: FormData) {
  const submission = parseWithZod(formData, { schema: NameSchema });
  if (submission.status !== "success") return data({ intent: "name" as const, reply: submission.reply(), shown: null }, { status: 400 });
  const fullName = `${submission.value.firstName} ${submission.value.lastName}`;
  // A write that fails for storage reasons (full disk, lock held) renders the form again with the names typed.
  const notSaved = () => data({ intent: "name" as const, reply: notSavedResult(submission), shown: null }, NOT_SAVED_INIT);
  const stored = await orNotSaved(async () => {
    await transaction(async (tx) => {
      await tx.update(profiles).set({ fullName }).where(eq(profiles.userId, member.id));
      // A professional's directory entry shows the same name to clients.
      await tx.update(professionals).set({ name: fullName }).where(and(eq(professionals.userId, member.id), isNull(professionals.deletedAt)));
      // The homes greet by the first name the wizard asked for: it follows the change.
      const [answered] = await tx.select({ answers: registrationAnswers.answers }).from(registrationAnswers).where(eq(registrationAnswers.userId, member.id)).limit(1);
      if (answered) {
        const answers = { ...answered.answers, firstName: submission.value.firstName, lastName: submission.value.lastName };
        await tx.update(registrationAnswers).set({ answers }).where(eq(registrationAnswers.userId, member.id));
      }
    });
    return true as const;
  }, notSaved);
  if (stored !== true) return stored;
  await record(args, member, "changed their name");
  return saved(args.request, "Name saved", ACCOUNT_MESSAGES.nameSaved);
}

async function changeTimeZone(args: RequestArgs, member: Member, formData: FormData) {
  const submission = parseWithZod(formData, { schema: TimeZoneSchema });
  if (submission.status !== "success") return data({ intent: "time-zone" as const, reply: submission.reply(), shown: null }, { status: 400 });
  // A retired name (the browser's "Asia/Calcutta") is kept under its current one ("Asia/Kolkata").
  const timeZone = currentTimeZone(submission.value.timeZone) ?? submission.value.timeZone;
  const stored = await orNotSaved(
    async () => {
      await db()
        .insert(profiles)
        .values({ userId: member.id, email: member.email, timeZone })
        .onConflictDoUpdate({ target: profiles.userId, set: { timeZone } });
      return true as const;
    },
    () => data({ intent: "time-zone" as const, reply: notSavedResult(submission), shown: null }, NOT_SAVED_INIT),
  );
  if (stored !== true) return stored;
  await record(args, member, `set their time zone to ${timeZone}`);
  return saved(args.request, "Time zone saved", ACCOUNT_MESSAGES.timeZoneSaved(timeZone));
}

async function changeEmail(args: RequestArgs, member: Member, formData: FormData) {
  const submission = parseWithZod(formData, { schema: EmailChangeSchema });
  const hide = { hideFields: ["password"] };
  const refuse = (status: number, fieldErrors: Record<string, string[]>) =>
    data({ intent: "email" as const, reply: submission.reply({ ...hide, fieldErrors }), shown: null }, { status });
  if (submission.status !== "success") return data({ intent: "email" as const, reply: submission.reply(hide), shown: null }, { status: 400 });
  const { newEmail, password } = submission.value;
  if (newEmail.toLowerCase() === member.email.toLowerCase()) return refuse(400, { newEmail: [ACCOUNT_MESSAGES.sameEmail] });
  const wrong = await refusePassword(args, member, password, "e-mail change");
  if (wrong) return refuse(wrong.status, { password: [wrong.field] });
  const sent = await requestEmailChange(args, member, newEmail);
  if (sent.status === "limited") {
    return data({ intent: "email" as const, reply: submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.tooManyEmails] }), shown: null }, { status: 429 });
  }
  return saved(args.request, "Check your new inbox", ACCOUNT_MESSAGES.emailSent(newEmail));
}

/** 'Send the link again' for the change waiting: a new link (the older stops working), within the same bound. */
async function resendEmailChange(args: RequestArgs, member: Member) {
  const pending = await pendingEmailChange(member.id);
  if (!pending) return notice(args.request, "info", "Nothing to send", ACCOUNT_MESSAGES.noPendingEmail);
  const sent = await requestEmailChange(args, member, pending.newEmail);
  if (sent.status === "limited") return notice(args.request, "error", "No new link sent", ACCOUNT_MESSAGES.tooManyEmails);
  return saved(args.request, "Link sent again", ACCOUNT_MESSAGES.emailSent(pending.newEmail));
}

async function cancelPendingEmail(args: RequestArgs, member: Member) {
  const cancelled = await cancelEmailChange(args, member);
  return cancelled
    ? saved(args.request, "Change cancelled", ACCOUNT_MESSAGES.emailChangeCancelled(member.email))
    : notice(args.request, "info", "Nothing to cancel", ACCOUNT_MESSAGES.noPendingEmail);
}

async function changePassword(args: RequestArgs, member: Member, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
  const hide = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success") return data({ intent: "password" as const, reply: submission.reply(hide), shown: null }, { status: 400 });
  const wrong = await refusePassword(args, member, submission.value.currentPassword, "password change");
  if (wrong) return data({ intent: "password" as const, reply: submission.reply({ ...hide, fieldErrors: { currentPassword: [wrong.field] } }), shown: null }, { status: wrong.status });
  // Hashed in the worker pool, never on the event loop; a full pool answers 503 before anything changes.
  const passwordHash = await withHashingRoom(() => hashPassword(submission.value.password));
  const at = new Date();
  await transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
    // Joins this transaction: the new password and the other sessions' end land together.
    await revokeUserSessions(member.id, member.sessionId);
  });
  await record(args, member, "changed their password; every other session ended");
  // The account's address hears of it, as it does of an e-mail change: a stolen session cannot change it unseen.
  await tellPasswordChanged(args.request, member, at);
  return saved(args.request, "Password changed", ACCOUNT_MESSAGES.passwordChanged(member.email));
}

async function signOutEverywhere(args: RequestArgs, member: Member) {
  await revokeUserSessions(member.id);
  await audit({ kind: "LOGOUT", from: args, userId: member.id, email: member.email, detail: "signed out everywhere from /account (every session ended)" });
  const headers = await toastHeaders(args.request, { type: "success", title: "Signed out everywhere", description: ACCOUNT_MESSAGES.signedOutEverywhere });
  headers.append("Set-Cookie", await destroySession(args.request));
  return redirect("/login", { status: 303, headers });
}

export async function accountAction(args: RequestArgs) {
  const member = await requireUser(args.request);
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  if (intent === "name") return changeName(args, member, formData);
  if (intent === "time-zone") return changeTimeZone(args, member, formData);
  if (intent === "email") return changeEmail(args, member, formData);
  if (intent === "email-resend") return resendEmailChange(args, member);
  if (intent === "email-cancel") return cancelPendingEmail(args, member);
  if (intent === "password") return changePassword(args, member, formData);
  if (intent === "sign-out-everywhere") return signOutEverywhere(args, member);
  if (isTwoFactorIntent(intent)) {
    return twoFactorAction(args, member, intent, formData, { path: PATH, record: (detail) => record(args, member, detail).then(() => undefined) });
  }
  return data({ intent: null, reply: null, shown: null, error: "Unknown form submission." }, { status: 400 });
}

