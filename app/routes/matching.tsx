import type { Route } from "./+types/matching";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { Section, SectionHeading } from "~/features/marketing/section";
import { Steps } from "~/features/marketing/steps";
import { pickFigures } from "~/features/marketing/stat-strip";
import { PAGE_FIGURES } from "~/features/marketing/page-figures";
import { ChecklistBesideSection, StatSection } from "~/features/marketing/page-sections";
import { CtaBand } from "~/features/marketing/cta-band";
import { Icon, type IconName } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import { shortlistPromise } from "~/platform/settings";
import { FACTOR_LABELS, WEIGHTS, type Factor } from "~/domain/matching-engine";
import { PaidDisclosure } from "~/features/matching/paid-disclosure";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "How Matching Works",
    description:
      "How WealthMatch pairs Wealth Creators with vetted professionals: a private profile, a weighted score on expertise, objectives and values that explains every point, human review, and a shortlist of 3 to 5. Featured status never buys rank.",
    path: "/matching",
  });

function stepsFor(promise: string) {
  return [
    { title: "Your profile", text: "You describe your objectives, the size and sources of your wealth, and how you like to work with advisors." },
    {
      title: "A score that explains itself",
      text: "Every verified professional who serves your country and offers a service for your objectives is scored out of 100, with the reason for each point.",
    },
    { title: "Human review", text: "Our team reviews each proposed match, so that every name on your shortlist is one we would introduce ourselves." },
    {
      title: "Your shortlist",
      text: `You receive 3 to 5 vetted professionals ${promise}, and ask for introductions to those you would like to meet.`,
    },
  ];
}

/** What each factor looks at, in the words of the page (the weights come from the engine itself). */
const FACTOR_WORDS: Record<Factor, string> = {
  objectives: "How many of your objectives their services cover",
  wealthFit: "Their assets under management and typical clients against your net worth",
  wealthSources: "Whether their typical clients share your sources of wealth",
  country: "A named presence in your country, or worldwide service",
  communication: "Whether they work the way you prefer to communicate",
  experience: "Years of experience and certifications relevant to your objectives",
  whatMatters: "How they are paid, impact investing and language, when you tell us",
};

/** A weight once 'What matters' has joined: scaled so that all of them add up to 100 again. */
const ALL_WEIGHTS = (Object.keys(WEIGHTS) as Factor[]).reduce((sum, f) => sum + WEIGHTS[f], 0);
const scaled = (weight: number) => Math.round((1000 * weight) / ALL_WEIGHTS) / 10;

const FACTORS: { icon: IconName; title: string; points: string[] }[] = [
  {
    icon: "compass",
    title: "Values",
    points: ["How you prefer to communicate", "The relationship you expect from an advisor", "What you want your wealth to achieve"],
  },
  {
    icon: "key",
    title: "Expertise",
    points: ["Services offered and specialties", "Certifications and years of experience", "Assets under management and typical clients"],
  },
  {
    icon: "chart",
    title: "Objectives",
    points: ["Preservation, growth, income or tax optimization", "Estate planning and risk management needs", "Net worth range and sources of wealth"],
  },
];

