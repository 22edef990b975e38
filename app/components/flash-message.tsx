import type { Toast } from "~/toast.server";

const styles: Record<Toast["type"], string> = {
  success: "border-success-700/30 bg-success-50 text-success-700",
  error: "border-danger-700/30 bg-danger-50 text-danger-700",
  info: "border-ink-200 bg-ivory-50 text-ink-800",
};

/** A message carried across a redirect: shown inline so it works without JavaScript. */
export function FlashMessage({ toast }: { toast: Toast }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-6 pt-6">
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={`rounded-card border px-5 py-4 ${styles[toast.type]}`}
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
    </div>
  );
}
