import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { seo } from "~/platform/seo";
import { LegalPage, type LegalSection } from "~/features/marketing/legal-page";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import type { PageSettings } from "~/platform/settings";
import { EmailText } from "~/platform/ui/email-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms of Service",
    description:
      "The terms on which WealthMatch introduces Wealth Creators to vetted financial professionals: what the service is and is not, fees, responsibilities and limits of liability.",
    path: "/terms",
  });

function sections(settings: PageSettings): LegalSection[] {
  const support = settings.support.email;
  const mail = <a href={`mailto:${support}`}><EmailText address={support} /></a>;
  return [
    {
      id: "agreement",
      title: "These terms",
      body: (
        <p>
          These terms govern your use of the WealthMatch website and matching service. By creating an account or
          using the service you agree to them and to our <Link to="/privacy">Privacy Policy</Link>. If you do not
          agree, please do not use WealthMatch.
        </p>
      ),
    },
    {
      id: "service",
      title: "What WealthMatch is, and is not",
      body: (
        <>
          <p>
            WealthMatch introduces people seeking financial, legal and tax counsel ("clients", whom we call Wealth
            Creators) to independent professionals ("professionals") whose expertise and approach match their profile.
          </p>
          <p>
            <strong>
              WealthMatch is not an investment adviser, broker, bank, law firm or accountancy practice. We do not
              provide investment, legal or tax advice
            </strong>
            , we do not recommend any product or transaction, and we never hold or manage client money or assets.
            Articles on our blog are general information, not advice for your situation.
          </p>
        </>
      ),
    },
    {
      id: "eligibility",
      title: "Who may use it",
      body: (
        <ul>
          <li>You must be at least 18 and able to enter into a binding agreement.</li>
          <li>The information you give us must be true, complete and kept up to date.</li>
          <li>
            Professionals must hold every license and registration their work requires where they practice, have a
            minimum of 3 years of professional experience, and disclose any disciplinary action.
          </li>
        </ul>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <p>
          Keep your password private and use a password you do not use elsewhere. An account is for one person.
          Tell us at once at {mail} if you believe someone else has used your account. You may close your account at
          any time by writing to the same address.
        </p>
      ),
    },
    {
      id: "fees",
      title: "Fees",
      body: (
        <p>
          Clients use WealthMatch free of charge. Professionals pay a subscription for membership of our network, on
          the pricing and billing terms agreed with them before they subscribe. We will give professionals reasonable
          notice before any change to their fees. Any fee a client agrees with a professional is a matter between them.
        </p>
      ),
    },
    {
      id: "clients",
      title: "For clients",
      body: (
        <ul>
          <li>You are under no obligation to meet or engage any professional we introduce.</li>
          <li>
            Any engagement is a separate agreement between you and the professional. Please carry out your own due
            diligence, including on fees, conflicts of interest and regulatory status, before you engage anyone.
          </li>
          <li>
            A professional sees your name, objectives, net-worth band and preferred contact only once you ask for an
            introduction to them; you may withdraw a request at any time, and they then no longer see you.
          </li>
        </ul>
      ),
    },
    {
      id: "professionals",
      title: "For professionals",
      body: (
        <ul>
          <li>Your profile must be accurate, and you must tell us promptly of any change to your licenses, firm or disciplinary record.</li>
          <li>We may verify the information you give us, and decline, suspend or remove a listing at our discretion.</li>
          <li>
            You see a client only after they ask for an introduction to you, and you accept or decline it. Client
            information you receive through WealthMatch may be used only to respond to that introduction and to serve
            that client, in line with the law and your professional rules, and never passed on; if the client
            withdraws, stop using it.
          </li>
          <li>You are independent of WealthMatch: not our employee, agent or partner, and solely responsible for your advice.</li>
        </ul>
      ),
    },
    {
      id: "vetting",
      title: "Our vetting, and its limits",
      body: (
        <p>
          We verify professionals' identity, firm, credentials, experience and disclosures before listing them, and our
          team reviews every shortlist. Verification reduces risk but cannot remove it: we do not guarantee any
          professional's advice, performance or conduct, or any investment outcome.
        </p>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      body: (
        <ul>
          <li>Do not give false information or impersonate anyone.</li>
          <li>Do not copy, scrape or harvest information from the service.</li>
          <li>Do not try to breach or test our security without our written permission; see our <Link to="/security">Security &amp; Privacy</Link> page for how to report a vulnerability.</li>
          <li>Do not use the service to send unsolicited messages or to solicit clients outside an introduction.</li>
        </ul>
      ),
    },
    {
      id: "content",
      title: "Our content",
      body: (
        <p>
          The WealthMatch name, logo, website and articles belong to us or our licensors. You may read and share links
          to them, but not reproduce them commercially without our permission.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Disclaimers and liability",
      body: (
        <>
          <p>
            The service is provided as it is and as available. To the extent the law allows, WealthMatch is not liable
            for the acts, omissions or advice of any professional, for any investment or financial loss, or for any
            indirect or consequential loss.
          </p>
          <p>Nothing in these terms limits any liability that cannot be limited by law.</p>
        </>
      ),
    },
    {
      id: "ending",
      title: "Suspension and closing",
      body: (
        <p>
          We may suspend or close an account that breaks these terms, or that we reasonably believe puts clients,
          professionals or the service at risk. You may stop using WealthMatch at any time. Sections that by their
          nature should continue, such as those on liability and use of client information, survive closing.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes and governing law",
      body: (
        <>
          <p>
            We may update these terms. If a change matters, we will say so on this page and tell account holders by
            email before it takes effect; continuing to use the service after that means you accept the change.
          </p>
          <p>
            These terms are governed by the laws of the State of New York, and its courts have jurisdiction over any
            dispute, without affecting any mandatory consumer rights where you live.
          </p>
          <p>Questions about these terms: {mail}.</p>
        </>
      ),
    },
  ];
}

export default function Terms() {
  const settings = useSiteSettings();
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of Service"
      updated="Effective January 15, 2024"
      intro={
        <p>
          The terms on which WealthMatch introduces Wealth Creators to vetted financial professionals. In short: we make
          introductions, we do not give advice, clients use the service free, and professionals pay a subscription.
        </p>
      }
      sections={sections(settings)}
    />
  );
}
