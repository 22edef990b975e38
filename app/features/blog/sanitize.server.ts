import sanitizeHtml from "sanitize-html";

/**
 * The version of the rules below. Each post stores the HTML these rules made when it was saved and
 * the version that made it; a post stored under an older version is cleaned again when shown. Raise
 * this by one whenever OPTIONS or ALLOWED_TAGS change.
 */
export const SANITIZER_VERSION = 1;

/**
 * What a post keeps when shown: exactly these tags, and only href/target/rel (on links). Anything else
 * (scripts, styles, event handlers, images) is dropped, so a post cannot run code or
 * change the page around it.
 */
export const ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "u",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ["href", "target", "rel"],
  },
  allowedClasses: {},
  allowedStyles: {},
  // Links may only leave for the web or an e-mail client; relative links stay allowed.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A new tab must not get a handle on this page (window.opener) nor learn where it came from.
    a: (tagName, attribs) => {
      const next = { ...attribs };
      // Only a new tab or this tab: a named target could steer a link into another window or frame.
      if (next.target !== undefined && next.target !== "_blank" && next.target !== "_self") delete next.target;
      if (next.target === "_blank") next.rel = "noopener noreferrer";
      return { tagName, attribs: next };
    },
  },
};

/** Makes stored post HTML safe to render: anything outside the allowlist is removed. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
