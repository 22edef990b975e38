import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { sidebarCookie } from "~/features/admin/shell/sidebar-state";
import { Flash } from "~/platform/ui/flash-message";
import type { Toast } from "~/platform/http/toast.server";
import { AdminMobileBar } from "./admin-mobile-bar";
import { AdminSidebar } from "./admin-sidebar";
import { SidebarToggle } from "./sidebar-toggle";
import { SignOutButton } from "./sign-out-button";
import { AdminTimeZoneLink } from "./admin-time-zone";

/** Ctrl+B (Cmd+B on a Mac), with no other modifier. */
const isToggleShortcut = (e: KeyboardEvent) =>
  e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;

/**
 * The frame of every /admin page: sidebar, a top bar with the welcome line
 * and Sign Out, and the page. The sidebar state starts from the cookie the server read.
 */
export function AdminShell({
  email,
  sidebarOpen,
  toast,
  children,
}: {
  email: string;
  sidebarOpen: boolean;
  toast: Toast | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(sidebarOpen);

  const toggle = useCallback(() => {
    const next = !open;
    setOpen(next);
    document.cookie = sidebarCookie(next, window.location.protocol === "https:");
  }, [open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // Any page or form on its way: the bar at the top pulses.
  const busy = useIsPending({ formAction: null, formMethod: null });
  // Tests and assistive tools can tell when Ctrl/Cmd+B is listened for.
  const hydrated = useHydrated();

  return (
    <div className="flex min-h-screen flex-1 bg-ivory-100" data-shortcuts={hydrated ? "ready" : undefined}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-ink-900 focus:px-4 focus:py-2 focus:text-ivory-50"
      >
        Skip to content
      </a>
      <AdminSidebar open={open} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminMobileBar email={email} />
        <header className="sticky top-0 z-30 hidden h-14 items-center justify-between gap-4 border-b border-ink-100 bg-ivory-50/95 px-4 backdrop-blur md:flex lg:px-6">
          <SidebarToggle open={open} onToggle={toggle} />
          <div className="flex min-w-0 items-center gap-4">
            <AdminTimeZoneLink className="hidden whitespace-nowrap text-sm text-slate-600 underline decoration-gold-400 underline-offset-4 hover:text-ink-900 lg:inline" />
            <p className="truncate text-sm text-slate-600">
              Welcome, <span className="font-medium text-ink-900">{email}</span>
            </p>
            <SignOutButton className="rounded-md border border-ink-200 bg-white px-3 py-1.5 text-sm font-medium text-ink-900 hover:bg-ivory-200" />
          </div>
        </header>
        {/* Client navigations only: a thin bar while the next page loads. */}
        <div aria-hidden="true" className="relative h-0.5 overflow-hidden">
          {busy ? <div className="absolute inset-y-0 left-0 w-1/3 animate-pulse bg-gold-400" /> : null}
        </div>
        <Flash toast={toast} corner="bottom" />
        <main id="main" aria-busy={busy || undefined} className="flex-1 px-4 py-6 md:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
