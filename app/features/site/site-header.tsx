import { Link, NavLink } from "react-router";
import { useRef } from "react";
import { Logo } from "~/platform/ui/logo";

// `end`: only that page itself is current; /professionals/:id is a member's profile page, not For Professionals.
const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/about", label: "About", end: false },
  { to: "/services", label: "Services", end: false },
  { to: "/professionals", label: "For Professionals", end: true },
  { to: "/blog", label: "Blog", end: false },
  { to: "/contact", label: "Contact", end: false },
] as const;

// The current page is marked by a gold rule on the header's lower edge, as well as by aria-current.
const navClass = ({ isActive }: { isActive: boolean }) =>
  `border-b-2 py-[1.3125rem] text-sm font-medium transition-colors ${
    isActive ? "border-gold-500 text-ink-900" : "border-transparent text-slate-600 hover:text-ink-900"
  }`;

const mobileNavClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between border-b border-ink-100 py-3.5 text-base ${
    isActive ? "font-semibold text-ink-900" : "text-ink-800"
  }`;

export type HeaderUser = { email: string; role: string; home: string } | null;

/**
 * Sign Out is a plain form: signing out loads the next page as a document, so nothing a member's pages
 * loaded stays in the browser's memory (docs/decisions/069-public-apis-only.md).
 */
export function SiteHeader({ user }: { user: HeaderUser }) {
  const menu = useRef<HTMLDetailsElement>(null);
  // The menu is a <details>, so it works without JavaScript; with it, a chosen link closes the menu.
  const close = () => menu.current?.removeAttribute("open");

  return (
    <header className="sticky top-0 z-40 border-b border-ink-100 bg-ivory-50/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <Link to="/" className="flex items-center gap-2" aria-label="WealthMatch home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-5 md:flex lg:gap-8">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          {user ? (
            <>
              <Link to={user.home} className="rounded-md px-4 py-2 text-sm font-medium text-ink-800 hover:bg-ivory-200">
                My Account
              </Link>
              <Link to="/account" className="rounded-md px-3 py-2 text-sm font-medium text-ink-800 hover:bg-ivory-200">
                Settings
              </Link>
              <form method="post" action="/logout">
                <button type="submit" className="rounded-md border border-ink-200 px-4 py-2 text-sm font-medium text-ink-900 hover:bg-ivory-200">
                  Sign Out
                </button>
              </form>
            </>
          ) : (
            <>
              <Link to="/login" className="rounded-md px-4 py-2 text-sm font-medium text-ink-800 hover:bg-ivory-200">
                Login
              </Link>
              <Link
                to="/register"
                className="rounded-md bg-ink-900 px-4 py-2 text-sm font-medium text-ivory-50 hover:bg-ink-800"
              >
                Get Started
              </Link>
            </>
          )}
        </div>
        <details ref={menu} className="group md:hidden" data-testid="mobile-menu">
          <summary
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md border border-ink-200 text-ink-900 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 group-open:hidden" fill="none" stroke="currentColor" strokeWidth="1.75">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden h-5 w-5 group-open:block" fill="none" stroke="currentColor" strokeWidth="1.75">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute inset-x-0 top-16 border-b border-ink-100 bg-ivory-50 px-6 pb-6 pt-2 shadow-[0_24px_48px_-16px_rgb(8_17_32/0.28)]"
          >
            <ul className="flex flex-col">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={close}
                    className={mobileNavClass}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-4 grid grid-cols-2 gap-3">
              {user ? (
                <>
                  <Link to={user.home} onClick={close} className="rounded-md border border-ink-200 px-4 py-2.5 text-center text-sm font-medium">
                    My Account
                  </Link>
                  <form method="post" action="/logout">
                    <button type="submit" className="w-full rounded-md bg-ink-900 px-4 py-2.5 text-center text-sm font-medium text-ivory-50">
                      Sign Out
                    </button>
                  </form>
                  <Link to="/account" onClick={close} className="col-span-2 rounded-md border border-ink-200 px-4 py-2.5 text-center text-sm font-medium">
                    Account settings
                  </Link>
                </>
              ) : (
                <>
                  <Link to="/login" onClick={close} className="rounded-md border border-ink-200 px-4 py-2.5 text-center text-sm font-medium">
                    Login
                  </Link>
                  <Link to="/register" onClick={close} className="rounded-md bg-ink-900 px-4 py-2.5 text-center text-sm font-medium text-ivory-50">
                    Get Started
                  </Link>
                </>
              )}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
