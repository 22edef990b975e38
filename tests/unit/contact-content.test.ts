import { describe, expect, it } from "vitest";
import {
  BLOCK_REASONS,
  checkContent,
  SPAM_KEYWORDS,
  spamKeywordsIn,
  suspiciousMatchCount,
} from "~/features/contact/content-check";
import { cleanMessage, joinName, storedCompany } from "~/features/contact/stored-message";
import { tooManyMessage, waitInWords } from "~/features/contact/retry-time";
import { ContactSchema } from "~/features/contact/contact-schema";

const filler = "I would like to discuss my family's estate planning with you.";

describe("the content check", () => {
  it("lets an ordinary message through", () => {
    expect(checkContent(filler)).toEqual({ ok: true });
  });

  it("allows exactly 1000 characters and blocks 1001", () => {
    expect(checkContent("a".repeat(1000))).toEqual({ ok: true });
    expect(checkContent("a".repeat(1001))).toEqual({ ok: false, title: "Content Blocked", reason: "Input exceeds maximum length of 1000 characters" });
  });

  it.each(SPAM_KEYWORDS)("counts the keyword '%s' (any case, any spacing between its words)", (keyword) => {
    expect(spamKeywordsIn(`${filler} ${keyword.toUpperCase()} today`)).toEqual([keyword]);
    expect(spamKeywordsIn(`${filler} ${keyword.replace(/ /g, "\n  ")}.`)).toEqual([keyword]);
  });

  it.each(SPAM_KEYWORDS)("blocks '%s' when it is the third keyword, not when it is the second", (keyword) => {
    const others = SPAM_KEYWORDS.filter((k) => k !== keyword);
    const two = `${filler} ${others[0]} and ${keyword}`;
    const three = `${two} and ${others[1]}`;
    expect(checkContent(two)).toEqual({ ok: true });
    expect(checkContent(three)).toEqual({ ok: false, title: "Content Blocked", reason: BLOCK_REASONS.spam });
  });

  it("counts a keyword once however often it appears", () => {
    expect(checkContent("urgent urgent urgent urgent, winner winner")).toEqual({ ok: true });
  });

  it("matches whole words only: 'exact nowhere' is not 'act now', 'casinos' is not 'casino'", () => {
    expect(spamKeywordsIn("the exact nowhere of urgently visiting casinos")).toEqual([]);
  });

  it("blocks the 4th URL, not the 3rd", () => {
    const three = `${filler} https://a.example http://b.example/x www.c.example`;
    expect(suspiciousMatchCount(three)).toBe(3);
    expect(checkContent(three)).toEqual({ ok: true });
    expect(checkContent(`${three} https://d.example`)).toEqual({ ok: false, title: "Content Blocked", reason: "Input contains suspicious patterns" });
  });

  it("counts 16-digit card-like numbers (plain, spaced, hyphenated) and blocks the 4th", () => {
    const three = `${filler} 4111111111111111, 4111 1111 1111 1111 and 4111-1111-1111-1111`;
    expect(suspiciousMatchCount(three)).toBe(3);
    expect(checkContent(three)).toEqual({ ok: true });
    expect(checkContent(`${three} 5500000000000004`)).toMatchObject({ ok: false, reason: BLOCK_REASONS.patterns });
  });

  it("counts 9-digit SSN-like numbers and blocks the 4th", () => {
    const three = `${filler} 123-45-6789, 123456789 and 987 65 4321`;
    expect(suspiciousMatchCount(three)).toBe(3);
    expect(checkContent(three)).toEqual({ ok: true });
    expect(checkContent(`${three} 111-22-3333`)).toMatchObject({ ok: false, reason: BLOCK_REASONS.patterns });
  });

  it("adds the three kinds together: 2 URLs, 1 card and 1 SSN are 4 matches", () => {
    const text = `${filler} https://a.example www.b.example 4111111111111111 123-45-6789`;
    expect(suspiciousMatchCount(text)).toBe(4);
    expect(checkContent(text)).toMatchObject({ ok: false, reason: BLOCK_REASONS.patterns });
  });

  it("does not count a card number again as an SSN, nor phone numbers or longer numbers", () => {
    expect(suspiciousMatchCount("4111111111111111")).toBe(1);
    expect(suspiciousMatchCount("Call +1 (212) 555-0147 or 2125550147; ref 12345678901234567890")).toBe(0);
  });

  it("checks length first, then keywords, then patterns", () => {
    const spammy = "casino lottery winner https://a.example https://b.example https://c.example https://d.example";
    expect(checkContent(spammy)).toMatchObject({ reason: BLOCK_REASONS.spam });
    expect(checkContent(spammy.padEnd(1001, "x"))).toMatchObject({ reason: BLOCK_REASONS.tooLong });
  });
});

