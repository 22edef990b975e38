import type { FeaturedImageMeta } from "~/platform/schema";
import { NOT_SAVED_INIT } from "~/platform/http/not-saved.server";
import { readEditorForm, type EditorForm } from "~/platform/uploads/multipart.server";
import { acceptImageUpload, smallImageUrl } from "~/platform/uploads/images.server";
import { IMAGE_ERRORS } from "~/platform/uploads/image";

/** What a save does to the entry's photo. */
export type ImageChange = { kind: "keep" } | { kind: "set"; url: string } | { kind: "remove" };

export const PHOTO_FIELD = "profileImage";

/**
 * A professional's form with its photo, for the admin's form and the professional's own: the blog's upload
 * pipeline (docs/decisions/014), streamed, 5 MB at most, the type read from the bytes, re-encoded as WebP.
 */
export const readProfileForm = (request: Request): Promise<EditorForm> => readEditorForm(request, PHOTO_FIELD);

/** A file over 5 MB is refused before anything is decoded, so the form's other errors can come with it. */
export const photoTooLarge = (file: EditorForm["file"]): string | null => (file?.tooLarge ? IMAGE_ERRORS.tooLarge.message : null);

/** Stores the posted photo (none: nothing to store); a refusal carries the form's message and its status. */
export async function storePhoto(
  file: EditorForm["file"],
): Promise<{ stored: FeaturedImageMeta | null } | { error: string; status: number }> {
  if (!file) return { stored: null };
  const outcome = await acceptImageUpload(file);
  if ("error" in outcome) {
    return { error: outcome.error.message, status: outcome.error === IMAGE_ERRORS.failed ? NOT_SAVED_INIT.status : 400 };
  }
  return { stored: outcome.meta };
}

/** A new photo replaces the old one; without one, 'Remove photo' ticked removes it. */
export const photoChange = (stored: FeaturedImageMeta | null, formData: FormData): ImageChange =>
  stored ? { kind: "set", url: smallImageUrl(stored) } : formData.get("removeImage") === "on" ? { kind: "remove" } : { kind: "keep" };
