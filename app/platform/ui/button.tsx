import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger" | "gold";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-ink-900 text-ivory-50 hover:bg-ink-800 disabled:bg-ink-300",
  secondary: "border border-ink-200 bg-white text-ink-900 hover:bg-ivory-200 disabled:text-ink-300",
  ghost: "text-ink-800 hover:bg-ivory-200",
  danger: "bg-danger-700 text-white hover:bg-danger-700/90 disabled:opacity-60",
  gold: "bg-gold-400 text-ink-950 hover:bg-gold-300 disabled:opacity-60",
};

export function buttonClass(variant: Variant = "primary", extra = "") {
  return `inline-flex items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "submit",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