describe("the stored message", () => {
  it("keeps the company apart from the message: trimmed, or null when absent, empty or blank", () => {
    expect(storedCompany("  Acme Family Office ")).toBe("Acme Family Office");
    for (const company of [undefined, null, "", "   "]) expect(storedCompany(company)).toBeNull();
  });

  it("keeps the visitor's text as written (HTML included), trims it, unifies line endings, caps it at 1000", () => {
    expect(cleanMessage("  <script>alert(1)</script>\r\nline two  ")).toBe("<script>alert(1)</script>\nline two");
    expect(storedCompany("<b>Co</b>")).toBe("<b>Co</b>");
    expect(cleanMessage("x".repeat(1200))).toHaveLength(1000);
  });

  it("joins first and last name with one space", () => {
    expect(joinName(" Ada ", "Lovelace")).toBe("Ada Lovelace");
  });
});

describe("the wait in words", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  const after = (ms: number) => new Date(now.getTime() + ms);
  it("rounds up to seconds under a minute and to minutes beyond", () => {
    expect(waitInWords(after(1), now)).toBe("1 second");
    expect(waitInWords(after(30_000), now)).toBe("30 seconds");
    expect(waitInWords(after(60_000), now)).toBe("1 minute");
    expect(waitInWords(after(61_000), now)).toBe("2 minutes");
    expect(waitInWords(after(5 * 60_000), now)).toBe("5 minutes");
  });
  it("fills the spec's sentence", () => {
    expect(tooManyMessage(after(4 * 60_000), now)).toBe("Please wait before submitting again. Try again after 4 minutes");
  });
});

describe("the contact schema", () => {
  const valid = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", inquiryType: "client", message: "Hello there, team." };
  const errorsOf = (input: Record<string, unknown>) => {
    const r = ContactSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };
  it("accepts a valid message without a company", () => {
    expect(errorsOf(valid)).toEqual({});
  });
  it("gives the spec's messages", () => {
    expect(errorsOf({ ...valid, message: "too short" })).toEqual({ message: "Message must be at least 10 characters long" });
    expect(errorsOf({ ...valid, message: "x".repeat(1001) })).toEqual({ message: "Message must be less than 1000 characters" });
    expect(errorsOf({ ...valid, message: "x".repeat(1000) })).toEqual({});
    expect(errorsOf({ ...valid, company: "c".repeat(101) })).toEqual({ company: "Company name must be less than 100 characters" });
    expect(errorsOf({ ...valid, company: "c".repeat(100) })).toEqual({});
    expect(errorsOf({ ...valid, inquiryType: undefined })).toEqual({ inquiryType: "Please select an inquiry type" });
    expect(errorsOf({ ...valid, inquiryType: "spam" })).toEqual({ inquiryType: "Please select an inquiry type" });
    expect(errorsOf({ ...valid, firstName: undefined })).toEqual({ firstName: "First name is required" });
    expect(errorsOf({ ...valid, lastName: "L0velace" })).toEqual({ lastName: "Last name can only contain letters, spaces, hyphens, and apostrophes" });
    expect(errorsOf({ ...valid, email: "not-an-email" })).toEqual({ email: "Please enter a valid email address" });
  });
});
