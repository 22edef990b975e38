import { describe, expect, it } from "vitest";
import { slugify, SLUG_PATTERN } from "~/features/blog/slug";

describe("slugify (the slug rule)", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Estate Planning Basics")).toBe("estate-planning-basics");
  });

  it("removes everything but letters, digits, spaces and hyphens", () => {
    expect(slugify("What's New in 2026? (Tax & Trusts!)")).toBe("whats-new-in-2026-tax-trusts");
    expect(slugify("50/50 split: a guide")).toBe("5050-split-a-guide");
  });

  it("turns any whitespace run into one hyphen", () => {
    expect(slugify("Tabs\tand\nnew   lines")).toBe("tabs-and-new-lines");
  });

  it("collapses repeated hyphens and trims them from the ends", () => {
    expect(slugify("Pre--tax -- post - tax")).toBe("pre-tax-post-tax");
    expect(slugify("  -Leading and trailing-  ")).toBe("leading-and-trailing");
    expect(slugify("A — B")).toBe("a-b");
  });

  it("keeps accented letters as their plain form", () => {
    expect(slugify("Café Société Überblick")).toBe("cafe-societe-uberblick");
  });

  it("gives an empty slug when nothing usable is left", () => {
    expect(slugify("!!! ???")).toBe("");
  });

  it("always produces something the slug pattern accepts", () => {
    for (const title of ["Hello World", "  x  ", "2026 Outlook: What's Next?", "a-b--c"]) {
      expect(slugify(title)).toMatch(SLUG_PATTERN);
    }
    expect("-bad").not.toMatch(SLUG_PATTERN);
    expect("Bad").not.toMatch(SLUG_PATTERN);
  });
});
