import { Icon, type IconName } from "~/components/marketing/icons";

const STEPS: { title: string; text: string; icon: IconName }[] = [
  {
    title: "Profile Review",
    text: "Our team reviews your profile to understand your values, objectives and the expertise you are looking for.",
    icon: "document",
  },
  {
    title: "Professional Matching",
    text: "We match you with 2-3 verified professionals whose experience and approach fit your goals.",
    icon: "people",
  },
  {
    title: "Personal Contact",
    text: "A matched professional will reach out to you personally within 24-48 hours.",
    icon: "phone",
  },
];

/** The three things that happen after a client joins (spec §2, client welcome). */
export function NextSteps() {
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {STEPS.map((step, i) => (
        <li key={step.title} className="rounded-card border border-ink-100 bg-white p-6">
          <div className="flex items-center justify-between">
            <span className="font-serif text-sm font-semibold tracking-[0.14em] text-gold-700" aria-hidden="true">
              {String(i + 1).padStart(2, "0")}
            </span>
            <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-ivory-100 text-ink-800">
              <Icon name={step.icon} />
            </span>
          </div>
          <h3 className="mt-5 text-xl font-semibold">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
