import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, Form, Link } from "react-router";
import { isPending, useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useHydrated } from "remix-utils/use-hydrated";
import type { EditorPost, ImageState, PreviewData } from "~/features/admin/blog/blog.server";
import { POST_IMAGE_SIZES, type ResponsiveImage } from "~/platform/uploads/image";
import { POST_LIMITS, PostSchema } from "~/features/blog/post-schema";
import { MAX_IMAGE_BYTES, IMAGE_ERRORS, type ImageError } from "~/platform/uploads/image";
import { ALLOWED_TAG_LIST } from "~/features/blog/allowed-tags";
import { PROSE } from "~/features/blog/prose";
import { MarkdownHelp, MarkdownToolbar } from "./markdown-toolbar";
import { slugify } from "~/features/blog/slug";
import { AdminPageHeader } from "~/features/admin/shell/admin-page-header";
import { FeaturedImage } from "~/features/blog/featured-image";
import { PostArticle } from "~/features/blog/post-article";
import { Button, buttonClass } from "~/platform/ui/button";
import { ErrorList, inputClass, SelectField, TextAreaField, TextField } from "~/platform/ui/field";
import { textValue } from "~/platform/ui/form-values";

export type EditorActionData = { result: SubmissionResult<string[]> | undefined; image: ImageState; preview: PreviewData | null };


/** What the image block shows and what its hidden fields carry into the next submission. */
type ImageView = { shown: ResponsiveImage | null; pendingBase: string; remove: boolean; error: ImageError | null };

function imageView(stored: ResponsiveImage | null, state: ImageState | undefined): ImageView {
  if (!state) return { shown: stored, pendingBase: "", remove: false, error: null };
  return {
    shown: state.pending?.image ?? (state.remove ? null : stored),
    pendingBase: state.pending?.base ?? "",
    remove: state.remove,
    error: state.error,
  };
}

