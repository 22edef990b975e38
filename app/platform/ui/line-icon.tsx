/** One stroked 24×24 path. Decorative: a visible or screen-reader label always goes with it. */
export function LineIcon({ d, className = "h-5 w-5", strokeWidth = 1.5 }: { d: string; className?: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
