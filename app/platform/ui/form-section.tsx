import type { ReactNode } from "react";

/** One titled part of a member's long form (their profile, their availability), labelled by its heading. */
export function FormSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5 px-5 py-7 sm:px-8">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  );
}