function Panel({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-ink-100 bg-white p-5 sm:p-6">
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

export function PostEditor({
  post,
  categories,
  actionData,
  action,
}: {
  post: EditorPost;
  categories: { value: string; label: string }[];
  actionData: EditorActionData | undefined;
  action: string;
}) {
  const isNew = post.id === null;
  const markdown = post.format === "markdown";
  const hydrated = useHydrated();
  const uploader = useFetcher<EditorActionData>();
  const live = useFetcher<EditorActionData>();
  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(liveTimer.current), []);
  // A post opened for editing shows its live preview from the start.
  useEffect(() => {
    const formElement = document.getElementById("post-editor");
    if (hydrated && post.content && formElement instanceof HTMLFormElement) refreshLivePreview(formElement);
    // Once, when the page becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  /**
   * The live preview asks the server's preview (the same rendering and sanitiser as publishing), a
   * moment after the writer pauses; the file field stays out, so nothing is uploaded by typing.
   */
  function refreshLivePreview(formElement: HTMLFormElement | null) {
    if (!formElement) return;
    clearTimeout(liveTimer.current);
    liveTimer.current = setTimeout(() => {
      const body = new FormData(formElement);
      body.delete("featuredImage");
      body.set("intent", "preview");
      void live.submit(body, { method: "post", action, encType: "multipart/form-data" });
    }, 400);
  }

  const [form, fields] = useForm({
    id: "post-editor",
    lastResult: actionData?.result,
    // Not on blur: a message appearing under the content box as it loses focus would move the
    // buttons below it out from under the pointer that is pressing one.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      category: post.category,
      featuredImageAlt: post.featuredImageAlt,
      published: post.published ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostSchema }),
  });
  const formProps = getFormProps(form);

  // The image block follows the latest answer: the page's action (no-JS rounds, failed saves) or the uploader.
  const [view, setView] = useState(() => imageView(post.image, actionData?.image));
  const [seenAction, setSeenAction] = useState(actionData);
  const [seenUpload, setSeenUpload] = useState(uploader.data);
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    setView(imageView(post.image, actionData?.image));
  }
  if (uploader.data !== seenUpload) {
    setSeenUpload(uploader.data);
    if (uploader.data) setView(imageView(post.image, uploader.data.image));
  }

  const initialSlug = textValue(fields.slug.initialValue) ?? "";
  const [slugEdited, setSlugEdited] = useState(!isNew || initialSlug !== "");

  const saving = useIsPending({ formAction: action, formMethod: null, formData: { intent: "save" } });
  const previewing = useIsPending({ formAction: action, formMethod: null, formData: { intent: "preview" } });
  const uploading = isPending(uploader, { formMethod: null, formData: { intent: "upload" } });
  const removing = isPending(uploader, { formMethod: null, formData: { intent: "remove-image" } });

  /** With JavaScript the image goes up as soon as it is chosen (the field says 'Uploading...'), then the field is cleared. */
  function uploadChosenFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      // Known before sending: say so at once (the server checks again in any case).
      setView((v) => ({ ...v, error: IMAGE_ERRORS.tooLarge }));
      input.value = "";
      return;
    }
    const body = new FormData();
    body.set("intent", "upload");
    body.set("pendingImage", view.pendingBase);
    body.set("title", (input.form?.elements.namedItem("title") as HTMLInputElement | null)?.value ?? "");
    body.set("featuredImageAlt", (input.form?.elements.namedItem("featuredImageAlt") as HTMLInputElement | null)?.value ?? "");
    body.set("featuredImage", file);
    input.value = "";
    void uploader.submit(body, { method: "post", action, encType: "multipart/form-data" });
  }

  const preview = actionData?.preview ?? null;
  // With JavaScript the page stays where it was: bring the new preview into view.
  useEffect(() => {
    if (preview) document.getElementById("preview-heading")?.scrollIntoView({ block: "start" });
  }, [preview]);

  return (
    <>
      <AdminPageHeader
        title={isNew ? "Create New Post" : "Edit Post"}
        description={isNew ? "Write an article for the blog. It stays a draft until you publish it." : `/blog/${post.slug}`}
        actions={
          post.publicUrl ? (
            <Link to={post.publicUrl} className={buttonClass("secondary", "px-4 py-2")}>
              View public page
            </Link>
          ) : null
        }
      />

      {preview ? (
        <section aria-labelledby="preview-heading" className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="preview-heading" className="text-lg font-semibold">
              Preview
            </h2>
            <a href="#post-editor" className="text-sm font-medium text-slate-600 underline underline-offset-4 hover:text-ink-900">
              Back to the editor
            </a>
          </div>
          <div className="mt-3 overflow-hidden rounded-card border-2 border-dashed border-gold-400 bg-white">
            <PostArticle post={{ ...preview, excerpt: preview.excerpt || null }} />
          </div>
        </section>
      ) : null}

      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...formProps}
        // A preview still waiting to be asked for would post after the save, and its revalidation
        // would race the saved page's loaders.
        onSubmit={(event) => {
          clearTimeout(liveTimer.current);
          formProps.onSubmit(event);
        }}
        noValidate
        className="mt-6 grid gap-6 lg:grid-cols-12"
      >
        <input type="hidden" name="pendingImage" value={view.pendingBase} />
        <input type="hidden" name="removeImage" value={view.remove ? "1" : ""} />

        <div className="space-y-6 lg:col-span-8">
          <Panel title="Content">
            <TextField
              meta={fields.title}
              label="Title"
              maxLength={POST_LIMITS.title}
              onInput={(e) => {
                const slug = e.currentTarget.form?.elements.namedItem("slug");
                if (isNew && !slugEdited && slug instanceof HTMLInputElement) slug.value = slugify(e.currentTarget.value);
              }}
            />
            <TextField
              meta={fields.slug}
              label="Slug"
              hint={isNew ? "The post's address: /blog/your-slug. Left empty, it is made from the title." : "The post's address: /blog/your-slug. Changing it breaks links shared so far."}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={POST_LIMITS.slug}
              className={`${inputClass} font-mono text-sm`}
              defaultValue={initialSlug}
              onInput={(e) => setSlugEdited(e.currentTarget.value !== "")}
            />
            <TextAreaField
              meta={fields.excerpt}
              label="Excerpt"
              rows={3}
              hint={`Optional. A sentence or two shown on the blog list and in search results (up to ${POST_LIMITS.excerpt} characters).`}
            />
            <div>
              {markdown && hydrated ? <MarkdownToolbar targetId="content" /> : null}
              <TextAreaField
                meta={fields.content}
                label="Content"
                rows={15}
                className={`${inputClass} font-mono text-sm leading-relaxed ${markdown && hydrated ? "rounded-t-none" : ""}`}
                hint={
                  markdown
                    ? `Written in Markdown, ${POST_LIMITS.contentMin} to 50,000 characters. Use Preview to see it as readers will.`
                    : `This post was written in HTML before the editor took Markdown, and stays HTML. Kept: ${ALLOWED_TAG_LIST}, and links; anything else is removed when shown.`
                }
                onInput={(e) => {
                  if (hydrated) refreshLivePreview(e.currentTarget.form);
                }}
              />
              {markdown ? <MarkdownHelp /> : null}
            </div>
            {hydrated && live.data?.preview ? (
              <section aria-labelledby="live-preview-heading" className="rounded-md border border-dashed border-gold-400 bg-white p-5">
                {/* Not called a preview: the Preview button's section below is the one with that name. */}
                <h3 id="live-preview-heading" className="text-xs font-semibold uppercase tracking-[0.14em] text-gold-700">
                  As readers will see it
                </h3>
                {/* The server's sanitised rendering of the text (app/features/blog/render.server.ts). */}
                <div aria-live="polite" className={`${PROSE} mt-4`} dangerouslySetInnerHTML={{ __html: live.data.preview.html }} />
              </section>
            ) : null}
          </Panel>
        </div>

        <div className="space-y-6 lg:col-span-4">
          <Panel title="Publishing">
            <div>
              <input
                type="checkbox"
                id="published"
                name="published"
                role="switch"
                defaultChecked={fields.published.initialValue === "on"}
                className="peer sr-only"
              />
              <label
                htmlFor="published"
                className="flex cursor-pointer items-center justify-between gap-4 peer-checked:[&_.knob]:translate-x-5 peer-checked:[&_.track]:bg-ink-900 peer-focus-visible:[&_.track]:ring-2 peer-focus-visible:[&_.track]:ring-gold-400"
              >
                <span className="text-sm font-medium text-ink-800">Published</span>
                <span aria-hidden="true" className="track relative inline-flex h-6 w-11 shrink-0 rounded-full bg-ink-200 transition-colors">
                  <span className="knob absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none" />
                </span>
              </label>
              <p className="mt-2 hidden text-sm text-success-700 peer-checked:block">This post will be visible to the public</p>
              <p className="mt-2 text-sm text-slate-600 peer-checked:hidden">This post will be saved as a draft</p>
            </div>
            <SelectField
              meta={fields.category}
              label="Category"
              options={categories}
              defaultValue={textValue(fields.category.initialValue) ?? "general"}
            />
          </Panel>

          <Panel title="Featured image" description="JPEG, PNG, GIF or WebP, up to 5MB. Stored as WebP in several sizes, without its metadata.">
            {view.shown ? (
              <div className="space-y-3">
                <FeaturedImage
                  image={view.shown}
                  sizes={POST_IMAGE_SIZES}
                  className="h-auto w-full rounded-md border border-ink-100 bg-ivory-100"
                />
                <button
                  type="submit"
                  name="intent"
                  value="remove-image"
                  formNoValidate
                  disabled={removing}
                  onClick={(e) => {
                    if (!hydrated) return;
                    e.preventDefault();
                    const body = new FormData();
                    body.set("intent", "remove-image");
                    body.set("pendingImage", view.pendingBase);
                    void uploader.submit(body, { method: "post", action, encType: "multipart/form-data" });
                  }}
                  className={buttonClass("secondary", "w-full px-4 py-2 text-danger-700")}
                >
                  {removing ? "Removing..." : "Remove"}
                </button>
              </div>
            ) : view.remove ? (
              <p className="text-sm text-slate-600">The image will be removed when you save.</p>
            ) : null}

            <div>
              <label htmlFor="featuredImage" className="mb-1.5 block text-sm font-medium text-ink-800">
                {view.shown ? "Replace image" : "Upload image"}
              </label>
              <input
                id="featuredImage"
                name="featuredImage"
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                disabled={uploading}
                aria-invalid={view.error ? true : undefined}
                aria-describedby={view.error ? "featuredImage-error" : undefined}
                onChange={(e) => {
                  if (hydrated) uploadChosenFile(e.currentTarget);
                }}
                className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border file:border-ink-200 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink-900 hover:file:bg-ivory-200"
              />
              {uploading ? (
                <p role="status" className="mt-2 text-sm font-medium text-ink-800">
                  Uploading...
                </p>
              ) : null}
              {view.error ? (
                <div id="featuredImage-error" role="alert" className="mt-2 rounded-md border border-danger-700/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
                  <p className="font-semibold">{view.error.title}</p>
                  <p>{view.error.message}</p>
                </div>
              ) : null}
            </div>
            <TextField
              meta={fields.featuredImageAlt}
              label="Alt text"
              hint="Describe the image for people who cannot see it. Left empty, the title is used."
              maxLength={POST_LIMITS.alt}
            />
          </Panel>
        </div>

        <div className="flex flex-col gap-3 border-t border-ink-100 pt-5 sm:flex-row-reverse sm:items-center sm:justify-start lg:col-span-12">
          {/* First in the form, so Enter in a field saves. */}
          <Button type="submit" name="intent" value="save" disabled={saving || uploading} className="sm:min-w-40">
            {saving ? "Saving..." : isNew ? "Create Post" : "Update Post"}
          </Button>
          <Button type="submit" name="intent" value="preview" variant="secondary" formNoValidate disabled={previewing || uploading}>
            {previewing ? "Preparing preview..." : "Preview"}
          </Button>
          <Link to="/admin/blog" className={buttonClass("ghost")}>
            Cancel
          </Link>
          {form.errors?.length ? <ErrorList errors={form.errors} /> : null}
        </div>
      </Form>
    </>
  );
}
