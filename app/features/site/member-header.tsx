import { Link, NavLink } from "react-router";
import { useRef } from "react";
import { Logo } from "~/platform/ui/logo";
import { MEMBER_NAV, type MemberNav } from "./member-nav";

// As the marketing header renders its own: a gold rule under the current item on desktop, bold in the
// phone's menu, and aria-current either way (NavLink). `end` is false: /introductions/12 is under
// Introductions, /client-welcome/answers under Shortlist.
const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-2 border-b-2 py-[1.3125rem] text-sm font-medium transition-colors ${
    isActive ? "border-gold-500 text-ink-900" : "border-transparent text-slate-600 hover:text-ink-900"
  }`;

const mobileNavClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between border-b border-ink-100 py-3.5 text-base ${isActive ? "font-semibold text-ink-900" : "text-ink-800"}`;

const unreadWords = (n: number) => (n === 1 ? "1 unread message" : `${n} unread messages`);

/** The unread count beside 'Messages', for the eye; the link's name says it in words ("Messages, 1 unread message"). */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-count"
      className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-ink-900 px-1.5 text-xs font-semibold tabular-nums text-ivory-50"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The link's name: its label, and for Messages the unread count in words. */
const nameOf = (item: { label: string; messages?: true }, unread: number) =>
  item.messages && unread > 0 ? `${item.label}, ${unreadWords(unread)}` : undefined;

/**
 * The signed-in member's header: their pages in a row on desktop; on a phone a <details> menu (it
 * opens without JavaScript; with it, a chosen link closes it), whose button carries the unread count too.
 */
export function MemberHeader({ nav }: { nav: MemberNav }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute("open");
  const items = MEMBER_NAV[nav.kind];
  // A plain form: signing out loads the next page as a document, so nothing the member's pages loaded
  // stays in the browser's memory, and the page renders no router Form twice for it (docs/decisions/069).
  const signOut = (className: string) => (
    <form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign Out
      </button>
    </form>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-ink-100 bg-ivory-50/95 backdrop-blur" data-testid="member-header">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label="WealthMatch home">
          <Logo />
        </Link>
        <nav aria-label="Member" className="hidden items-center gap-5 md:flex lg:gap-8">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={navClass} aria-label={nameOf(item, nav.unread)}>
              {item.label}
              {item.messages ? <UnreadBadge count={nav.unread} /> : null}
            </NavLink>
          ))}
        </nav>
        <div className="hidden md:block">
          {signOut("rounded-md border border-ink-200 px-4 py-2 text-sm font-medium text-ink-900 hover:bg-ivory-200")}
        </div>
        <details ref={menu} className="group md:hidden" data-testid="mobile-menu">
          <summary
            className="relative flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md border border-ink-200 text-ink-900 [&::-webkit-details-marker]:hidden"
            aria-label={nav.unread > 0 ? `Menu, ${unreadWords(nav.unread)}` : "Menu"}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 group-open:hidden" fill="none" stroke="currentColor" strokeWidth="1.75">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden h-5 w-5 group-open:block" fill="none" stroke="currentColor" strokeWidth="1.75">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            {nav.unread > 0 ? (
              <span aria-hidden="true" className="absolute -right-1.5 -top-1.5 h-3 w-3 rounded-full border-2 border-ivory-50 bg-gold-500" />
            ) : null}
          </summary>
          <nav
            aria-label="Member mobile"
            className="absolute inset-x-0 top-16 border-b border-ink-100 bg-ivory-50 px-6 pb-6 pt-2 shadow-[0_24px_48px_-16px_rgb(8_17_32/0.28)]"
          >
            <ul className="flex flex-col">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} onClick={close} className={mobileNavClass} aria-label={nameOf(item, nav.unread)}>
                    <span>{item.label}</span>
                    {item.messages ? <UnreadBadge count={nav.unread} /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-4">{signOut("w-full rounded-md bg-ink-900 px-4 py-2.5 text-center text-sm font-medium text-ivory-50")}</div>
          </nav>
        </details>
      </div>
    </header>
  );
}
