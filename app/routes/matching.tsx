import type { Route } from "./+types/matching";
import { seo } from "~/seo/meta";
import { PageHero } from "~/components/marketing/page-hero";
import { Section, SectionHeading } from "~/components/marketing/section";
import { CheckList } from "~/components/marketing/cards";
import { Steps } from "~/components/marketing/steps";
import { StatStrip, pickStats } from "~/components/marketing/stat-strip";
import { CtaBand } from "~/components/marketing/cta-band";
import { CtaLink } from "~/components/marketing/links";
import { Icon, type IconName } from "~/components/marketing/icons";
import { useSiteSettings } from "~/components/marketing/use-site-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "How Matching Works",
    description:
      "How WealthMatch pairs Wealth Creators with vetted professionals: a private profile, AI-powered matching on values, expertise and objectives, human review, and a shortlist of 3-5 within 24 hours.",
    path: "/matching",
  });

const STEPS = [
  { title: "Your profile", text: "You describe your objectives, the size and sources of your wealth, and how you like to work with advisors." },
  { title: "AI-powered matching", text: "Our matching compares your profile with every verified professional's expertise, experience and client focus." },
  { title: "Human review", text: "Our team reviews each proposed match, so that every name on your shortlist is one we would introduce ourselves." },
  { title: "Your shortlist", text: "Within 24 hours you receive 3-5 vetted professionals, and you decide whom you would like to meet." },
] as const;

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
    points: ["Preservation, growth, income or tax optimisation", "Estate planning and risk management needs", "Net worth range and sources of wealth"],
  },
];

export default function Matching() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow="How Matching Works"
        title="Matched on values, expertise and objectives"
        intro={
          <p>
            A good advisor for someone else may be the wrong advisor for you. Our matching starts from what you need
            and what you believe in, and ends with a shortlist of 3-5 vetted professionals within 24 hours.
          </p>
        }
        actions={
          <>
            <CtaLink to="/register">Start Your Journey</CtaLink>
            <CtaLink to="/contact" variant="secondary">
              Ask a Question
            </CtaLink>
          </>
        }
      />

      <Section labelledBy="process-title">
        <SectionHeading
          id="process-title"
          eyebrow="The process"
          title="From profile to shortlist in four steps"
          intro="Technology does the searching; people check the result. You stay in control throughout."
        />
        <div className="mt-14">
          <Steps steps={STEPS} />
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

      <Section labelledBy="promises-title">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <SectionHeading
              id="promises-title"
              eyebrow="Our commitments"
              title="What we will always do, and never do"
            />
          </div>
          <div className="lg:col-span-6 lg:col-start-7">
            <CheckList
              items={[
                "Share your profile only with verified professionals who match your criteria",
                "Put only verified professionals on your shortlist",
                "Leave the choice of whom to meet, and whether to engage, entirely to you",
                "Never sell your information or show it to advertisers",
                "Never charge you: professionals pay a subscription, clients use WealthMatch free",
              ]}
            />
          </div>
        </div>
      </Section>

      <Section tone="ivory" labelledBy="outcomes-title">
        <SectionHeading id="outcomes-title" eyebrow="Outcomes" title="Matches that become relationships" />
        <div className="mt-10">
          <StatStrip
            label="WealthMatch matching outcomes"
            stats={pickStats(settings.marketingStats, ["matches", "longTermRelationships", "satisfaction", "vettedProfessionals"])}
          />
        </div>
      </Section>

      <CtaBand
        id="matching-cta"
        eyebrow="Begin"
        title="See who fits you."
        text="Create your private profile in minutes. Your shortlist of 3-5 vetted professionals follows within 24 hours."
        actions={
          <>
            <CtaLink to="/register" variant="gold">
              Start Your Journey
            </CtaLink>
            <CtaLink to="/contact" variant="outline-light">
              Contact Us
            </CtaLink>
          </>
        }
      />
    </>
  );
}
