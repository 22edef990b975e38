/** "Eleanor Whitfield" → "EW"; one word gives one letter. Letters, not UTF-16 halves. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? "") : "");
  return (letter(first) + letter(last)).toUpperCase() || "?";
}

const SIZES = { sm: "h-9 w-9 text-xs", md: "h-14 w-14 text-lg", lg: "h-20 w-20 text-2xl" } as const;

/** The profile photo when there is one, otherwise the initials on navy. The name always sits beside it. */
export function ProfessionalAvatar({ name, src, size = "lg" }: { name: string; src: string | null; size?: keyof typeof SIZES }) {
  if (src) {
    return <img src={src} alt={`Photo of ${name}`} className={`${SIZES[size]} shrink-0 rounded-full border border-ink-100 object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={`${SIZES[size]} inline-flex shrink-0 select-none items-center justify-center rounded-full bg-ink-900 font-serif font-semibold tracking-wide text-gold-300 ring-1 ring-gold-400/50 ${size === "sm" ? "" : "ring-offset-2 ring-offset-white"}`}
    >
      {initialsOf(name)}
    </span>
  );
}
