/**
 * The contact form's content check, which keeps spam, link-stuffing and pasted card or social security numbers out of the inbox; kept pure so each rule can be tested at its boundary.
 * It runs on the server after the schema, on the text a visitor wrote.
 */

export const MAX_INPUT_LENGTH = 1000;
/** More than this many different spam keywords blocks a message. */
const MAX_SPAM_KEYWORDS = 2;
/** More than this many URL, card-like or SSN-like matches blocks a message. */
const MAX_PATTERN_MATCHES = 3;

/** Words and phrases common in spam, matched as whole words or phrases, case-insensitively. */
export const SPAM_KEYWORDS = [
  "casino",
  "lottery",
  "urgent",
  "act now",
  "make money fast",
  "work from home",
  "guaranteed income",
  "viagra",
  "winner",
  "congratulations",
  "limited time",
] as const;

export const BLOCK_REASONS = {
  tooLong: "Input exceeds maximum length of 1000 characters",
  spam: "Input contains multiple spam indicators",
  patterns: "Input contains suspicious patterns",
} as const;

export type ContentVerdict = { ok: true } | { ok: false; title: "Content Blocked"; reason: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Words may be separated by any run of whitespace ("act   now", "act\nnow").
const KEYWORD_PATTERNS = SPAM_KEYWORDS.map(
  (k) => new RegExp(`(?<![\\p{L}\\p{N}])${k.split(" ").map(escape).join("\\s+")}(?![\\p{L}\\p{N}])`, "iu"),
);

/** The spam keywords found in `text`, each counted once however often it appears. */
export function spamKeywordsIn(text: string): string[] {
  return SPAM_KEYWORDS.filter((_, i) => KEYWORD_PATTERNS[i]?.test(text));
}

const SUSPICIOUS_PATTERNS: readonly RegExp[] = [
  // A web address: a scheme, or a bare www. host.
  /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi,
  // 16 digits in four groups of four (optionally spaced or hyphenated), not part of a longer number.
  /(?<!\d)\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/g,
  // 9 digits as 3-2-4 (optionally hyphenated or spaced), not part of a longer number.
  /(?<!\d)\d{3}[ -]?\d{2}[ -]?\d{4}(?!\d)/g,
];

/** How many URL, card-like and SSN-like matches `text` holds in all. */
export function suspiciousMatchCount(text: string): number {
  let total = 0;
  let rest = text;
  for (const pattern of SUSPICIOUS_PATTERNS) {
    total += rest.match(pattern)?.length ?? 0;
    // A number counted as a card must not be counted again as an SSN.
    rest = rest.replace(pattern, " ");
  }
  return total;
}

/** Blocked when over 1000 characters, with more than 2 spam keywords, or more than 3 pattern matches. */
export function checkContent(text: string): ContentVerdict {
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, title: "Content Blocked", reason: BLOCK_REASONS.tooLong };
  if (spamKeywordsIn(text).length > MAX_SPAM_KEYWORDS) return { ok: false, title: "Content Blocked", reason: BLOCK_REASONS.spam };
  if (suspiciousMatchCount(text) > MAX_PATTERN_MATCHES) return { ok: false, title: "Content Blocked", reason: BLOCK_REASONS.patterns };
  return { ok: true };
}
