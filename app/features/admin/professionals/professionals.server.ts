import { NOT_SAVED_INIT, notSavedResult } from "~/platform/http/not-saved.server";
import { isStorageFailure } from "~/platform/storage-failure.server";
import { data, redirect } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import type { SessionUser } from "~/features/auth/session.server";
import { isUniqueViolation } from "~/platform/sql-dialect.server";
import { redirectWithToast, type Toast } from "~/platform/http/toast.server";
import { auditAdminAction } from "~/platform/audit.server";
import { withPage } from "~/features/admin/shell/paging";
import { approvedMatching } from "~/features/professionals/own-professional.server";
import { deleteImageByUrl, deleteImageFiles } from "~/platform/uploads/images.server";
import { photoChange, photoTooLarge, readProfileForm, storePhoto } from "~/features/professionals/profile-photo.server";
import { AdminProfessionalSchema, PROFESSIONAL_MESSAGES } from "~/features/professionals/professional-schema";
import type { MatchingData, MatchingKey } from "~/domain/matching-engine";
import { changedMatchingKeys, MATCHING_LABELS, missingMatchingText } from "~/features/professionals/matching-data";
import { localImage } from "~/platform/local-image";
import { matchingDataText } from "~/features/professionals/matching-values";
import {
  accountByEmail,
  accountById,
  answersOf,
  deleteProfessional,
  professionalById,
  professionalToDelete,
  saveProfessional,
  setFeatured,
  settlePendingMatching,
  listProfessionals,
  type ProfessionalRow,
} from "./professionals.data.server";
import { pageUrl } from "~/platform/http/page-url.server";

const LIST = "/admin/professionals";

const success = (description: string): Toast => ({ type: "success", title: "Success", description });
const failure = (description: string): Toast => ({ type: "error", title: "Error", description });

export async function professionalsListLoader(args: RequestArgs) {
  const { request } = args;
  await requireAdmin(args);
  const url = pageUrl(request);
  const list = await listProfessionals(url.searchParams);
  // ?delete=ID: the confirmation step of a delete made without JavaScript.
  const deleteId = Number(url.searchParams.get("delete"));
  const confirmDelete = Number.isSafeInteger(deleteId) && deleteId > 0 ? await professionalToDelete(deleteId) : null;
  return { ...list, confirmDelete };
}

