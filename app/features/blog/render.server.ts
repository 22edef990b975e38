import { Marked } from "marked";
import type { PostFormat } from "~/platform/schema";
import { sanitizePostHtml } from "./sanitize.server";

// One instance with fixed options: marked's global defaults could be changed by any other import.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * A post's content as the HTML readers get: Markdown is turned into HTML first, and then, whatever the
 * format, the sanitiser keeps only its allowlist. Raw HTML inside Markdown goes through the same rules.
 */
export function renderPostHtml(content: string, format: PostFormat): string {
  const html = format === "markdown" ? markdown.parse(content, { async: false }) : content;
  return sanitizePostHtml(html);
}
