import { data, redirect } from "react-router";
import { and, eq, isNull } from "drizzle-orm";
import { parseWithZod } from "@conform-to/zod/v4";
import { db } from "~/platform/db.server";
import { professionals } from "~/platform/schema";
import { requireUser } from "~/auth/permissions.server";
import type { SessionUser } from "~/auth/session.server";
import { landingFor } from "~/users/roles";
import { sameEmail } from "~/users/users.server";
import { getSettings } from "~/platform/settings.server";
import { redirectWithToast } from "~/http/toast.server";
import { SERVICES } from "~/registration/options";
import { mergeSpecialties, OwnProfileSchema } from "./own-profile-schema";
import { readFormData } from "~/http/form-data.server";
import type { RequestArgs } from "~/http/client-address.server";
import { audit } from "~/platform/audit.server";
import { isEmailConfirmed } from "~/auth/email-confirmation.server";

type ProfessionalRow = typeof professionals.$inferSelect;

/** What the dashboard and the edit form show of a listing: no internal ids or links. */
export type OwnProfile = {
  name: string;
  title: string | null;
  company: string | null;
  email: string;
  phone: string | null;
  location: string | null;
  bio: string | null;
  experienceYears: number | null;
  specialties: string[];
  verified: boolean;
  featured: boolean;
  /** Only an image served by this site: the CSP refuses other hosts, which would leave a broken picture. */
  profileImage: string | null;
};

export const isLocalPath = (src: string | null): src is string => !!src && src.startsWith("/") && !src.startsWith("//") && !src.includes("\\");

function toOwnProfile(row: ProfessionalRow): OwnProfile {
  return {
    name: row.name,
    title: row.title,
    company: row.company,
    email: row.email,
    phone: row.phone,
    location: row.location,
    bio: row.bio,
    experienceYears: row.experienceYears,
    specialties: row.specialties,
    verified: row.verified,
    featured: row.featured,
    profileImage: isLocalPath(row.profileImage) ? row.profileImage : null,
  };
}

/**
 * The directory entry this person may see and edit. Registration links the entry it creates to the
 * account, and only a linked entry is editable. Spec §6 matches by e-mail, but nobody proves they own
 * an address when they register, so an unlinked entry with the same e-mail (one an admin added) is
 * shown to a professional read-only and never to anyone else, until the professional, with the address
 * confirmed, links it to their account (docs/decisions/010, 023).
 */
export function findOwnProfessional(user: Pick<SessionUser, "id" | "email" | "roles">): { row: ProfessionalRow; editable: boolean } | undefined {
  const linked = db().select().from(professionals).where(eq(professionals.userId, user.id)).get();
  if (linked) return { row: linked, editable: true };
  if (!user.roles.includes("professional")) return undefined;
  const byEmail = db()
    .select()
    .from(professionals)
    .where(and(sameEmail(professionals.email, user.email), isNull(professionals.userId)))
    .get();
  return byEmail ? { row: byEmail, editable: false } : undefined;
}

function supportContact() {
  const { support, supportHours } = getSettings();
  return { support, supportHours };
}

/**
 * A professional without an entry sees 'Professional Profile Not Found' (404, page layout kept).
 * Anyone else without one has no business here and goes to their own home instead.
 */
export async function dashboardLoader(request: Request) {
  const user = await requireUser(request);
  const own = findOwnProfessional(user);
  const emailConfirmed = isEmailConfirmed(user.id);
  const account = { email: user.email, emailConfirmed };
  if (own) return data({ profile: toOwnProfile(own.row), editable: own.editable, ...account, ...supportContact() });
  if (!user.roles.includes("professional")) throw redirect(landingFor(user.role));
  return data({ profile: null, editable: false, ...account, ...supportContact() }, { status: 404 });
}

export const LINK_MESSAGES = {
  linked: "This profile is now linked to your account: you can edit it.",
  unconfirmed: "Confirm your email address first: we link a profile only to the confirmed owner of its address.",
  nothing: "There is no profile with your email address waiting to be linked.",
} as const;

/**
 * 'Link this profile to my account' (docs/decisions/010, 023): a professional whose confirmed address
 * is the entry's (any letter case) takes an entry that is linked to nobody. Audited.
 */
export async function dashboardAction(args: RequestArgs) {
  const { request } = args;
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "link") throw data("Unknown action", { status: 400 });
  const own = findOwnProfessional(user);
  if (!own || own.editable) {
    return redirectWithToast(request, "/professional-dashboard", { type: "info", title: "Nothing to link", description: LINK_MESSAGES.nothing });
  }
  if (!isEmailConfirmed(user.id)) {
    return redirectWithToast(request, "/professional-dashboard", { type: "error", title: "Not linked", description: LINK_MESSAGES.unconfirmed });
  }
  // Conditional: of two accounts racing for the entry (or an admin linking it meanwhile) only one wins.
  const linked = db()
    .update(professionals)
    .set({ userId: user.id })
    .where(and(eq(professionals.id, own.row.id), isNull(professionals.userId), sameEmail(professionals.email, user.email)))
    .run();
  if (linked.changes !== 1) {
    return redirectWithToast(request, "/professional-dashboard", { type: "info", title: "Nothing to link", description: LINK_MESSAGES.nothing });
  }
  audit({
    kind: "ACCOUNT_CREATION",
    from: args,
    userId: user.id,
    email: user.email,
    detail: `linked directory entry #${own.row.id} to the account (confirmed address, same as the entry's)`,
  });
  return redirectWithToast(request, "/professional-dashboard", { type: "success", title: "Profile linked", description: LINK_MESSAGES.linked });
}

/** The edit page and its action need an entry linked to the account; without one the dashboard explains. */
async function requireOwnProfessional(request: Request) {
  const user = await requireUser(request);
  const own = findOwnProfessional(user);
  if (!own?.editable) throw redirect("/professional-dashboard");
  return { user, row: own.row };
}

/** The spec's services first, then whatever else the entry lists (an admin may have written others). */
export function specialtyChoices(current: readonly string[]): string[] {
  return mergeSpecialties([...SERVICES, ...current]);
}

export async function editProfileLoader(request: Request) {
  const { row } = await requireOwnProfessional(request);
  return { profile: toOwnProfile(row), specialtyChoices: specialtyChoices(row.specialties) };
}

export async function editProfileAction(request: Request) {
  const { row } = await requireOwnProfessional(request);
  const submission = parseWithZod(await readFormData(request), { schema: OwnProfileSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const value = submission.value;
  // Built field by field from the schema's output: nothing else posted (verified, featured, email, an id) can reach the row.
  db()
    .update(professionals)
    .set({
      title: value.title || null,
      location: value.location || null,
      phone: value.phone || null,
      bio: value.bio || null,
      specialties: mergeSpecialties(value.specialties, value.otherSpecialties),
    })
    .where(eq(professionals.id, row.id))
    .run();
  return redirectWithToast(request, "/professional-dashboard", {
    type: "success",
    title: "Success",
    description: "Profile updated successfully",
  });
}
