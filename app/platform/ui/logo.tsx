/** `nameHidden` keeps the wordmark for screen readers only (the collapsed admin sidebar shows just the mark). */
export function Logo({ inverted = false, nameHidden = false }: { inverted?: boolean; nameHidden?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" className={inverted ? "fill-ivory-50" : "fill-ink-900"} />
        <path d="M8 10l4 12 4-9 4 9 4-12" fill="none" strokeWidth="2" strokeLinejoin="round" className="stroke-gold-400" />
      </svg>
      <span className={`font-serif text-xl font-semibold tracking-tight ${inverted ? "text-ivory-50" : "text-ink-900"} ${nameHidden ? "sr-only" : ""}`}>
        WealthMatch
      </span>
    </span>
  );
}
