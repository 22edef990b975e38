import type { Route } from "./+types/professionals";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { Section, SectionHeading } from "~/features/marketing/section";
import { ChecklistBesideSection, FeatureCardSection, StatSection } from "~/features/marketing/page-sections";
import { Steps } from "~/features/marketing/steps";
import { pickFigures } from "~/features/marketing/stat-strip";
import { PAGE_FIGURES } from "~/features/marketing/page-figures";
import { CtaBand } from "~/features/marketing/cta-band";
import { ArrowLink } from "~/features/marketing/links";
import { Callout } from "~/features/marketing/callout";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import { publicPlansLoader } from "~/features/billing/plan-status.server";
import { PublicPlans } from "~/features/billing/plan-cards";
import { HOW_WE_ARE_PAID_PATH, HOW_WE_ARE_PAID_TITLE } from "~/features/matching/how-we-are-paid";

export const loader = () => publicPlansLoader();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "For Financial Professionals",
    description:
      "Join the WealthMatch network of vetted wealth managers, private bankers, lawyers and tax and estate specialists, and meet Wealth Creators whose values and needs match your practice.",
    path: "/professionals",
  });

const BENEFITS = [
  {
    icon: "people",
    title: "Aligned introductions",
    text: "Meet clients whose objectives, wealth and values match your expertise, not whoever clicked first.",
  },
  {
    icon: "shield",
    title: "A verified profile",
    text: "Your listing carries our verification, a signal to discerning clients that you have met our standards.",
  },
  {
    icon: "clock",
    title: "Time well spent",
    text: "Every introduction arrives with the client's profile, so the first meeting starts where it should.",
  },
  {
    icon: "lock",
    title: "Discretion both ways",
    text: "Clients see professionals who match them; your details are never published to a public directory.",
  },
] as const;

const STEPS = [
  { title: "Apply", text: "Create your account as a Financial Professional and tell us about your firm, experience, credentials and services." },
  { title: "Verification", text: "Our team checks your identity, firm, credentials and disclosures before your profile is visible to anyone." },
  { title: "Go live", text: "Once verified, your profile enters our matching, with the specialties and client profiles you serve." },
  { title: "Meet clients", text: "You are introduced to Wealth Creators who have chosen you from their shortlist, ready for a first conversation." },
] as const;

export default function Professionals({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { plans } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="For Professionals"
        art="colonnade"
        title="A network defined by its standards"
        intro={
          <p>
            WealthMatch introduces vetted wealth managers, private bankers, lawyers and tax and estate specialists to
            Wealth Creators who are looking for exactly what they offer. Membership is by application and
            verification.
          </p>
        }
        actions={{
          primary: { to: "/register?type=professional", label: "Join Our Network" },
          secondary: { to: "/contact", label: "Talk to Our Team" },
        }}
      />

      <FeatureCardSection
        id="benefits-title"
        eyebrow="Why professionals join"
        title="Fewer, better conversations"
        intro="Our clients arrive having described their needs and values in detail. You meet people who have already chosen you."
        cards={BENEFITS}
        perRow={4}
      />

      <ChecklistBesideSection
        id="standards-title"
        tone="white"
        eyebrow="Our standards"
        title="Who we accept"
        intro="We verify every professional before a client sees their name, and we review profiles regularly after that."
        items={[
          "A minimum of 3 years of professional experience",
          "Recognised credentials where your discipline requires them, such as CFA, CFP, CPA, ChFC, CIMA or admission to the bar",
          "A verifiable firm, or an established independent practice",
          "Full disclosure of any disciplinary action, with details",
          "A commitment to act in your clients' best interests and to respond to introductions promptly",
        ]}
      />

      <Section labelledBy="membership-title">
        <SectionHeading id="membership-title" eyebrow="How membership works" title="From application to first introduction" />
        <div className="mt-14">
          <Steps steps={STEPS} />
        </div>
      </Section>

      <StatSection
        id="network-title"
        tone="ivory"
        eyebrow="The network today"
        title="Professionals stay because it works"
        label="WealthMatch network figures"
        withoutFigures={{ eyebrow: "Membership", title: "Paid for by professionals, free for clients" }}
        stats={pickFigures(settings.figures, PAGE_FIGURES["/professionals"].keys)}
      >
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <Callout id="subscription-title" title="Membership by subscription">
            <p>
              Professionals pay a subscription to be part of the WealthMatch network; clients use the service free of
              charge. It buys a place in matching, never a higher score or a better place on a shortlist, and clients
              are told so with every recommendation: <a href={HOW_WE_ARE_PAID_PATH}>{HOW_WE_ARE_PAID_TITLE}</a>.{" "}
              {plans.length ? (
                <a href="#pricing-heading">See the plans and prices</a>
              ) : (
                <>
                  We share current pricing with every applicant before they commit. <a href="/contact">Contact our team</a> for details.
                </>
              )}
            </p>
          </Callout>
          <Callout id="clients-title" title="Looking for an advisor yourself?">
            <p>Wealth Creators can find vetted professionals through our client service, free of charge.</p>
            <p className="mt-4">
              <ArrowLink to="/services">Services for Wealth Creators</ArrowLink>
            </p>
          </Callout>
        </div>
      </StatSection>

      <PublicPlans plans={plans} />

      <CtaBand
        id="professionals-cta"
        eyebrow="Apply"
        title="Meet clients who have already chosen you."
        text="Apply in a few minutes. Our team reviews every application and will be in touch about verification."
        primary={{ to: "/register?type=professional", label: "Join Our Network" }}
        secondary={{ to: "/contact", label: "Contact Us" }}
      />
    </>
  );
}
