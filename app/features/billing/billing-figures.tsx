import { Link } from "react-router";
import { SUBSCRIPTION_STATES, SUBSCRIPTION_STATE_LABELS, formatMoney, type SubscriptionState } from "~/domain/billing";

export type BillingFiguresView = { billingOn: boolean; counts: Record<SubscriptionState, number>; mrr: { currency: string; minor: number }[] };

const figure = "font-serif text-3xl font-semibold tabular-nums text-ink-900";

/** Subscribers by state and monthly recurring revenue (a yearly plan counts a twelfth), per currency. */
export function BillingFigures({ figures }: { figures: BillingFiguresView }) {
  return (
    <section aria-labelledby="billing-figures" className="mt-4 rounded-card border border-ink-100 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="billing-figures" className="font-sans text-base font-semibold">
          Subscriptions
        </h2>
        <Link to="/admin/plans" className="text-sm font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900">
          Plans
        </Link>
      </div>
      {!figures.billingOn ? <p className="mt-1 text-sm text-slate-600">Billing is off (STRIPE_SECRET_KEY is not set): every verified professional is matched.</p> : null}
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {SUBSCRIPTION_STATES.map((state) => (
          <div key={state}>
            <dt className="text-sm text-slate-600">{SUBSCRIPTION_STATE_LABELS[state]}</dt>
            <dd className={figure}>{figures.counts[state].toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 border-t border-ink-100 pt-4">
        <h3 className="font-sans text-sm font-semibold text-slate-600">Monthly recurring revenue</h3>
        {figures.mrr.length ? (
          <ul className="mt-2 flex flex-wrap gap-x-8 gap-y-2">
            {figures.mrr.map((m) => (
              <li key={m.currency} className={figure}>
                {formatMoney(m.minor, m.currency)}
                <span className="ml-2 font-sans text-sm font-normal text-slate-600">{m.currency.toUpperCase()}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No active subscriptions yet.</p>
        )}
      </div>
    </section>
  );
}
