import { useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Toast } from "~/platform/http/toast.server";

const styles: Record<Toast["type"], string> = {
  success: "border-success-700/30 bg-success-50 text-success-700",
  error: "border-danger-700/30 bg-danger-50 text-danger-700",
  info: "border-ink-200 bg-ivory-50 text-ink-800",
};

/** Tells one message from another: each has an id; one without (older cookies) by its text. */
function keyOf(toast: Toast): string {
  return toast.id ?? `${toast.title}|${toast.description ?? ""}`;
}

/**
 * The page's flash message. Each is read once, so a later revalidation of the same page (after a fetcher's
 * post, say) brings none: the one shown stays on that page until it fades or is dismissed. A new page
 * (another location) starts without it, and a new message replaces it.
 */
export function Flash({ toast, corner }: { toast: Toast | null | undefined; corner?: "top" | "bottom" }) {
  const location = useLocation();
  const [shown, setShown] = useState(toast ? { toast, at: location.key } : null);
  if (toast && (!shown || keyOf(toast) !== keyOf(shown.toast) || shown.at !== location.key)) setShown({ toast, at: location.key });
  const current = toast ?? (shown?.at === location.key ? shown.toast : null);
  return current ? <FlashMessage key={keyOf(current)} toast={current} corner={corner} /> : null;
}

/**
 * A message carried across a redirect. Without JavaScript it is a banner at the top of the page;
 * with it, a toast in the corner that can be dismissed and fades after a few seconds.
 */
export function FlashMessage({
  toast,
  corner = "top",
}: {
  toast: Toast;
  /** Where the toast sits once JavaScript runs; the admin area keeps the top clear for page actions. */
  corner?: "top" | "bottom";
}) {
  // The parent keys this component by the message, so a new message starts visible again.
  const enhanced = useHydrated();
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 7000);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  // Without JavaScript a message for a section the page opens at is rendered in that section (AnchoredFlash).
  if (!enhanced && toast.anchor) return null;
  const body = (
    <FlashBody toast={toast} enhanced={enhanced}>
      {enhanced ? (
        <button
          type="button"
          onClick={() => setVisible(false)}
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss message"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.75">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
      ) : null}
    </FlashBody>
  );
  return enhanced ? (
    <div className={`fixed right-4 z-50 w-[min(24rem,calc(100vw-2rem))] ${corner === "top" ? "top-20" : "bottom-4"}`}>{body}</div>
  ) : (
    <div className="mx-auto w-full max-w-6xl px-6 pt-6">{body}</div>
  );
}

function FlashBody({ toast, enhanced, children }: { toast: Toast; enhanced: boolean; children?: React.ReactNode }) {
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`flex items-start gap-4 rounded-card border px-5 py-4 ${styles[toast.type]} ${enhanced ? "shadow-lg" : ""}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * The flash message inside the section a page without JavaScript opens at (after a form whose address or
 * redirect ends in #anchor), so the confirmation is where the eye lands rather than at the top of the page.
 * With JavaScript the message is the corner toast instead, and this renders nothing.
 */
export function AnchoredFlash({ anchor, className = "" }: { anchor: NonNullable<Toast["anchor"]>; className?: string }) {
  const enhanced = useHydrated();
  // The root route is the app's top layer, so its loader's type is named here rather than imported.
  const toast = (useRouteLoaderData("root") as { toast: Toast | null } | undefined)?.toast;
  if (enhanced || !toast || toast.anchor !== anchor) return null;
  return (
    <div className={className} data-testid="anchored-flash">
      <FlashBody toast={toast} enhanced={false} />
    </div>
  );
}
