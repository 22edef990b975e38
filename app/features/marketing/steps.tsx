type Step = { title: string; text: string };

/** Numbered steps on a 12-column grid: one per row on phones, side by side on desktop. */
export function Steps({ steps }: { steps: readonly Step[] }) {
  const span = steps.length === 4 ? "md:col-span-6 lg:col-span-3" : "md:col-span-4";
  return (
    <ol className="grid gap-10 sm:gap-12 md:grid-cols-12 md:gap-8">
      {steps.map((step, i) => (
        <li key={step.title} className={`relative border-t border-ink-200 pt-7 ${span}`}>
          <span aria-hidden="true" className="absolute -top-px left-0 h-px w-16 bg-gold-500" />
          <p className="font-serif text-4xl font-normal leading-none text-gold-600">
            <span className="sr-only">Step </span>
            {String(i + 1).padStart(2, "0")}
          </p>
          <h3 className="mt-5 text-2xl font-semibold">{step.title}</h3>
          <p className="mt-3 max-w-[38ch] text-[0.9375rem] leading-relaxed text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
