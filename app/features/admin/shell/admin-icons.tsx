import { LineIcon } from "~/platform/ui/line-icon";

/** Line icons of the admin area. Decorative: a label always goes with them (visible or sr-only). */

const PATHS = {
  dashboard: "M4 4h7v7H4V4Zm9 0h7v4h-7V4Zm0 6h7v10h-7V10ZM4 13h7v7H4v-7Z",
  blog: "M7 3h7l4 4v14H7V3Zm7 0v4h4M10 12h5M10 16h5",
  newsletter: "M3 6h18v12H3V6Zm0 0 9 7 9-7",
  submissions: "M4 13h4l1.5 3h5l1.5-3h4M4 13l2.5-8h11l2.5 8v6H4v-6Z",
  matches: "M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2",
  professionals: "M4 8h16v11H4V8Zm5 0V5h6v3M4 13h16",
  users: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9a3 3 0 1 0 0-6m2 15c0-2.6-1.2-4.6-3-5.5",
  settings: "M4 7h9m4 0h3M4 17h3m4 0h9M15 5v4M9 15v4",
  reports: "M5 21V4h11l-1.5 4L16 12H5",
  plans: "M3 6h18v12H3V6Zm0 4h18M7 15h4",
  audit: "M12 3 5 6v5c0 4.4 3 8.3 7 10 4-1.7 7-5.6 7-10V6l-7-3Zm-3 9 2 2 4-4",
  security: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5V11Zm7 4v2",
  panel: "M4 5h16v14H4V5Zm5 0v14",
  signOut: "M10 5H5v14h5m4-11 4 4-4 4m4-4H9",
  back: "M19 12H5m6-6-6 6 6 6",
  plus: "M12 5v14M5 12h14",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  arrow: "M5 12h14m-6-6 6 6-6 6",
} as const;

export type AdminIconName = keyof typeof PATHS;

export function AdminIcon({ name, className = "h-5 w-5" }: { name: AdminIconName; className?: string }) {
  return <LineIcon d={PATHS[name]} className={className} strokeWidth={1.6} />;
}
