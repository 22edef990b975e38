import { data, redirect } from "react-router";
import { verificationNoticeOf } from "~/features/vetting/vetting.data.server";
import { signedInBefore } from "~/features/auth/returning-visitor.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/features/auth/permissions.server";
import { landingFor } from "~/domain/roles";
import { getSettings } from "~/platform/settings.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { OwnProfileSchema } from "~/features/professionals/own-profile-schema";
import { changedMatchingKeys, matchingDataFrom } from "~/features/professionals/matching-data";
import { readFormData } from "~/platform/http/form-data.server";
import { PRO_INTRODUCTIONS_PAGE, professionalIntroductions } from "~/features/introductions/introductions.data.server";
import { unreadMessages } from "~/features/introductions/introduction-page.data.server";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { audit } from "~/platform/audit.server";
import { isEmailConfirmed } from "~/features/auth/email-confirmation.server";
import { professionalIntroductionAction } from "~/features/introductions/introductions.server";
import { approvedMatching, toOwnProfile } from "~/features/professionals/own-professional.server";
import { photoChange, photoTooLarge, readProfileForm, storePhoto } from "~/features/professionals/profile-photo.server";
import { deleteImageByUrl, deleteImageFiles } from "~/platform/uploads/images.server";
import { isStorageFailure } from "~/platform/storage-failure.server";
import { NOT_SAVED_INIT, notSavedResult } from "~/platform/http/not-saved.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import { linkEntry, saveOwnProfile } from "./own-profile.data.server";
import { pendingOutcomes } from "~/features/outcomes/outcomes.data.server";
import { upcomingCallsOfProfessional } from "~/features/booking/booking.data.server";
import { planStatusOf } from "~/features/billing/plan-status.server";
import { activityOf } from "~/features/billing/figures.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { onboardingOf } from "./onboarding.server";

async function supportContact() {
  const { support, supportHours } = await getSettings();
  return { support, supportHours };
}

/**
 * A professional without an entry sees 'Professional Profile Not Found' (404, page layout kept).
 * Anyone else without one has no business here and goes to their own home instead.
 */
