import type { Route } from "./+types/home";
import { seo, SITE_NAME } from "~/platform/seo";
import { HomeHero } from "~/features/marketing/home-hero";
import { StatStrip, pickFigures } from "~/features/marketing/stat-strip";
import { PAGE_FIGURES } from "~/features/marketing/page-figures";
import { shortlistPromise } from "~/platform/settings";
import { Section, SectionHeading, Eyebrow } from "~/features/marketing/section";
import { CheckList } from "~/features/marketing/cards";
import { Steps } from "~/features/marketing/steps";
import { Testimonials } from "~/features/marketing/testimonials";
import { ContactBlock } from "~/features/marketing/contact-block";
import { CtaBand } from "~/features/marketing/cta-band";
import { CtaLink } from "~/features/marketing/links";
import { Icon } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/ui/use-site-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `${SITE_NAME} | Vetted Financial Professionals Who Share Your Values`,
    description:
      "WealthMatch connects Wealth Creators with vetted wealth managers, private bankers, lawyers and tax and estate specialists. Matching that explains itself, a reviewed shortlist of 3 to 5 professionals, free for clients.",
    path: "/",
  });

const STEPS = [
  {
    title: "Define Your Values",
    text: "Build a private profile: your objectives, the shape of your wealth, and what you expect from the people who advise you.",
  },
  {
    title: "Explained Matching",
    text: "Every verified professional is scored on your objectives, wealth and values, with the reason for each point, and our team reviews every shortlist.",
  },
  {
    title: "Build Relationships",
    text: "Ask for introductions to the professionals on your shortlist of 3 to 5, on your terms: only then do they see your profile.",
  },
] as const;

const TESTIMONIALS = [
  {
    quote:
      "After the sale of my company I needed tax, estate and investment advice that worked together. Within a day I had three people who understood that, and who understood me.",
    name: "Founder and Chairman",
    role: "Software company, San Francisco",
  },
  {
    quote:
      "What I valued most was the discretion. My profile was seen by a handful of verified advisors, not a sales floor, and every one of them had done their homework.",
    name: "Third-generation family principal",
    role: "Single family office, New York",
  },
  {
    quote:
      "As an independent advisor, the introductions are simply better aligned. The clients I meet through WealthMatch have already decided that our philosophies fit.",
    name: "Partner, CFA",
    role: "Independent wealth management firm, Chicago",
  },
] as const;

export default function Home() {
  const settings = useSiteSettings();
  const promise = shortlistPromise(settings.supportHours);
  // Only the figures the database or an admin's dated, sourced value backs; none, no strip.
  const figures = pickFigures(settings.figures, PAGE_FIGURES["/"].keys);
  return (
    <>
      <HomeHero />

      {figures.length ? (
        <section aria-label="WealthMatch in figures" className="border-b border-ink-100 bg-ivory-50">
          <div className="mx-auto max-w-6xl px-6 py-12 sm:py-14">
            <StatStrip stats={figures} label="WealthMatch in figures" />
          </div>
        </section>
      ) : null}

      <Section labelledBy="paths-title">
        <SectionHeading
          id="paths-title"
          eyebrow="Two sides of one relationship"
          title="Built for those who create wealth, and those who care for it"
          intro="Wealth Creators use WealthMatch free of charge. Professionals join our network by subscription, after we have verified who they are and how they work."
        />
        <div className="mt-12 grid gap-6 md:grid-cols-12">
          <article aria-labelledby="path-clients" className="flex flex-col rounded-card border border-ink-100 bg-white p-8 sm:p-10 md:col-span-6">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gold-400/60 text-gold-700">
              <Icon name="compass" />
            </span>
            <Eyebrow className="mt-7">For clients</Eyebrow>
            <h3 id="path-clients" className="mt-2 text-3xl font-semibold">Wealth Creators</h3>
            <p className="mt-4 text-base leading-relaxed text-slate-600">
              Founders, executives, heirs and families with complex affairs. Tell us once what you need and what you
              believe in; we find the professionals who fit.
            </p>
            <div className="mt-6 flex-1">
              <CheckList
                items={[
                  `A shortlist of 3 to 5 vetted professionals ${promise}`,
                  "Matched on values, expertise and objectives",
                  "Free of charge, with no obligation to engage",
                ]}
              />
            </div>
            <div className="mt-9">
              <CtaLink to="/register">Find Your Professional</CtaLink>
            </div>
          </article>
          <article aria-labelledby="path-professionals" className="flex flex-col rounded-card bg-ink-900 p-8 text-ivory-50 sm:p-10 md:col-span-6">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gold-300/50 text-gold-300">
              <Icon name="building" />
            </span>
            <Eyebrow tone="dark" className="mt-7">For professionals</Eyebrow>
            <h3 id="path-professionals" className="mt-2 text-3xl font-semibold text-ivory-50">Professionals</h3>
            <p className="mt-4 text-base leading-relaxed text-ink-200">
              Wealth managers, private bankers, lawyers, tax and estate specialists. Meet clients who have chosen you for
              how you work, not only for what you charge.
            </p>
            <div className="mt-6 flex-1">
              <CheckList
                tone="dark"
                items={[
                  "Introductions to clients whose needs match your expertise",
                  "A verified profile that signals your standards",
                  "A simple subscription, while clients join free",
                ]}
              />
            </div>
            <div className="mt-9">
              <CtaLink to="/register?type=professional" variant="gold">
                Join Our Network
              </CtaLink>
            </div>
          </article>
        </div>
      </Section>

      <Section tone="white" labelledBy="how-title">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="Three steps to the right counsel"
          intro="A considered process, not a directory. You stay in control of who sees your profile and whom you meet."
        />
        <div className="mt-14">
          <Steps steps={STEPS} />
        </div>
      </Section>

      <Section labelledBy="testimonials-title">
        <SectionHeading
          id="testimonials-title"
          eyebrow="In their words"
          title="Trusted by people who choose carefully"
          intro="Our clients value discretion, so we name roles rather than people."
        />
        <div className="mt-12">
          <Testimonials items={TESTIMONIALS} />
        </div>
      </Section>

      <Section tone="ivory" labelledBy="contact-title">
        <div className="grid gap-10 lg:grid-cols-12 lg:items-center">
          <div className="lg:col-span-5">
            <SectionHeading
              id="contact-title"
              eyebrow="Speak with us"
              title="A conversation before a commitment"
              intro="Questions about how matching works, or whether it suits your situation? Our team replies within 24 hours."
            />
          </div>
          <div className="lg:col-span-6 lg:col-start-7">
            <ContactBlock contact={settings.contact} />
          </div>
        </div>
      </Section>

      <CtaBand
        id="cta-title"
        eyebrow="Begin"
        title="Your wealth deserves advisors who understand it."
        text={`Create your private profile in minutes. Your shortlist of 3 to 5 vetted professionals follows ${promise}.`}
        primary={{ to: "/register", label: "Get Started Now" }}
        secondary={{ to: "/about", label: "About WealthMatch" }}
      />
    </>
  );
}
