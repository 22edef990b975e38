import type { Route } from "./+types/security";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { Section, SectionHeading } from "~/features/marketing/section";
import { ChecklistAndCalloutSection, FeatureCardSection } from "~/features/marketing/page-sections";
import { Callout } from "~/features/marketing/callout";
import { ArrowLink } from "~/features/marketing/links";
import type { IconName } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import { EmailText } from "~/platform/ui/email-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Security & Privacy",
    description:
      "How WealthMatch protects client and professional information: encrypted connections, hashed passwords, revocable sessions, limited access, no third-party trackers, and how to report a vulnerability.",
    path: "/security",
  });

const PRACTICES: { icon: IconName; title: string; text: string }[] = [
  { icon: "lock", title: "Encrypted connections", text: "Every page and form is served over an encrypted connection, and browsers are told never to fall back to an unencrypted one." },
  { icon: "key", title: "Passwords never stored", text: "We keep only a salted, deliberately slow one-way hash of your password. No one at WealthMatch can read it." },
  { icon: "clock", title: "Sessions you control", text: "Sessions live on our server. Signing out, or resetting your password, ends them at once, on every device." },
  { icon: "shield", title: "Limits on guessing", text: "Repeated sign-in attempts are slowed and then refused, and a wrong password gives no hint about which accounts exist." },
  { icon: "people", title: "Least access", text: "A client profile is seen only by matched, verified professionals and by our administrators. Every request is checked on our servers." },
  { icon: "document", title: "A record of what matters", text: "Sign-ins, failed attempts, password resets and suspicious activity are recorded, so that we can spot and investigate misuse." },
  { icon: "eye", title: "No trackers", text: "No analytics, advertising or social scripts, and no fonts or files loaded from other sites. A strict content policy enforces it." },
  { icon: "building", title: "Checked on the server", text: "Every form is validated and every permission enforced by our servers, not by the page in your browser." },
];

export default function Security() {
  const settings = useSiteSettings();
  const support = settings.support.email;
  return (
    <>
      <PageHero
        eyebrow="Security & Privacy"
        title="Discretion, built in"
        intro={
          <p>
            Our clients trust us with a description of their wealth and their plans; our professionals trust us with
            their reputations. This is how we protect both.
          </p>
        }
      />

      <FeatureCardSection
        id="practices-title"
        eyebrow="How we protect your information"
        title="Eight practices, applied everywhere"
        cards={PRACTICES}
        perRow={4}
      />

      <Section tone="white" labelledBy="access-title">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <SectionHeading
              id="access-title"
              eyebrow="Who sees what"
              title="Your profile has a short guest list"
              intro="Access follows the purpose of the service, and nothing more."
            />
            <div className="mt-8">
              <ArrowLink to="/privacy">Read our Privacy Policy</ArrowLink>
            </div>
          </div>
          <dl className="divide-y divide-ink-100 rounded-card border border-ink-100 lg:col-span-6 lg:col-start-7">
            {[
              ["Your wealth profile", "Verified professionals who match your criteria, and WealthMatch administrators."],
              ["Your password", "No one. We store only a one-way hash."],
              ["A professional's profile", "The clients they are matched with, and WealthMatch administrators."],
              ["Your messages to us", "WealthMatch administrators, to answer them."],
              ["Advertisers and data brokers", "Nothing, ever."],
            ].map(([term, detail]) => (
              <div key={term} className="grid gap-1 px-6 py-5 sm:grid-cols-5 sm:gap-6">
                <dt className="font-medium text-ink-900 sm:col-span-2">{term}</dt>
                <dd className="text-[0.9375rem] leading-relaxed text-slate-600 sm:col-span-3">{detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <ChecklistAndCalloutSection
        id="you-title"
        eyebrow="Your part"
        title="Keeping your account safe"
        items={[
          "We will never ask for your password by email, phone or message.",
          "Use a long password that you use nowhere else.",
          "Sign out on shared devices, and leave 'Remember me' unticked there.",
          "Check that the address bar shows our site before you sign in.",
          `If something looks wrong, write to ${support} at once.`,
        ]}
        aside={
          <Callout id="disclosure-title" title="Reporting a vulnerability">
            <p>
              If you believe you have found a security weakness in WealthMatch, please write to{" "}
              <a href={`mailto:${support}?subject=Security%20report`}><EmailText address={support} /></a> with "Security report" in the
              subject and enough detail for us to reproduce it.
            </p>
            <p className="mt-3">
              We acknowledge reports within 24 hours and keep you informed while we fix them. Please do not access
              other people's information, disrupt the service or make the issue public before it is fixed; research
              done in that spirit is welcome.
            </p>
          </Callout>
        }
      />
    </>
  );
}
