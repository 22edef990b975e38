import { Icon, type IconName } from "~/platform/ui/icons";

function stepsFor(promise: string): { title: string; text: string; icon: IconName }[] {
  return [
    {
      title: "Profile Review",
      text: "Our team reviews your answers and the shortlist our matching proposes: verified professionals scored on your objectives, wealth, country and how you like to communicate.",
      icon: "document",
    },
    {
      title: "Professional Matching",
      text: `You receive a shortlist of 3 to 5 verified professionals ${promise}, each with the reasons they fit you. If fewer fit, we say so rather than pad the list.`,
      icon: "people",
    },
    {
      title: "Personal Contact",
      text: "You ask for an introduction to anyone on your shortlist. Only then do they see your details, and a professional who accepts contacts you the way you prefer.",
      icon: "phone",
    },
  ];
}

/** The three things that happen after a client joins, on /client-welcome. */
export function NextSteps({ promise }: { promise: string }) {
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {stepsFor(promise).map((step, i) => (
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
