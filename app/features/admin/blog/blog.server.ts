import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import {
  createPost,
  deletePost,
  getPostById,
  isImageBaseInUse,
  isSlugTaken,
  listAdminPosts,
  SlugTakenError,
  sweepAbandonedImages,
  togglePublished,
  updatePost,
  type EditablePost,
  type ImageChange,
} from "./posts.data.server";
import { CATEGORY_LABELS } from "~/domain/blog-categories";
import type { FeaturedImageMeta } from "~/platform/schema";
import { acceptImageUpload, deleteImageFiles, findStoredImage, responsiveImage } from "~/platform/uploads/images.server";
import type { ResponsiveImage } from "~/platform/uploads/image";
import { readEditorForm } from "~/platform/uploads/multipart.server";
import { PostSchema, SLUG_TAKEN } from "~/features/blog/post-schema";
import { IMAGE_ERRORS, type ImageError } from "~/platform/uploads/image";
import { renderPostHtml } from "~/features/blog/render.server";
import { HOUSE_AUTHOR, postAuthorName, toPublicPost } from "~/features/blog/posts.data.server";
import type { PostFormat } from "~/platform/schema";
import { formatLongDate } from "~/features/blog/format-date";
import { NOT_SAVED_INIT, notSavedResult } from "~/platform/http/not-saved.server";
import { isStorageFailure } from "~/platform/storage-failure.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { logFor } from "~/platform/log.server";

const log = logFor("blog");

const LIST = "/admin/blog";

/** ?page= and ?q= of the admin list; a bad page is page 1. */
function listQuery(url: URL) {
  const rawPage = url.searchParams.get("page") ?? "";
  const page = /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  return { page, q };
}

/** Where a list action goes back to: the list page it came from, never anywhere else. */
function backTo(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/admin\/blog(?:\?[\w%=&+.-]*)?$/.test(value) ? value : LIST;
}

function postId(value: unknown): number | null {
  return typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export async function adminBlogListLoader(args: RequestArgs) {
  const { request } = args;
  await requireAdmin(args);
  const url = pageUrl(request);
  const query = listQuery(url);
  const result = await listAdminPosts(query);
  return { ...result, q: query.q, back: url.pathname + url.search };
}

/**
 * The list's forms: the status badge (intent=toggle) and delete (intent=delete, after the
 * confirmation step or the browser's confirm()). Both answer with a redirect and a toast that says
 * what happened.
 */
export async function adminBlogRowAction(args: RequestArgs, idFromPath?: string) {
  const { request } = args;
  await requireAdmin(args);
  const form = await request.formData().catch(() => {
    throw data({ error: "Malformed form" }, { status: 400 });
  });
  const id = postId(idFromPath ?? form.get("id"));
  const back = backTo(form.get("back"));
  const intent = form.get("intent");
  if (id === null || (intent !== "toggle" && intent !== "delete")) {
    return data({ error: "Unknown action" }, { status: 400 });
  }
  if (intent === "toggle") {
    const result = await togglePublished(id);
    if (!result) return redirectWithToast(request, back, { type: "error", title: "Error", description: "Failed to update post status" });
    return redirectWithToast(request, back, {
      type: "success",
      title: "Success",
      description: result.published ? "Post published successfully" : "Post unpublished successfully",
    });
  }
  const deleted = await deletePost(id);
  if (!deleted) return redirectWithToast(request, LIST, { type: "error", title: "Error", description: "Failed to delete blog post" });
  return redirectWithToast(request, back, { type: "success", title: "Success", description: "Blog post deleted successfully" });
}

async function requirePost(id: string | undefined): Promise<EditablePost> {
  const n = postId(id);
  const post = n === null ? null : await getPostById(n);
  if (!post) throw data(null, { status: 404 });
  return post;
}

/** /admin/blog/{id}: the post as its page will look, drafts included; ?delete asks to confirm a delete. */
export async function adminPostLoader(args: RequestArgs, id: string | undefined) {
  const { request } = args;
  await requireAdmin(args);
  const row = await requirePost(id);
  const url = pageUrl(request);
  return {
    post: await toPublicPost(row),
    confirmDelete: url.searchParams.has("delete"),
    back: backTo(url.searchParams.get("back")),
    updated: formatLongDate(row.updatedAt),
  };
}

/** What the editor form starts from. */
export type EditorPost = {
  id: number | null;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  published: boolean;
  featuredImageAlt: string;
  image: ResponsiveImage | null;
  publicUrl: string | null;
  /** New posts are written in Markdown; older ones stay in the HTML they were written in. */
  format: PostFormat;
};

async function editorPost(row: EditablePost | null): Promise<EditorPost> {
  if (!row) {
    return { id: null, title: "", slug: "", excerpt: "", content: "", category: "general", published: false, featuredImageAlt: "", image: null, publicUrl: null, format: "markdown" };
  }
  return {
    id: row.id,
    format: row.format,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt ?? "",
    content: row.content,
    category: row.category,
    published: row.published,
    featuredImageAlt: row.featuredImageAlt ?? "",
    image: (await toPublicPost(row)).image,
    publicUrl: row.published ? `/blog/${encodeURIComponent(row.slug)}` : null,
  };
}

const categoryOptions = () => Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label }));

