import { Link } from "react-router";
import { HOW_WE_ARE_PAID_PATH, HOW_WE_ARE_PAID_TITLE, PAID_DETAIL, PAID_LEAD } from "./how-we-are-paid";

/**
 * How WealthMatch is paid, where it recommends someone: the body text's size, open on the page (no
 * click, no script), with a link to the page that says it in full. Its own block, above the shortlist's
 * cards and near the top of a profile, so what goes on the cards and in the header never buries it.
 */
export function PaidDisclosure({ className = "" }: { className?: string }) {
  return (
    <aside
      aria-label={HOW_WE_ARE_PAID_TITLE}
      className={`rounded-card border border-ink-100 border-l-2 border-l-gold-500 bg-white px-5 py-4 text-base leading-relaxed text-ink-900 sm:px-6 ${className}`}
      data-testid="paid-disclosure"
    >
      <p>
        <strong className="font-semibold">{PAID_LEAD}</strong> {PAID_DETAIL}{" "}
        <Link to={HOW_WE_ARE_PAID_PATH} className="font-semibold underline decoration-gold-500 underline-offset-4 hover:decoration-ink-900">
          {HOW_WE_ARE_PAID_TITLE}
        </Link>
      </p>
    </aside>
  );
}
