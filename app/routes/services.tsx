import type { Route } from "./+types/services";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { Section, SectionHeading } from "~/features/marketing/section";
import { CheckList, FeatureCard } from "~/features/marketing/cards";
import { StatStrip, pickFigures } from "~/features/marketing/stat-strip";
import { PAGE_FIGURES } from "~/features/marketing/page-figures";
import { CtaBand } from "~/features/marketing/cta-band";
import { ArrowLink } from "~/features/marketing/links";
import type { IconName } from "~/platform/ui/icons";
import { shortlistPromise } from "~/platform/settings";
import { useSiteSettings } from "~/platform/ui/use-site-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Services for Wealth Creators",
    description:
      "Reach vetted wealth managers, private bankers, lawyers and tax and estate specialists through WealthMatch. A reviewed shortlist of 3 to 5 professionals, free for clients.",
    path: "/services",
  });

const DISCIPLINES: { icon: IconName; title: string; text: string }[] = [
  { icon: "chart", title: "Investment Management", text: "Discretionary and advisory portfolio management aligned with your objectives and your tolerance for risk." },
  { icon: "document", title: "Tax Planning", text: "Structuring income, gains and transactions across jurisdictions, before decisions are made rather than after." },
  { icon: "key", title: "Estate Planning", text: "Wills, trusts and succession arrangements that carry your intentions to the next generation." },
  { icon: "clock", title: "Retirement Planning", text: "Income you can rely on, from a liquidity event, a pension or a portfolio built over decades." },
  { icon: "shield", title: "Risk Management", text: "Insurance, concentration and liability reviews that protect what you have already built." },
  { icon: "building", title: "Private Banking", text: "Lending, custody and banking relationships sized for complex and international balance sheets." },
  { icon: "people", title: "Family Office Services", text: "Governance, reporting and coordination for families whose affairs need a dedicated office." },
  { icon: "scale", title: "Legal Services", text: "Counsel on transactions, structures, cross-border matters and the protection of family assets." },
];

const WHO = ["Founders and entrepreneurs", "Technology executives", "Families and family offices", "High-net-worth individuals", "Those approaching or in retirement"];

export default function Services() {
  const settings = useSiteSettings();
  const figures = pickFigures(settings.figures, PAGE_FIGURES["/services"].keys);
  return (
    <>
      <PageHero
        eyebrow="For Wealth Creators"
        title="Counsel for every part of your wealth"
        intro={
          <p>
            WealthMatch gives you access to vetted professionals across every discipline a complex balance sheet
            needs. You tell us what matters; we introduce the people who fit. For clients, the service is free.
          </p>
        }
        actions={{
          primary: { to: "/register", label: "Find Your Professional" },
          secondary: { to: "/matching", label: "How Matching Works" },
        }}
      />

      <Section labelledBy="disciplines-title">
        <SectionHeading
          id="disciplines-title"
          eyebrow="The expertise in our network"
          title="Eight disciplines, one considered introduction"
          intro="Every professional in our network is verified before a client ever sees their name. Many clients work with two or three of them together."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-12">
          {DISCIPLINES.map((d) => (
            <li key={d.title} className="lg:col-span-3">
              <FeatureCard icon={d.icon} title={d.title}>
                {d.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="white" labelledBy="includes-title">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <SectionHeading
              id="includes-title"
              eyebrow="What the service includes"
              title="A shortlist, not a directory"
              intro="Instead of searching a directory of profiles, you receive a small number of introductions chosen for you."
            />
            <div className="mt-8">
              <ArrowLink to="/matching">See how matching works</ArrowLink>
            </div>
          </div>
          <div className="lg:col-span-6 lg:col-start-7">
            <CheckList
              items={[
                "A private profile of your objectives, your wealth and what you expect from an advisor",
                "An explained score on values, expertise and objectives, reviewed by our team",
                `A shortlist of 3 to 5 vetted professionals ${shortlistPromise(settings.supportHours)}`,
                "Introductions at your pace: you decide whom to meet, and when",
                "No fee and no obligation to engage anyone we introduce",
                "A new shortlist whenever your circumstances change",
              ]}
            />
            <div className="mt-10 rounded-card border border-ink-100 bg-ivory-50 p-6">
              <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">Who we serve</h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {WHO.map((w) => (
                  <li key={w} className="rounded-full border border-ink-200 bg-white px-3.5 py-1.5 text-sm text-ink-800">
                    {w}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </Section>

      <Section labelledBy={figures.length ? "figures-title" : "for-professionals-title"}>
        {figures.length ? (
          <>
            <SectionHeading id="figures-title" eyebrow="By the numbers" title="A network clients return to" />
            <div className="mt-10 mb-12">
              <StatStrip label="WealthMatch client figures" stats={figures} />
            </div>
          </>
        ) : null}
        <div className="flex flex-col gap-4 rounded-card border border-ink-100 bg-white p-7 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h3 id="for-professionals-title" className="text-xl font-semibold">Are you a financial professional?</h3>
            <p className="mt-1 text-[0.9375rem] text-slate-600">Learn how vetted professionals join our network and meet aligned clients.</p>
          </div>
          <ArrowLink to="/professionals">For professionals</ArrowLink>
        </div>
      </Section>

      <CtaBand
        id="services-cta"
        eyebrow="Begin"
        title="Tell us what matters. We will find who fits."
        text={`Your profile takes a few minutes. Your shortlist of vetted professionals follows ${shortlistPromise(settings.supportHours)}, at no cost to you.`}
        primary={{ to: "/register", label: "Start Your Journey" }}
        secondary={{ to: "/matching", label: "How Matching Works" }}
      />
    </>
  );
}
