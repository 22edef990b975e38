import { Link } from "react-router";
import type { ReactNode } from "react";
import { buttonClass } from "~/platform/ui/button";
import { Icon } from "~/platform/ui/icons";

const SIZE = "px-6 py-3 text-[0.9375rem]";

/** Call-to-action links styled as buttons. They stay real links so they work without JavaScript. */
export function CtaLink({
  to,
  children,
  variant = "primary",
}: {
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary" | "gold" | "outline-light";
}) {
  const className =
    variant === "outline-light"
      ? `inline-flex items-center justify-center gap-2 rounded-md border border-ivory-50/35 font-semibold text-ivory-50 transition-colors hover:border-ivory-50/70 hover:bg-ivory-50/5 ${SIZE}`
      : buttonClass(variant, SIZE);
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

/** A quiet text link with an arrow, for "read more" style moves between pages. */
export function ArrowLink({ to, children, tone = "light" }: { to: string; children: ReactNode; tone?: "light" | "dark" }) {
  return (
    <Link
      to={to}
      className={`group inline-flex items-center gap-2 text-sm font-semibold underline decoration-transparent underline-offset-4 transition-colors ${
        tone === "dark" ? "text-gold-300 hover:decoration-gold-300" : "text-ink-900 hover:decoration-gold-500"
      }`}
    >
      {children}
      <Icon name="arrow" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}
