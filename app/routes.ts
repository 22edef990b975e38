import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("professionals", "routes/professionals.tsx"),
  route("matching", "routes/matching.tsx"),
  route("contact", "routes/contact.tsx"),
  route("security", "routes/security.tsx"),
  route("careers", "routes/careers.tsx"),
  route("press", "routes/press.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog.$slug.tsx"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("register", "routes/register.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
