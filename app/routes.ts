import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PUBLIC_PAGES } from "./features/site/public-pages";

export default [
  // The public pages: one list, which the sitemap and the page cache read too.
  ...PUBLIC_PAGES.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("confirm-email", "routes/confirm-email.tsx"),
  route("client-welcome", "routes/client-welcome.tsx"),
  route("client-welcome/answers", "routes/client-welcome.answers.tsx"),
  route("professional-dashboard", "routes/professional-dashboard.tsx"),
  route("professional-dashboard/edit", "routes/professional-dashboard.edit.tsx"),
  route("account/data.json", "routes/account.data[.]json.ts"),
  route("account/delete", "routes/account.delete.tsx"),
  route("admin/login", "routes/admin.login.tsx"),
  route("admin/users/:id/data.json", "routes/admin.users.$id.data[.]json.ts"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("blog", "routes/admin.blog.tsx"),
    route("blog/new", "routes/admin.blog.new.tsx"),
    route("blog/:id", "routes/admin.blog.$id.tsx"),
    route("blog/:id/edit", "routes/admin.blog.$id.edit.tsx"),
    route("submissions", "routes/admin.submissions.tsx"),
    route("submissions/:id", "routes/admin.submissions.$id.tsx"),
    route("matches", "routes/admin.matches.tsx"),
    route("matches/:userId", "routes/admin.matches.$userId.tsx"),
    route("professionals", "routes/admin.professionals.tsx"),
    route("professionals/new", "routes/admin.professionals.new.tsx"),
    route("professionals/:id/edit", "routes/admin.professionals.$id.edit.tsx"),
    route("users", "routes/admin.users.tsx"),
    route("users/:id/delete", "routes/admin.users.$id.delete.tsx"),
    route("settings", "routes/admin.settings.tsx"),
    route("security", "routes/admin.security.tsx"),
    route("audit", "routes/admin.audit.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
