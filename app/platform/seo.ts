import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "WealthMatch";

type RootData = { siteUrl?: string } | undefined;
type Match = { id: string; loaderData?: unknown } | undefined;

export type SeoImage = { src: string; width?: number; height?: number; alt?: string };

export type SeoArticle = { publishedTime: string | null; modifiedTime: string; section?: string };

/** The site's origin as the root loader saw it (PUBLIC_URL or the request's own). */
export function siteOrigin(matches: readonly Match[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return root?.siteUrl ?? "";
}

/** Title, description, Open Graph, Twitter card and canonical link for a page; article tags for a post. */
export function seo(
  matches: readonly Match[],
  page: {
    title: string;
    description: string;
    path: string;
    type?: "website" | "article";
    image?: string | SeoImage;
    article?: SeoArticle;
  },
): MetaDescriptor[] {
  const siteUrl = siteOrigin(matches);
  const url = `${siteUrl}${page.path}`;
  const fullTitle = page.path === "/" ? page.title : `${page.title} | ${SITE_NAME}`;
  const image = typeof page.image === "string" ? { src: page.image } : page.image;
  const imageUrl = image ? (image.src.startsWith("http") ? image.src : `${siteUrl}${image.src}`) : null;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: page.description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (image && imageUrl) {
    tags.push({ property: "og:image", content: imageUrl }, { name: "twitter:image", content: imageUrl });
    if (image.width && image.height) {
      tags.push({ property: "og:image:width", content: String(image.width) }, { property: "og:image:height", content: String(image.height) });
    }
    if (image.alt) tags.push({ property: "og:image:alt", content: image.alt }, { name: "twitter:image:alt", content: image.alt });
  }
  if (page.article) {
    if (page.article.publishedTime) tags.push({ property: "article:published_time", content: page.article.publishedTime });
    tags.push({ property: "article:modified_time", content: page.article.modifiedTime });
    if (page.article.section) tags.push({ property: "article:section", content: page.article.section });
  }
  return tags;
}
