import type { Route } from "./+types/press";
import { seo } from "~/platform/seo";
import { PageHero } from "~/features/marketing/page-hero";
import { ChecklistAndCalloutSection, ProseSection, StatSection } from "~/features/marketing/page-sections";
import { pickFigures } from "~/features/marketing/stat-strip";
import { PAGE_FIGURES } from "~/features/marketing/page-figures";
import { Callout } from "~/features/marketing/callout";
import { Logo } from "~/platform/ui/logo";
import { shortlistPromise } from "~/platform/settings";
import { useSiteSettings, telHref } from "~/platform/ui/use-site-settings";
import { EmailText } from "~/platform/ui/email-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Press",
    description:
      "Press information about WealthMatch: company background, key figures, brand guidance and how journalists can reach our media contact.",
    path: "/press",
  });

export default function Press() {
  const settings = useSiteSettings();
  const { email, phone } = settings.contact;
  return (
    <>
      <PageHero
        eyebrow="Press"
        title="Press and media"
        intro={
          <p>
            Background, figures and brand guidance for journalists writing about WealthMatch, and how to reach us for
            comment or an interview.
          </p>
        }
      />

      <ProseSection id="boilerplate-title" eyebrow="About WealthMatch" title="In brief" gap="gap-12">
        <p>
          WealthMatch connects high-net-worth individuals, whom it calls Wealth Creators, with vetted financial
          professionals: wealth managers, private bankers, lawyers, and tax and estate specialists. Clients
          complete a private profile of their objectives, wealth and values; a weighted, explained score, reviewed by
          the WealthMatch team, returns a shortlist of 3 to 5 professionals {shortlistPromise(settings.supportHours)}.
        </p>
        <p>
          Clients use WealthMatch free of charge. Professionals join by application, pass verification of their
          identity, firm, credentials and disciplinary record, and pay a subscription for membership. WealthMatch
          does not provide investment, legal or tax advice. The company is based in {settings.contact.city}.
        </p>
      </ProseSection>

      <StatSection
        id="figures-title"
        tone="white"
        eyebrow="Fact sheet"
        title="Key figures"
        intro="Current figures, which you are welcome to quote."
        label="WealthMatch key figures"
        stats={pickFigures(settings.figures, PAGE_FIGURES["/press"].keys)}
      />

      <ChecklistAndCalloutSection
        id="brand-title"
        eyebrow="Brand"
        title="Using our name and logo"
        items={[
          "Write our name as one word with two capitals: WealthMatch.",
          "Refer to our clients as Wealth Creators, and to advisors in our network as vetted professionals.",
          "Use the logo as supplied, on a plain light or navy background, without recoloring or stretching it.",
          "Please ask us before using the logo in advertising or alongside another brand.",
        ]}
        below={
          <div className="mt-10 grid grid-cols-2 gap-4">
            <div className="flex items-center justify-center rounded-card border border-ink-100 bg-white p-8">
              <Logo />
            </div>
            <div className="flex items-center justify-center rounded-card bg-ink-950 p-8">
              <Logo inverted />
            </div>
          </div>
        }
        aside={
          <Callout id="media-title" title="Media contact">
            <p>
              For interviews, comment or logo files, write to{" "}
              <a href={`mailto:${email}?subject=Media%20enquiry`}><EmailText address={email} /></a> with "Media enquiry" in the subject, or
              call <a href={telHref(phone)}>{phone}</a>. We reply to journalists within 24 hours, and sooner on
              deadline.
            </p>
          </Callout>
        }
      />
    </>
  );
}
