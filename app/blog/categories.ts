import { BLOG_CATEGORIES, type BlogCategory } from "~/platform/schema";

export { BLOG_CATEGORIES, type BlogCategory };

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
