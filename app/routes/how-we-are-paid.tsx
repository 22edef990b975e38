import { Link } from "react-router";
import type { Route } from "./+types/how-we-are-paid";
import { seo } from "~/platform/seo";
import { LegalPage, type LegalSection } from "~/features/marketing/legal-page";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import type { PageSettings } from "~/platform/settings";
import { EmailText } from "~/platform/ui/email-text";
import { FACTOR_LABELS, WEIGHTS, type Factor } from "~/domain/matching-engine";
import { VETTING_ITEMS, checkedItemsWords } from "~/domain/vetting";
import { HOW_WE_ARE_PAID_PATH, HOW_WE_ARE_PAID_TITLE } from "~/features/matching/how-we-are-paid";
import { billingSetupLoader } from "~/features/billing/plan-status.server";

/** Whether this site takes the subscriptions (billing on) or our team arranges membership (billing off). */
export const loader = () => billingSetupLoader();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: HOW_WE_ARE_PAID_TITLE,
    description:
      "Clients pay nothing; professionals pay WealthMatch for their membership. What it buys, what it never buys (a higher score, a better place, verification) and how we handle the conflict.",
    path: HOW_WE_ARE_PAID_PATH,
  });

// Every sentence below is what the code does (app/features/matching/shortlists.data.server.ts,
// app/domain/matching-engine.ts, app/features/billing): change one and the other together. With billing
// on (STRIPE_SECRET_KEY set) the site takes subscriptions through Stripe and matching reads them; with it
// off our team arranges membership outside the site and matching never reads it (docs/decisions/041).
function sections(settings: Pick<PageSettings, "support">, billing: boolean): LegalSection[] {
  const support = settings.support.email;
  const paid = billing ? "plan" : "membership";
  const factors = Object.keys(WEIGHTS) as Factor[];
  return [
    {
      id: "clients",
      title: "What clients pay",
      body: (
        <p>
          Nothing. Your profile, your shortlist, introductions, messages and booking a first call are free. Any fee you
          agree with a professional is between you and them (see our <Link to="/terms">Terms of Service</Link>).
        </p>
      ),
    },
    {
      id: "professionals",
      title: "What professionals pay",
      body: (
        <>
          {billing ? (
            <p>
              A subscription, monthly or yearly, paid through Stripe. The plans and their prices are on our page{" "}
              <Link to="/professionals">For Professionals</Link>.
            </p>
          ) : (
            <p>
              A membership fee, agreed with each professional directly by our team. It is not paid on this site, which
              takes no payments and keeps no card details. Professionals can ask our team for the current terms through
              our <Link to="/contact">contact page</Link>.
            </p>
          )}
          <p>
            There is no fee per introduction, per client or per meeting: a professional pays the same whether or not
            anyone asks to meet them, and WealthMatch earns nothing more when you ask.
          </p>
        </>
      ),
    },
    {
      id: "buys",
      title: billing ? "What the subscription buys" : "What membership buys",
      body: billing ? (
        <>
          <p>A place in matching, and nothing more. A professional is considered for your shortlist only when all of these hold:</p>
          <ul>
            <li>our team has verified them, and that verification (it lasts twelve months) is current;</li>
            <li>
              their subscription is paid or, after a failed payment that Stripe is still retrying, they are within a short
              grace period our team sets;
            </li>
            <li>they serve your country and offer a service for at least one of your objectives;</li>
            <li>they have no disclosed disciplinary matter that our team has not cleared.</li>
          </ul>
          <p>
            When a subscription ends, that professional is no longer put on new shortlists. Someone already on a
            shortlist you have received stays on it, and you can still ask for an introduction to them.
          </p>
        </>
      ) : (
        <>
          <p>
            Membership of our network, and nothing in matching. Matching does not read whether or what a professional
            pays. A professional is considered for your shortlist only when all of these hold:
          </p>
          <ul>
            <li>our team has verified them, and that verification (it lasts twelve months) is current;</li>
            <li>they serve your country and offer a service for at least one of your objectives;</li>
            <li>they have no disclosed disciplinary matter that our team has not cleared.</li>
          </ul>
        </>
      ),
    },
    {
      id: "never-buys",
      title: "What it never buys",
      body: (
        <>
          <p>
            <strong>A higher score or a better place.</strong> The score reads your answers and the professional&apos;s
            practice, nothing else: not their {paid}, its price, when they paid, or whether they are featured. Every{" "}
            {paid} is treated the same. Each factor earns up to its published weight, out of 100:
          </p>
          <ul>
            {factors.map((f) => (
              <li key={f}>
                {FACTOR_LABELS[f]}: {f === "whatMatters" ? `${WEIGHTS[f]} more when you tell us, all weights then scaled back to 100` : WEIGHTS[f]}
              </li>
            ))}
          </ul>
          <p>
            Ties are broken by how many of your objectives they cover, then by experience. What each factor looks at is
            on <Link to="/matching">How Matching Works</Link>.
          </p>
          <p>
            <strong>Verification.</strong> Paying verifies no one: a professional who pays but is not verified is never
            put forward. Our team goes through the same checklist for everyone ({checkedItemsWords(VETTING_ITEMS)}), on a
            screen that does not show their {paid}.
          </p>
          <p>
            <strong>Featured status.</strong> Our team chooses whom to feature on the site. It is not part of any {paid},
            and the score never reads it.
          </p>
        </>
      ),
    },
    {
      id: "conflict",
      title: "How we handle the conflict",
      body: (
        <>
          <p>
            We are paid by the professionals we recommend to you. That is a conflict of interest, and this is how we keep
            it from reaching your shortlist:
          </p>
          <ul>
            <li>
              We say so when we recommend: above your shortlist, on each professional&apos;s profile and in the e-mail that
              tells you your shortlist is ready.
            </li>
            <li>
              The score is worked out by code that is not given anyone&apos;s {paid} or payment, and our automated tests
              check that changing a professional&apos;s plan moves neither their score nor their place.
            </li>
            <li>
              Our team reviews every shortlist before you see it. The review screen shows each professional&apos;s score
              and the reasons for it, not their {paid}. Someone our team adds by hand is scored by the same weights and
              placed by that score.
            </li>
            <li>You choose whom to meet. A professional sees nothing about you until you ask for an introduction to them.</li>
          </ul>
        </>
      ),
    },
    {
      id: "questions",
      title: "Questions",
      body: (
        <p>
          If anything here is unclear, or you think payment has influenced a recommendation, write to our client support
          team at{" "}
          <a href={`mailto:${support}`}>
            <EmailText address={support} />
          </a>{" "}
          or use our <Link to="/contact">contact form</Link>.
        </p>
      ),
    },
  ];
}

export default function HowWeArePaid({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { billing } = loaderData;
  return (
    <LegalPage
      eyebrow="Plain words"
      title={HOW_WE_ARE_PAID_TITLE}
      intro={
        <p>
          Clients pay nothing. Professionals pay WealthMatch{" "}
          {billing ? "a subscription" : "a membership fee, agreed directly with our team"}. So we are paid by the people we
          recommend to you, and this page says exactly what their money buys and what it never buys.
        </p>
      }
      sections={sections(settings, billing)}
    />
  );
}
