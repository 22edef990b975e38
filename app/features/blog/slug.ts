/**
 * The slug rule: lowercase; drop everything but letters, digits, spaces and hyphens;
 * whitespace becomes hyphens; runs of hyphens collapse. Letters are ASCII a-z only, so a slug is
 * always a plain, URL-safe path segment. Leading and trailing hyphens are trimmed because a slug
 * like "-hello-" is never what an editor meant.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** What a stored slug must look like: the output shape of slugify. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
