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
import { candidateFrom } from "~/matching/matching.server";
import { changedMatchingKeys, MATCHING_LABELS, matchingDataFrom, matchingDataOf, type MatchingData } from "./matching-data";
import { readFormData } from "~/http/form-data.server";
import { PRO_INTRODUCTIONS_PAGE, professionalIntroductions } from "~/matching/introductions.server";
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
  /** The matching data matching uses today. */
  matching: MatchingData;
  /** The professional's own change to it, waiting for an admin (verified professionals only). */
  pending: { submittedAt: string; data: MatchingData; changed: string[] } | null;
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
    matching: approvedMatching(row),
    pending: pendingOf(row),
  };
}

const approvedMatching = (row: ProfessionalRow): MatchingData => matchingDataOf(candidateFrom(row));

function pendingOf(row: ProfessionalRow): OwnProfile["pending"] {
  if (!row.pendingMatching) return null;
  const changed = changedMatchingKeys(approvedMatching(row), row.pendingMatching).map((k) => MATCHING_LABELS[k]);
  return { submittedAt: (row.pendingMatchingAt ?? row.createdAt).toISOString(), data: row.pendingMatching, changed };
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
  if (own) {
    // Clients who asked for an introduction are shown only to the account linked to the entry.
    const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
    const intros = own.editable ? professionalIntroductions(own.row.id, page) : null;
    return data({
      profile: toOwnProfile(own.row),
      editable: own.editable,
      introductions: intros ? { ...intros, page, pageCount: Math.max(1, Math.ceil(intros.total / PRO_INTRODUCTIONS_PAGE)) } : null,
      ...account,
      ...supportContact(),
    });
  }
  if (!user.roles.includes("professional")) throw redirect(landingFor(user.role));
  return data({ profile: null, editable: false, introductions: null, ...account, ...supportContact() }, { status: 404 });
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
export async function linkEntryAction(args: RequestArgs) {
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
  const matching = matchingDataFrom(value);
  // A verified professional's change to what matching reads waits for an admin (docs/decisions/021);
  // the same answers as today's withdraw a waiting change. An unverified professional's apply at once.
  const waits = row.verified && changedMatchingKeys(approvedMatching(row), matching).length > 0;
  const sameAsWaiting = row.pendingMatching !== null && changedMatchingKeys(row.pendingMatching, matching).length === 0;
  const matchingUpdate = row.verified
    ? waits
      ? sameAsWaiting
        ? {}
        : { pendingMatching: matching, pendingMatchingAt: new Date() }
      : { pendingMatching: null, pendingMatchingAt: null }
    : { ...matching, pendingMatching: null, pendingMatchingAt: null };
  // Built field by field from the schema's output: nothing else posted (verified, featured, email, the
  // disclosure, an id) can reach the row.
  db()
    .update(professionals)
    .set({
      title: value.title || null,
      location: value.location || null,
      phone: value.phone || null,
      bio: value.bio || null,
      specialties: mergeSpecialties(value.specialties, value.otherSpecialties),
      ...matchingUpdate,
    })
    .where(eq(professionals.id, row.id))
    .run();
  return redirectWithToast(request, "/professional-dashboard", {
    type: "success",
    title: "Success",
    description: waits
      ? "Profile updated successfully. Your changes to your matching details await approval by our team."
      : "Profile updated successfully",
  });
}
