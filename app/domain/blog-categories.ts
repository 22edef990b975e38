// Client-safe (the blog list ships it): the schema imports the list from here, not the other way round.
export const BLOG_CATEGORIES = [
  "general",
  "legal",
  "wealth-management",
  "financial-planning",
  "investment",
  "tax-planning",
  "estate-planning",
  "insurance",
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<BlogCategory, string> = {
  general: "General",
  legal: "Legal",
  "wealth-management": "Wealth Management",
  "financial-planning": "Financial Planning",
  investment: "Investment",
  "tax-planning": "Tax Planning",
  "estate-planning": "Estate Planning",
  insurance: "Insurance",
};

export function isBlogCategory(value: string): value is BlogCategory {
  return (BLOG_CATEGORIES as readonly string[]).includes(value);
}

export function categoryLabel(value: string): string {
  return isBlogCategory(value) ? CATEGORY_LABELS[value] : value;
}
