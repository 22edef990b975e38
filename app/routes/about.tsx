import type { Route } from "./+types/about";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { FeatureCardSection, ProseSection, StatSection } from "~/features/marketing/page-sections";
import { pickFigures } from "~/features/marketing/stat-strip";
import { PAGE_FIGURES } from "~/features/marketing/page-figures";
import { CtaBand } from "~/features/marketing/cta-band";
import { Callout } from "~/features/marketing/callout";
import { shortlistPromise } from "~/platform/settings";
import { useSiteSettings } from "~/platform/ui/use-site-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About Us",
    description:
      "WealthMatch introduces Wealth Creators to vetted financial professionals who share their values. Learn who we are, how we work and how we are paid.",
    path: "/about",
  });

const PRINCIPLES = [
  {
    icon: "eye",
    title: "Discretion",
    text: "A client's profile is seen only by verified professionals who match it, and by no one else outside our team.",
  },
  {
    icon: "scale",
    title: "Independence",
    text: "We do not manage money or sell financial products. Our only task is the quality of the match.",
  },
  {
    icon: "shield",
    title: "Rigour",
    text: "Every professional is verified before listing: identity, firm, credentials, experience and disciplinary history.",
  },
  {
    icon: "compass",
    title: "Alignment",
    text: "Good advice depends on shared values as much as on skill. We match on both, and we ask about both.",
  },
] as const;

export default function About() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow="About WealthMatch"
        art="colonnade"
        title="The most important introductions, made well"
        intro={
          <p>
            People who have built or inherited significant wealth rarely lack for offers of advice. What they lack is
            a trustworthy way to find the few professionals whose expertise and values fit their own. That is the
            only thing we do.
          </p>
        }
      />

      <ProseSection id="story-title" eyebrow="Our story" title="Why we started" gap="gap-10">
        <p>
          Most wealthy families find their advisors the way they always have: through a friend, a banker who was
          already there, or the firm with the most persuasive pitch. Sometimes that works. Often it leaves a
          founder after an exit, or an heir facing an estate, with advice that does not fit how they think about
          money, risk or responsibility.
        </p>
        <p>
          WealthMatch was built to change that. A client describes their objectives, the shape of their wealth
          and what they expect from an advisor. A weighted score, which explains every point, compares that profile with a network of
          vetted wealth managers, private bankers, lawyers and tax and estate specialists, and our team reviews
          the result. The client receives a shortlist of 3 to 5 professionals {shortlistPromise(settings.supportHours)}, and decides
          whom to ask for an introduction.
        </p>
        <p>
          For professionals, the same process means fewer, better conversations: with clients who already know
          that their philosophies fit.
        </p>
      </ProseSection>

      <FeatureCardSection
        id="principles-title"
        tone="white"
        eyebrow="What we stand for"
        title="Four principles we do not trade away"
        cards={PRINCIPLES}
        perRow={4}
      />

      <StatSection
        id="record-title"
        eyebrow="Our record"
        title="Relationships that last"
        intro="What matters is not how many introductions we make, but how many become long-term relationships."
        label="WealthMatch track record"
        withoutFigures={{ eyebrow: "Plainly put", title: "How we are paid, and what we are not" }}
        stats={pickFigures(settings.figures, PAGE_FIGURES["/about"].keys)}
      >
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <Callout id="paid-title" title="How we are paid">
            <p>
              Wealth Creators use WealthMatch free of charge. Professionals pay a subscription to be part of our
              network. Our revenue comes from those subscriptions, never from clients, and never depends on whom a
              client chooses.
            </p>
          </Callout>
          <Callout id="advice-title" title="What we are not">
            <p>
              WealthMatch is a matching service. We do not provide investment, legal or tax advice, and we do not
              hold or manage client assets. Advice comes from the professionals you choose to engage.
            </p>
          </Callout>
        </div>
      </StatSection>

      <CtaBand
        id="about-cta"
        eyebrow="Get in touch"
        title="We would be glad to hear from you."
        text="Whether you are looking for counsel or would like to join our network, our team replies within 24 hours."
        primary={{ to: "/contact", label: "Contact Us" }}
        secondary={{ to: "/services", label: "Explore Our Services" }}
      />
    </>
  );
}
