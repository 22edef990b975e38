import type { Route } from "./+types/careers";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { Section, SectionHeading } from "~/features/marketing/section";
import { ChecklistAndCalloutSection, FeatureCardSection } from "~/features/marketing/page-sections";
import { Callout } from "~/features/marketing/callout";
import type { IconName } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import { EmailText } from "~/platform/ui/email-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Careers",
    description:
      "Work at WealthMatch: a small team connecting Wealth Creators with vetted financial professionals. How we work, the teams we are growing and how to apply.",
    path: "/careers",
  });

const VALUES: { icon: IconName; title: string; text: string }[] = [
  { icon: "eye", title: "Discretion by default", text: "We handle information our clients share with very few people. Everyone here treats it that way, in every tool and every conversation." },
  { icon: "compass", title: "Judgement over volume", text: "One right introduction is worth more than ten plausible ones. We measure ourselves by relationships that last." },
  { icon: "document", title: "Plain, exact writing", text: "Our clients are busy and our professionals are precise. We write short, true sentences and we check our numbers." },
];

const TEAMS = [
  { name: "Professional Relations", text: "Verifying and supporting the professionals in our network: credentials, disclosures, profiles and renewals." },
  { name: "Client Experience", text: "Reviewing matches and looking after Wealth Creators from their first profile to their first meeting." },
  { name: "Engineering", text: "Building a fast, accessible, secure service that works on every device, with or without JavaScript." },
  { name: "Compliance and Risk", text: "Keeping our vetting, privacy and security practices ahead of what regulators and clients expect." },
];

export default function Careers() {
  const settings = useSiteSettings();
  const email = settings.contact.email;
  return (
    <>
      <PageHero
        eyebrow="Careers"
        art="colonnade"
        title="Help people find counsel they can trust"
        intro={
          <p>
            WealthMatch is a small team with a large responsibility: introducing people to those who will look after
            their wealth for years. We hire carefully, and a few people join us each year.
          </p>
        }
      />

      <FeatureCardSection id="how-we-work-title" eyebrow="How we work" title="What we ask of each other" cards={VALUES} perRow={3} />

      <Section tone="white" labelledBy="teams-title">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <SectionHeading
              id="teams-title"
              eyebrow="Where we are growing"
              title="Our teams"
              intro="We are always glad to hear from exceptional people in these areas, whether or not a role is open."
            />
          </div>
          <ul className="divide-y divide-ink-100 border-y border-ink-100 lg:col-span-7 lg:col-start-6">
            {TEAMS.map((t) => (
              <li key={t.name} className="grid gap-2 py-6 sm:grid-cols-7 sm:gap-6">
                <h3 className="text-xl font-semibold sm:col-span-3">{t.name}</h3>
                <p className="text-[0.9375rem] leading-relaxed text-slate-600 sm:col-span-4">{t.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <ChecklistAndCalloutSection
        id="apply-title"
        eyebrow="Applying"
        title="How to apply"
        items={[
          <>
            Write to{" "}
            <a className="font-medium underline decoration-gold-500 underline-offset-4" href={`mailto:${email}?subject=Careers`}>
              <EmailText address={email} />
            </a>{" "}
            with "Careers" and the team you are interested in as the subject.
          </>,
          "Include your CV and a few lines on why this work matters to you.",
          "We reply to every application, usually within two weeks.",
          "Interviews are a conversation with the team, then a short piece of work like the work you would do here.",
        ]}
        aside={
          <Callout id="equal-title" title="Equal opportunity">
            <p>
              We hire on ability and character alone, and welcome applications from people of every background. Tell
              us if you need any adjustment to take part in our process, and we will make it.
            </p>
          </Callout>
        }
      />
    </>
  );
}
