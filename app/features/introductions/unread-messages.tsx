import { Link } from "react-router";
import type { Unread } from "./introduction-page.data.server";

/** On a home page: how many messages wait unread, per introduction, each a link to its page. */
export function UnreadMessages({ unread }: { unread: Unread[] }) {
  if (unread.length === 0) return null;
  const total = unread.reduce((n, u) => n + u.count, 0);
  return (
    <section aria-labelledby="unread-heading" className="rounded-card border border-gold-300 bg-ivory-50 p-5 sm:p-6" data-testid="unread-messages">
      <h2 id="unread-heading" className="text-lg font-semibold text-ink-900">
        {total === 1 ? "You have 1 unread message" : `You have ${total} unread messages`}
      </h2>
      <ul className="mt-3 space-y-2 text-[0.9375rem]">
        {unread.map((u) => (
          <li key={u.introductionId}>
            <Link to={`/introductions/${u.introductionId}#messages`} className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4 hover:text-gold-700">
              {u.count} from {u.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
