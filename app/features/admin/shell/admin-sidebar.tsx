import { Link, NavLink } from "react-router";
import { Logo } from "~/platform/ui/logo";
import { AdminIcon } from "./admin-icons";
import { ADMIN_NAV } from "./admin-nav";

const itemClass = (open: boolean) => ({ isActive }: { isActive: boolean }) =>
  `group relative flex items-center gap-3 rounded-md py-2 text-sm font-medium transition-colors ${
    open ? "px-3" : "justify-center px-0"
  } ${isActive ? "bg-ink-800 text-ivory-50" : "text-ink-200 hover:bg-ink-800/70 hover:text-ivory-50"}`;

/**
 * The wide-screen sidebar: full labels when open, icons only when collapsed (the labels stay for
 * screen readers, and as tooltips). Hidden under 768 px, where the top bar's menu takes over.
 */
export function AdminSidebar({ open }: { open: boolean }) {
  return (
    <aside
      id="admin-sidebar"
      aria-label="Admin"
      data-state={open ? "expanded" : "collapsed"}
      className={`sticky top-0 hidden h-screen shrink-0 flex-col bg-ink-900 text-ivory-50 transition-[width] duration-200 md:flex ${
        open ? "w-64" : "w-16"
      }`}
    >
      <div className={`flex h-14 items-center border-b border-ink-800 ${open ? "px-4" : "justify-center"}`}>
        <Link to="/admin" className="flex items-center gap-2" aria-label="WealthMatch admin dashboard">
          <Logo inverted nameHidden={!open} />
        </Link>
        {open ? (
          <span className="ml-2 rounded-sm border border-gold-400/50 px-1.5 py-0.5 text-[0.625rem] font-semibold uppercase tracking-[0.14em] text-gold-300">
            Admin
          </span>
        ) : null}
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-2 py-4">
        <ul className="space-y-1">
          {ADMIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={itemClass(open)} title={open ? undefined : item.label} prefetch="intent">
                {({ isActive }) => (
                  <>
                    {isActive ? <span aria-hidden="true" className="absolute inset-y-1.5 left-0 w-0.5 rounded-full bg-gold-400" /> : null}
                    <AdminIcon name={item.icon} className={`h-5 w-5 shrink-0 ${isActive ? "text-gold-300" : ""}`} />
                    <span className={open ? "truncate" : "sr-only"}>{item.label}</span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-ink-800 px-2 py-3">
        <Link
          to="/"
          title={open ? undefined : "View site"}
          className={`flex items-center gap-3 rounded-md py-2 text-sm text-ink-300 hover:bg-ink-800/70 hover:text-ivory-50 ${
            open ? "px-3" : "justify-center"
          }`}
        >
          <AdminIcon name="back" className="h-4 w-4 shrink-0" />
          <span className={open ? "" : "sr-only"}>View site</span>
        </Link>
      </div>
    </aside>
  );
}