const idFrom = (value: FormDataEntryValue | null) => {
  const n = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Back to the list page the form was posted from (only its own page number is kept). */
function backTo(form: FormData) {
  const page = Number(form.get("page"));
  return `${LIST}${withPage("", Number.isSafeInteger(page) && page > 0 ? page : 1)}`.replace(/\?$/, "");
}

/**
 * The list's row actions: feature/unfeature, delete (verifying goes through the vetting checklist). Each form posts the state it
 * wants (not "toggle"), so a repeated or stale submit never flips a row back. A delete without
 * `confirmed` (a browser without JavaScript; with it, confirm() asked already) goes to the confirm step.
 */
export async function professionalsListAction(args: RequestArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = idFrom(form.get("id"));
  const back = backTo(form);
  const want = form.get("value") === "true";

  if (intent === "feature") {
    const row = id ? await setFeatured(id, want) : undefined;
    if (!row) return redirectWithToast(request, back, failure("Failed to update featured status"), { status: 303 });
    await auditAdminAction(args, admin, `${want ? "featured" : "unfeatured"} professional #${id} ${row.name} <${row.email}>`);
    return redirectWithToast(request, back, success(want ? "Professional featured successfully" : "Professional unfeatured successfully"), { status: 303 });
  }

  if (intent === "delete") {
    if (!id) return redirectWithToast(request, back, failure("Failed to delete professional"), { status: 303 });
    if (form.get("confirmed") !== "yes") {
      const params = new URLSearchParams(withPage("", Number(form.get("page")) || 1).slice(1));
      params.set("delete", String(id));
      return redirect(`${LIST}?${params.toString()}`, { status: 303 });
    }
    const row = await deleteProfessional(id);
    if (!row) return redirectWithToast(request, back, failure("Failed to delete professional"), { status: 303 });
    await deleteImageByUrl(row.profileImage);
    await auditAdminAction(args, admin, `deleted professional #${id} ${row.name} <${row.email}>`);
    return redirectWithToast(request, back, success("Professional deleted successfully"), { status: 303 });
  }

  return data({ error: "Unknown action." }, { status: 400 });
}

/* ------------------------------------------------------------------ add and edit */

export type RegistrationFacts = {
  /** Whose answers these are: the linked account, or an unlinked account with the entry's e-mail. */
  source: "linked" | "same-email";
  accountEmail: string;
  submittedAt: string;
  answers: Record<string, unknown>;
};

/** Experience is given in words, as it has a range or an exact number. */
type PendingChange = { key: MatchingKey; label: string; before: MatchingData[MatchingKey] | string; after: MatchingData[MatchingKey] | string };
/** `token` names this submission, so a decision applies to the edit the admin saw and no newer one. */
export type PendingView = { submittedAt: string; token: string; changes: PendingChange[] };

const valueOf = (data: MatchingData, key: MatchingKey) => (key === "experienceYears" ? matchingDataText(data, key) : data[key]);

function pendingViewOf(row: ProfessionalRow): PendingView | null {
  if (!row.pendingMatching) return null;
  const before = approvedMatching(row);
  const after = row.pendingMatching;
  const changes = changedMatchingKeys(before, after).map((key) => ({ key, label: MATCHING_LABELS[key], before: valueOf(before, key), after: valueOf(after, key) }));
  return {
    submittedAt: (row.pendingMatchingAt ?? row.createdAt).toISOString(),
    token: String(row.pendingMatchingAt?.getTime() ?? ""),
    changes,
  };
}

export type ProfessionalEditView = {
  id: number;
  name: string;
  title: string | null;
  company: string | null;
  email: string;
  phone: string | null;
  location: string | null;
  bio: string | null;
  experienceYears: number | null;
  specialties: string[];
  certifications: string[];
  verified: boolean;
  featured: boolean;
  profileImage: string | null;
  createdAt: string;
  /** What matching reads today. */
  matching: MatchingData;
  disciplinaryDisclosed: boolean;
  disciplinaryCleared: boolean;
  disciplinaryNote: string | null;
  feeMinimum: number | null;
  feeSchedule: string | null;
  /** The professional's own edit waiting for approval: the changed fields, before and after. */
  pending: PendingView | null;
  verifiedAt: string | null;
  verifiedByEmail: string | null;
  linkedAccountEmail: string | null;
};

async function loadEditView(id: number): Promise<{ view: ProfessionalEditView; registration: RegistrationFacts | null; linkable: string | null } | null> {
  const row = await professionalById(id);
  if (!row) return null;
  const linked = row.userId ? await accountById(row.userId) : undefined;
  const verifier = row.verifiedBy ? await accountById(row.verifiedBy) : undefined;
  const sameEmail = linked ? undefined : await accountByEmail(row.email);
  const account = linked ?? sameEmail;
  const answers = account ? await answersOf(account.id) : undefined;
  return {
    view: {
      id: row.id,
      name: row.name,
      title: row.title,
      company: row.company,
      email: row.email,
      phone: row.phone,
      location: row.location,
      bio: row.bio,
      experienceYears: row.experienceYears,
      specialties: row.specialties,
      certifications: row.certifications,
      verified: row.verified,
      featured: row.featured,
      profileImage: localImage(row.profileImage),
      createdAt: row.createdAt.toISOString(),
      matching: approvedMatching(row),
      disciplinaryDisclosed: row.disciplinaryDisclosed,
      disciplinaryCleared: row.disciplinaryCleared,
      disciplinaryNote: row.disciplinaryNote,
      feeMinimum: row.feeMinimum,
      feeSchedule: row.feeSchedule,
      pending: pendingViewOf(row),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      verifiedByEmail: verifier?.email ?? null,
      linkedAccountEmail: linked?.email ?? null,
    },
    registration:
      account && answers
        ? { source: linked ? "linked" : "same-email", accountEmail: account.email, submittedAt: answers.createdAt.toISOString(), answers: answers.answers }
        : null,
    linkable: sameEmail?.email ?? null,
  };
}

export async function newProfessionalLoader(args: RequestArgs) {
  await requireAdmin(args);
  return {};
}

export async function editProfessionalLoader(args: RequestArgs, rawId: string | undefined) {
  await requireAdmin(args);
  const id = idFrom(rawId ?? null);
  const loaded = id ? await loadEditView(id) : null;
  if (!loaded) throw data({ error: "Professional not found" }, { status: 404 });
  return loaded;
}

/**
 * Approve or reject a verified professional's own edit to their matching data (docs/decisions/021).
 * `pendingAt` is the submission the admin looked at: a newer edit since then is not decided blind.
 * Approving copies the edit into the columns matching reads; a verified professional's data must stay
 * complete. Either way the edit stops waiting, and the decision is audited.
 */
async function decidePendingMatching(args: RequestArgs, admin: SessionUser, id: number, approve: boolean, pendingAt: FormDataEntryValue | null) {
  const { request } = args;
  const here = `${LIST}/${id}/edit`;
  const row = await professionalById(id);
  if (!row) throw data({ error: "Professional not found" }, { status: 404 });
  const pending = row.pendingMatching;
  if (!pending || String(row.pendingMatchingAt?.getTime() ?? "") !== pendingAt) {
    return redirectWithToast(request, here, failure("These changes are no longer waiting for approval. Review the page again."), { status: 303 });
  }
  const changes = changedMatchingKeys(approvedMatching(row), pending).map((k) => MATCHING_LABELS[k].toLowerCase());
  if (approve) {
    const incomplete = row.verified ? missingMatchingText(pending, "Approving would leave this verified professional's matching data incomplete.") : null;
    if (incomplete) return redirectWithToast(request, here, failure(incomplete), { status: 303 });
  }
  if (!(await settlePendingMatching(row, approve))) {
    return redirectWithToast(request, here, failure("These changes are no longer waiting for approval. Review the page again."), { status: 303 });
  }
  await auditAdminAction(
    args,
    admin,
    `${approve ? "approved" : "rejected"} matching changes of professional #${id} ${row.name} <${row.email}>: ${changes.length ? changes.join(", ") : "no changes"}`,
  );
  return redirectWithToast(request, here, success(approve ? "Matching changes approved" : "Matching changes rejected"), { status: 303 });
}

/** The add and edit forms' action (id null: add). Bad input re-renders the form with the text kept. */
export async function saveProfessionalAction(args: RequestArgs, rawId: string | null) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const id = rawId === null ? null : idFrom(rawId);
  if (rawId !== null && id === null) throw data({ error: "Professional not found" }, { status: 404 });
  const { formData, file } = await readProfileForm(request);
  const intent = formData.get("intent");
  if (id !== null && (intent === "approve-matching" || intent === "reject-matching")) {
    return decidePendingMatching(args, admin, id, intent === "approve-matching", formData.get("pendingAt"));
  }
  const submission = parseWithZod(formData, { schema: AdminProfessionalSchema });
  const imageError = photoTooLarge(file);
  if (submission.status !== "success" || imageError) {
    return data(submission.reply(imageError ? { fieldErrors: { profileImage: [imageError] } } : undefined), { status: 400 });
  }
  const photo = await storePhoto(file);
  if ("error" in photo) return data(submission.reply({ fieldErrors: { profileImage: [photo.error] } }), { status: photo.status });
  const stored = photo.stored;
  const image = photoChange(stored, formData);

  let result: Awaited<ReturnType<typeof saveProfessional>>;
  try {
    result = await saveProfessional(admin, id, submission.value, image);
  } catch (error) {
    await deleteImageFiles(stored);
    if (isStorageFailure(error)) return data(notSavedResult(submission), NOT_SAVED_INIT);
    // Two admins saving the same e-mail at once: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    result = { ok: false, error: { field: "email", message: PROFESSIONAL_MESSAGES.emailTaken } };
  }
  if (!result.ok) {
    await deleteImageFiles(stored);
    return data(submission.reply({ fieldErrors: { [result.error.field]: [result.error.message] } }), { status: 400 });
  }
  await deleteImageByUrl(result.oldImage);
  const v = submission.value;
  await auditAdminAction(
    args,
    admin,
    id === null
      ? `added professional #${result.id} ${v.name} <${v.email}>${v.featured ? ", featured" : ""}${v.linkAccount ? ", linked to its account" : ""}`
      : `edited professional #${result.id} ${v.name} <${v.email}>: ${result.changes.length ? result.changes.join(", ") : "no changes"}`,
  );
  return redirectWithToast(request, LIST, success(id === null ? "Professional added successfully" : "Professional updated successfully"), { status: 303 });
}
