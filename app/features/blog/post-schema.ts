import { z } from "zod";
import { BLOG_CATEGORIES } from "~/domain/blog-categories";
import { SLUG_PATTERN, slugify } from "./slug";

/** The post form's limits, checked the same in the browser and in the action. */
export const POST_LIMITS = { title: 200, slug: 200, excerpt: 500, contentMin: 50, contentMax: 50_000, alt: 250 } as const;


export const SLUG_TAKEN = "This slug is already in use. Choose another.";

/**
 * The editor's fields, shared by the form (client validation) and the action (the authority). A slug
 * left empty is made from the title by slugify (slug.ts).
 */
export const PostSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(POST_LIMITS.title, `Title must be less than ${POST_LIMITS.title} characters`),
    slug: z.string().trim().optional(),
    excerpt: z
      .string()
      .trim()
      .max(POST_LIMITS.excerpt, `Excerpt must be less than ${POST_LIMITS.excerpt} characters`)
      .optional(),
    content: z
      .string({ error: "Content is required" })
      .min(1, "Content is required")
      .refine((v) => v.trim().length > 0, "Content is required")
      .refine((v) => v.trim().length === 0 || v.length >= POST_LIMITS.contentMin, `Content must be at least ${POST_LIMITS.contentMin} characters`)
      .refine((v) => v.length <= POST_LIMITS.contentMax, "Content must be less than 50,000 characters"),
    category: z.enum(BLOG_CATEGORIES, { error: "Please select a category" }),
    featuredImageAlt: z
      .string()
      .trim()
      .max(POST_LIMITS.alt, `Alt text must be less than ${POST_LIMITS.alt} characters`)
      .optional(),
    published: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .transform((post, ctx) => {
    const slug = post.slug ? post.slug : slugify(post.title);
    if (!slug) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Slug is required" });
      return z.NEVER;
    }
    if (slug.length > POST_LIMITS.slug) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: `Slug must be less than ${POST_LIMITS.slug} characters` });
      return z.NEVER;
    }
    if (!SLUG_PATTERN.test(slug)) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Slug can only contain lowercase letters, numbers and single hyphens",
      });
      return z.NEVER;
    }
    return { ...post, slug, excerpt: post.excerpt || null, featuredImageAlt: post.featuredImageAlt || null };
  });

export type PostInput = z.output<typeof PostSchema>;