export async function editorLoader(args: RequestArgs, id: string | null) {
  await requireAdmin(args);
  const row = id === null ? null : await requirePost(id);
  return { post: await editorPost(row), categories: categoryOptions() };
}

/** The image part of the editor's answer: what the hidden fields carry into the next round. */
export type ImageState = {
  /** A new upload not yet saved with the post (its generated name). */
  pending: { base: string; image: ResponsiveImage } | null;
  /** The stored image is to go on save. */
  remove: boolean;
  error: ImageError | null;
};

export type PreviewData = {
  title: string;
  excerpt: string;
  html: string;
  categoryLabel: string;
  date: string;
  image: ResponsiveImage | null;
  published: boolean;
  author: string;
};

const pendingState = (meta: FeaturedImageMeta | null, alt: string) =>
  meta ? { base: meta.base, image: responsiveImage(meta, alt) ?? { src: "", srcSet: "", width: 0, height: 0, alt } } : null;

/**
 * The editor's one action, for both /admin/blog/new and /admin/blog/{id}/edit. intent:
 * - save (the default): validate (PostSchema), store, back to the list with a toast;
 * - preview: the form again with the post rendered as it will look (works without JavaScript; the
 *   editor's live preview asks the same, so the sanitiser alone decides what readers get);
 * - remove-image: the form again with the image marked for removal;
 * - upload: only take the image (the JavaScript upload on file choice) and answer its state.
 * Text is always sent back as typed; an image that was accepted is kept for the next round.
 */
export async function editorAction(args: RequestArgs, id: string | null) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const existing = id === null ? null : await requirePost(id);
  const { formData, file } = await readEditorForm(request);
  const intent = String(formData.get("intent") ?? "save");
  const alt = String(formData.get("featuredImageAlt") ?? "").trim() || String(formData.get("title") ?? "");

  // A pending image is one uploaded in this editor and not yet saved: never a file a post already uses
  // (removing or replacing it here would delete another post's image).
  let pending = await findStoredImage(formData.get("pendingImage"));
  if (pending && (await isImageBaseInUse(pending.base))) pending = null;
  let remove = formData.get("removeImage") === "1";
  let imageError: ImageError | null = null;
  if (file) {
    const outcome = await acceptImageUpload(file);
    if ("error" in outcome) imageError = outcome.error;
    else {
      await deleteImageFiles(pending);
      pending = outcome.meta;
      remove = false;
      sweepAbandonedImages().catch((error: unknown) => log.error({ err: error }, "sweeping abandoned images failed"));
    }
  }
  if (intent === "remove-image") {
    await deleteImageFiles(pending);
    pending = null;
    remove = true;
  }
  const image: ImageState = { pending: pendingState(pending, alt), remove, error: imageError };

  // An image the uploads folder could not take is the site's trouble (503), not the person's (400).
  const imageStatus = imageError === IMAGE_ERRORS.failed ? NOT_SAVED_INIT.status : 400;
  if (intent === "upload" || intent === "remove-image") {
    return data({ result: undefined, image, preview: null }, { status: imageError ? imageStatus : 200 });
  }

  const submission = parseWithZod(formData, { schema: PostSchema });
  const slugTaken = submission.status === "success" && (await isSlugTaken(submission.value.slug, existing?.id ?? null));

  if (intent === "preview") {
    const title = String(formData.get("title") ?? "");
    const category = String(formData.get("category") ?? "general");
    const stored = existing && !remove ? (await toPublicPost(existing)).image : null;
    const preview: PreviewData = {
      title,
      excerpt: String(formData.get("excerpt") ?? ""),
      html: renderPostHtml(String(formData.get("content") ?? ""), existing?.format ?? "markdown"),
      categoryLabel: CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS] ?? CATEGORY_LABELS.general,
      date: formatLongDate(existing?.publishedAt ?? new Date()),
      image: image.pending?.image ?? stored,
      published: formData.get("published") === "on",
      // Saving signs the post with the admin who saves it, so the preview shows their name.
      author: (await postAuthorName(admin.id)) ?? HOUSE_AUTHOR,
    };
    return data({ result: submission.reply(), image, preview }, { status: 200 });
  }

  if (submission.status !== "success" || slugTaken || imageError) {
    const result = slugTaken ? submission.reply({ fieldErrors: { slug: [SLUG_TAKEN] } }) : submission.reply();
    return data({ result, image, preview: null }, { status: imageError ? imageStatus : 400 });
  }

  const change: ImageChange = pending ? { kind: "set", meta: pending } : remove ? { kind: "remove" } : { kind: "keep" };
  try {
    if (existing) await updatePost(existing, submission.value, change, admin.id);
    else await createPost(submission.value, change, admin.id);
  } catch (e) {
    if (isStorageFailure(e)) return data({ result: notSavedResult(submission), image, preview: null }, NOT_SAVED_INIT);
    if (!(e instanceof SlugTakenError)) throw e;
    return data({ result: submission.reply({ fieldErrors: { slug: [SLUG_TAKEN] } }), image, preview: null }, { status: 400 });
  }
  return redirectWithToast(request, LIST, {
    type: "success",
    title: "Success",
    description: existing ? "Blog post updated successfully" : "Blog post created successfully",
  });
}
