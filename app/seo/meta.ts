import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "WealthMatch";

type RootData = { siteUrl?: string } | undefined;
type Match = { id: string; loaderData?: unknown } | undefined;

/** Title, description, Open Graph and canonical link for a page. */
export function seo(
  matches: readonly Match[],
  page: { title: string; description: string; path: string; type?: "website" | "article"; image?: string },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  const siteUrl = root?.siteUrl ?? "";
  const url = `${siteUrl}${page.path}`;
  const fullTitle = page.path === "/" ? page.title : `${page.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: page.description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (page.image) tags.push({ property: "og:image", content: page.image.startsWith("http") ? page.image : `${siteUrl}${page.image}` });
  return tags;
}
