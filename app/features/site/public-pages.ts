// The one list of the public pages: anyone may open them, signed in or not. app/routes.ts makes their
// routes from it, the sitemap lists the ones marked `sitemap`, and the page cache
// (page-cache.server.ts) keeps those marked `cache` for anonymous visitors. Imported by app/routes.ts
// while the build reads the route config: relative imports only, nothing that touches the server.

export type PublicPage = {
  /** The address; ":slug" stands for one path segment. */
  path: string;
  /** The route module, relative to app/ (its route id is this without the extension). */
  file: string;
  /** Listed in sitemap.xml. */
  sitemap: boolean;
  /**
   * Cached by the page cache for anonymous visitors, with the query parameters the page reads; false for
   * pages with per-visitor form tokens (contact, register, sign-in), which are never cached.
   */
  cache: false | { params: readonly string[] };
};

const page = (path: string, file: string, sitemap: boolean, cache: PublicPage["cache"] = { params: [] }): PublicPage => ({
  path,
  file,
  sitemap,
  cache,
});

export const PUBLIC_PAGES: readonly PublicPage[] = [
  page("/", "routes/home.tsx", true),
  page("/about", "routes/about.tsx", true),
  page("/services", "routes/services.tsx", true),
  page("/professionals", "routes/professionals.tsx", true),
  page("/matching", "routes/matching.tsx", true),
  page("/how-we-are-paid", "routes/how-we-are-paid.tsx", true),
  page("/contact", "routes/contact.tsx", true, false),
  page("/security", "routes/security.tsx", true),
  page("/careers", "routes/careers.tsx", true),
  page("/press", "routes/press.tsx", true),
  page("/privacy", "routes/privacy.tsx", true),
  page("/terms", "routes/terms.tsx", true),
  page("/cookies", "routes/cookies.tsx", true),
  page("/blog", "routes/blog.tsx", true, { params: ["category", "page"] }),
  page("/blog/rss.xml", "routes/blog.rss[.]xml.ts", false),
  // Each published post is in the sitemap with its own date (sitemap.data.server.ts).
  page("/blog/:slug", "routes/blog.$slug.tsx", false),
  page("/robots.txt", "routes/robots[.]txt.ts", false),
  page("/sitemap.xml", "routes/sitemap[.]xml.ts", false),
  page("/register", "routes/register.tsx", true, false),
  page("/login", "routes/login.tsx", true, false),
];

/** A route module's id, as React Router names it (a `.data` request lists them in `_routes`). */
export const routeId = (file: string) => file.replace(/\.[jt]sx?$/, "");
