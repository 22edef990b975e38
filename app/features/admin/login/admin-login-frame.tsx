import { Link } from "react-router";
import type { ReactNode } from "react";
import { Logo } from "~/platform/ui/logo";
import { AdminIcon } from "~/features/admin/shell/admin-icons";
import { CornerRings } from "~/platform/ui/decoration";

/** The admin sign-in page: no site navigation, one card on a quiet page, a way back to the site. */
export function AdminLoginFrame({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex flex-1 flex-col overflow-hidden bg-ivory-100">
      <CornerRings className="-z-0" />
      <header className="relative mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-6">
        <Link to="/" aria-label="WealthMatch home">
          <Logo />
        </Link>
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-ink-900">
          <AdminIcon name="back" className="h-4 w-4" />
          Back to site
        </Link>
      </header>
      <main id="main" className="relative flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="rounded-card border border-ink-100 bg-white p-6 shadow-[0_24px_48px_-32px_rgb(8_17_32/0.35)] sm:p-8">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Administration</p>
            <h1 className="mt-2 text-3xl font-semibold">Admin sign in</h1>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">
              For WealthMatch staff. Every attempt is recorded, and repeated failures are paused for a few minutes.
            </p>
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}
