import type { AdminIconName } from "./admin-icons";

/** The admin sidebar's links, top to bottom. `end` keeps Dashboard from being marked current on every /admin page. */
export const ADMIN_NAV: readonly { to: string; label: string; icon: AdminIconName; end?: boolean }[] = [
  { to: "/admin", label: "Dashboard", icon: "dashboard", end: true },
  { to: "/admin/blog", label: "Blog", icon: "blog" },
  { to: "/admin/newsletter", label: "Newsletter", icon: "newsletter" },
  { to: "/admin/submissions", label: "Submissions", icon: "submissions" },
  { to: "/admin/matches", label: "Matches", icon: "matches" },
  { to: "/admin/reports", label: "Reported messages", icon: "reports" },
  { to: "/admin/professionals", label: "Professionals", icon: "professionals" },
  { to: "/admin/plans", label: "Plans", icon: "plans" },
  { to: "/admin/users", label: "Users", icon: "users" },
  { to: "/admin/settings", label: "Settings", icon: "settings" },
  { to: "/admin/security", label: "Security", icon: "security" },
  { to: "/admin/audit", label: "Audit log", icon: "audit" },
];
