import { Icon } from "~/platform/ui/icons";

const base = "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold";

export function VerifiedBadge() {
  return (
    <span className={`${base} border-success-700/25 bg-success-50 text-success-700`}>
      <Icon name="check" className="h-3.5 w-3.5" />
      Verified
    </span>
  );
}

export function PendingBadge() {
  return (
    <span className={`${base} border-warning-700/25 bg-warning-50 text-warning-700`}>
      <Icon name="clock" className="h-3.5 w-3.5" />
      Pending verification
    </span>
  );
}

export function FeaturedBadge() {
  return (
    <span className={`${base} border-gold-400/60 bg-ivory-100 text-gold-700`}>
      <Icon name="spark" className="h-3.5 w-3.5" />
      Featured
    </span>
  );
}