export async function dashboardLoader(request: Request) {
  const user = await requireUser(request);
  const own = await findOwnProfessional(user);
  const account = { email: user.email, emailConfirmed: user.emailConfirmed };
  if (own) {
    // Clients who asked for an introduction are shown only to the account linked to the entry.
    const page = Math.max(1, Math.min(10_000, Number.parseInt(pageUrl(request).searchParams.get("page") ?? "1", 10) || 1));
    const intros = own.editable ? await professionalIntroductions(own.row.id, page) : null;
    const plan = own.editable ? await planStatusOf(own.row.id) : null;
    return data({
      profile: toOwnProfile(own.row),
      editable: own.editable,
      /** The profile page clients see; only the linked account may preview it. */
      previewPath: own.editable ? `/professionals/${own.row.id}` : null,
      /** 'Welcome back' only for someone who had signed in before this visit. */
      returning: await signedInBefore(user),
      introductions: intros ? { ...intros, page, pageCount: Math.max(1, Math.ceil(intros.total / PRO_INTRODUCTIONS_PAGE)) } : null,
      unreadMessages: own.editable ? await unreadMessages(user.id) : [],
      /** Ended first calls whose two questions they have not answered yet. */
      pendingOutcomes: own.editable ? await pendingOutcomes(user.id) : [],
      /** Booked first calls still ahead, in the zone of their weekly hours. */
      upcomingCalls: own.editable ? await upcomingCallsOfProfessional(own.row.id) : null,
      /** Their plan and its state (null with billing off), and their last 90 days. */
      plan,
      /** Each step from registration to verified, with its state and where to act on it. */
      onboarding: own.editable ? await onboardingOf(own.row, plan, user.emailConfirmed) : null,
      activity: own.editable ? await activityOf(own.row.id) : null,
      /** Their registrations and, in its last 30 days or once over, their verification's end. */
      vetting: own.editable ? await verificationNoticeOf(own.row) : null,
      ...account,
      ...(await supportContact()),
    });
  }
  if (!user.roles.includes("professional")) throw redirect(landingFor(user.role));
  return data({ profile: null, editable: false, introductions: null, unreadMessages: [], pendingOutcomes: [], upcomingCalls: null, ...account, ...(await supportContact()) }, { status: 404 });
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
async function linkEntryAction(args: RequestArgs) {
  const { request } = args;
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "link") throw data("Unknown action", { status: 400 });
  const own = await findOwnProfessional(user);
  if (!own || own.editable) {
    return redirectWithToast(request, "/professional-dashboard", { type: "info", title: "Nothing to link", description: LINK_MESSAGES.nothing });
  }
  if (!(await isEmailConfirmed(user.id))) {
    return redirectWithToast(request, "/professional-dashboard", { type: "error", title: "Not linked", description: LINK_MESSAGES.unconfirmed });
  }
  // Conditional: of two accounts racing for the entry (or an admin linking it meanwhile) only one wins.
  if (!(await linkEntry(own.row.id, user))) {
    return redirectWithToast(request, "/professional-dashboard", { type: "info", title: "Nothing to link", description: LINK_MESSAGES.nothing });
  }
  await audit({
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
  const own = await findOwnProfessional(user);
  if (!own?.editable) throw redirect("/professional-dashboard");
  return { user, row: own.row };
}

export async function editProfileLoader(request: Request) {
  const { row } = await requireOwnProfessional(request);
  return {
    profile: toOwnProfile(row),
    /** The profile page as a client sees it, which only the linked account may preview. */
    previewPath: `/professionals/${row.id}`,
  };
}

/**
 * Saves the professional's own edit. The photo goes through the blog's upload pipeline (5 MB, an image
 * by its bytes, re-encoded); bad input or a refused photo changes nothing and keeps what was typed.
 */
export async function editProfileAction(request: Request) {
  const { row } = await requireOwnProfessional(request);
  const { formData, file } = await readProfileForm(request);
  const submission = parseWithZod(formData, { schema: OwnProfileSchema });
  const tooLarge = photoTooLarge(file);
  if (submission.status !== "success" || tooLarge) {
    return data(submission.reply(tooLarge ? { fieldErrors: { profileImage: [tooLarge] } } : undefined), { status: 400 });
  }
  const photo = await storePhoto(file);
  if ("error" in photo) return data(submission.reply({ fieldErrors: { profileImage: [photo.error] } }), { status: photo.status });
  const image = photoChange(photo.stored, formData);
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
  const newImage = image.kind === "set" ? image.url : image.kind === "remove" ? null : row.profileImage;
  try {
    // Built field by field from the schema's output: nothing else posted (verified, featured, email, the
    // disclosure, an id) can reach the row.
    await saveOwnProfile(row.id, {
      title: value.title || null,
      company: value.company || null,
      location: value.location || null,
      phone: value.phone || null,
      bio: value.bio || null,
      specialties: value.specialties ?? [],
      feeMinimum: value.feeMinimum ?? null,
      feeSchedule: value.feeSchedule || null,
      profileImage: newImage,
      ...matchingUpdate,
    });
  } catch (error) {
    await deleteImageFiles(photo.stored);
    if (isStorageFailure(error)) return data(notSavedResult(submission), NOT_SAVED_INIT);
    throw error;
  }
  if (newImage !== row.profileImage) await deleteImageByUrl(row.profileImage);
  return redirectWithToast(request, "/professional-dashboard", {
    type: "success",
    title: "Success",
    description: waits
      ? "Profile updated successfully. Your changes to your matching details await approval by our team."
      : "Profile updated successfully",
  });
}

/** The dashboard's forms: linking the directory entry (intent "link") and answering introductions. */
export async function dashboardAction(args: RequestArgs) {
  const intent = (await readFormData(args.request.clone())).get("intent");
  if (intent === "link") return linkEntryAction(args);
  if (intent === "accept" || intent === "decline") return professionalIntroductionAction(args);
  throw data({ error: "Bad request" }, { status: 400 });
}
