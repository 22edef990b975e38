import { LineIcon } from "~/platform/ui/line-icon";

/** Small line icons for cards and contact details. Decorative: the text beside them says it all. */

const PATHS = {
  compass: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5 5-2Z",
  shield: "M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4",
  people: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9a3 3 0 1 0 0-6m2 15c0-2.6-1.2-4.6-3-5.5",
  scale: "M12 4v16M6 20h12M5 8h14M5 8l-3 6a3 3 0 0 0 6 0L5 8Zm14 0-3 6a3 3 0 0 0 6 0l-3-6ZM12 4l-1 0",
  chart: "M4 20h16M6 16l4-5 3 3 5-7M15 7h3v3",
  building: "M4 20h16M5 20V9l7-5 7 5v11M9 20v-6h6v6M9 10h.01M15 10h.01",
  key: "M8 11a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm2.8 1.2L20 3m-3 3 2 2m-4 0 1.5 1.5",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2",
  mail: "M4 6h16v12H4V6Zm0 1 8 6 8-6",
  phone: "M6 3h3l1.5 4.5-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2L21 15v3a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2Z",
  pin: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  check: "M5 12.5 10 17l9-10",
  lock: "M6 11h12v9H6v-9Zm3 0V8a3 3 0 0 1 6 0v3",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
  document: "M7 3h7l4 4v14H7V3Zm7 0v4h4M10 12h5M10 16h5",
  spark: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6",
  arrow: "M5 12h14M13 6l6 6-6 6",
  alert: "M12 4 2.5 20h19L12 4Zm0 6v4.5m0 2.5h.01",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return <LineIcon d={PATHS[name]} className={className} strokeWidth={1.5} />;
}