export default function Matching() {
  const settings = useSiteSettings();
  const promise = shortlistPromise(settings.supportHours);
  return (
    <>
      <PageHero
        eyebrow="How Matching Works"
        title="Matched on values, expertise and objectives"
        intro={
          <p>
            A good advisor for someone else may be the wrong advisor for you. Our matching starts from what you need
            and what you believe in, and ends with a shortlist of 3 to 5 vetted professionals {promise}, each with the
            reasons they fit you.
          </p>
        }
        actions={{
          primary: { to: "/register", label: "Start Your Journey" },
          secondary: { to: "/contact", label: "Ask a Question" },
        }}
      />

      <Section labelledBy="process-title">
        <SectionHeading
          id="process-title"
          eyebrow="The process"
          title="From profile to shortlist in four steps"
          intro="A transparent score does the searching; people check the result. You stay in control throughout."
        />
        <div className="mt-14">
          <Steps steps={stepsFor(promise)} />
        </div>
      </Section>

      <Section tone="white" labelledBy="factors-title">
        <SectionHeading
          id="factors-title"
          eyebrow="What we weigh"
          title="Three dimensions of fit"
          intro="Each match is scored on all three. A brilliant specialist in the wrong discipline, or with the wrong approach, does not make your shortlist."
        />
        <ul className="mt-12 grid gap-5 lg:grid-cols-12">
          {FACTORS.map((f) => (
            <li key={f.title} className="rounded-card border border-ink-100 bg-ivory-50 p-7 lg:col-span-4">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gold-400/60 text-gold-700">
                <Icon name={f.icon} />
              </span>
              <h3 className="mt-6 text-2xl font-semibold">{f.title}</h3>
              <ul className="mt-4 space-y-2.5 text-[0.9375rem] leading-relaxed text-slate-600">
                {f.points.map((p) => (
                  <li key={p} className="border-t border-ink-100 pt-2.5 first:border-t-0 first:pt-0">
                    {p}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="score-title">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <SectionHeading
              id="score-title"
              eyebrow="The score"
              title="Weights we publish, never sell"
              intro="Hard filters first: verified, serving your country, offering a service for your objectives, and no disciplinary action left uncleared. Then each factor earns up to its weight, out of 100."
            />
            <p className="mt-6 text-[0.9375rem] leading-relaxed text-slate-600">
              A question you skip leaves its weight out rather than counting against anyone. When you tell us what
              matters to you in an advisor, it adds {WEIGHTS.whatMatters} points and every weight is scaled back to 100:
              your objectives, for instance, then count for up to {scaled(WEIGHTS.objectives)} points rather than{" "}
              {WEIGHTS.objectives}. Our team sees each factor&apos;s points, and they add up to the score.
            </p>
            <p className="mt-4 text-[0.9375rem] font-medium leading-relaxed text-ink-900">
              Featured status never buys rank: the score does not read it, and ties are broken by objectives covered,
              then experience. At most one professional per firm makes your shortlist.
            </p>
            <PaidDisclosure className="mt-6" />
          </div>
          <div className="lg:col-span-6 lg:col-start-7">
            <table className="w-full border-collapse text-left text-[0.9375rem]">
              <caption className="sr-only">Matching factors and their weights</caption>
              <thead>
                <tr className="border-b border-ink-200 text-xs uppercase tracking-[0.14em] text-slate-600">
                  <th scope="col" className="py-3 pr-4 font-semibold">Factor</th>
                  <th scope="col" className="py-3 text-right font-semibold">Weight</th>
                </tr>
              </thead>
              <tbody>
                {(Object.keys(FACTOR_WORDS) as Factor[]).map((factor) => (
                  <tr key={factor} className="border-b border-ink-100 align-top">
                    <th scope="row" className="py-3 pr-4 font-normal">
                      <span className="block font-semibold text-ink-900">{FACTOR_LABELS[factor]}</span>
                      <span className="block text-slate-600">{FACTOR_WORDS[factor]}</span>
                    </th>
                    <td data-factor={factor} className="py-3 text-right font-serif text-xl font-semibold tabular-nums text-ink-900">
                      {factor === "whatMatters" ? `+${WEIGHTS[factor]}` : WEIGHTS[factor]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </Section>

      <ChecklistBesideSection
        id="promises-title"
        tone="white"
        eyebrow="Our commitments"
        title="What we will always do, and never do"
        items={[
          "Show your profile to a professional only after you ask for an introduction to them",
          "Put only verified professionals on your shortlist",
          "Leave the choice of whom to meet, and whether to engage, entirely to you",
          "Never sell your information or show it to advertisers",
          "Never charge you: professionals pay a subscription, clients use WealthMatch free",
        ]}
      />

      <StatSection
        id="outcomes-title"
        tone="ivory"
        eyebrow="Outcomes"
        title="Matches that become relationships"
        label="WealthMatch matching outcomes"
        stats={pickFigures(settings.figures, PAGE_FIGURES["/matching"].keys)}
      />

      <CtaBand
        id="matching-cta"
        eyebrow="Begin"
        title="See who fits you."
        text={`Create your private profile in minutes. Your shortlist of 3 to 5 vetted professionals follows ${promise}.`}
        primary={{ to: "/register", label: "Start Your Journey" }}
        secondary={{ to: "/contact", label: "Contact Us" }}
      />
    </>
  );
}
