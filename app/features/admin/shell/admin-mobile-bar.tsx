import { Link, NavLink } from "react-router";
import { useRef } from "react";
import { Logo } from "~/platform/ui/logo";
import { AdminIcon } from "./admin-icons";
import { ADMIN_NAV } from "./admin-nav";
import { SignOutButton } from "./sign-out-button";
import { AdminTimeZoneLink } from "./admin-time-zone";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium ${
    isActive ? "bg-ink-800 text-ivory-50" : "text-ink-200 hover:bg-ink-800/70 hover:text-ivory-50"
  }`;

/**
 * Under 768 px the sidebar becomes this top bar. Its menu is a <details>, so it opens without
 * JavaScript; with it, choosing a link closes the menu.
 */
export function AdminMobileBar({ email }: { email: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute("open");
  return (
    <div className="sticky top-0 z-40 flex h-14 items-center justify-between bg-ink-900 px-4 text-ivory-50 md:hidden">
      <Link to="/admin" className="flex items-center gap-2" aria-label="WealthMatch admin dashboard">
        <Logo inverted />
        <span className="rounded-sm border border-gold-400/50 px-1.5 py-0.5 text-[0.625rem] font-semibold uppercase tracking-[0.14em] text-gold-300">
          Admin
        </span>
      </Link>
      <details ref={menu} className="group" data-testid="admin-mobile-menu">
        <summary
          aria-label="Admin menu"
          className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md border border-ink-700 [&::-webkit-details-marker]:hidden"
        >
          <AdminIcon name="menu" className="h-5 w-5 group-open:hidden" />
          <AdminIcon name="close" className="hidden h-5 w-5 group-open:block" />
        </summary>
        <nav
          aria-label="Admin sections"
          className="absolute inset-x-0 top-14 border-t border-ink-800 bg-ink-900 px-4 pb-4 pt-3 shadow-[0_24px_48px_-16px_rgb(8_17_32/0.5)]"
        >
          <ul className="grid grid-cols-2 gap-1">
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} onClick={close} className={itemClass}>
                  <AdminIcon name={item.icon} className="h-4 w-4 shrink-0" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-ink-800 pt-3">
            <p className="truncate px-3 text-sm text-ink-200">
              Welcome, <span className="text-ivory-50">{email}</span>
            </p>
            <AdminTimeZoneLink className="mt-1 block px-3 text-sm text-ink-200 underline decoration-gold-400 underline-offset-4 hover:text-ivory-50" />
            <div className="mt-3 grid grid-cols-2 gap-2">
              <Link to="/" onClick={close} className="rounded-md border border-ink-700 px-3 py-2 text-center text-sm font-medium text-ink-100 hover:bg-ink-800">
                View site
              </Link>
              <SignOutButton className="w-full rounded-md bg-ivory-50 px-3 py-2 text-sm font-semibold text-ink-900 hover:bg-ivory-200" />
            </div>
          </div>
        </nav>
      </details>
    </div>
  );
}
