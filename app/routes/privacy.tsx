import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { seo } from "~/platform/seo";
import { LegalPage, type LegalSection } from "~/features/marketing/legal-page";
import { useSiteSettings, telHref } from "~/platform/ui/use-site-settings";
import { SITE_COOKIES } from "~/features/marketing/site-cookies";
import type { PageSettings } from "~/platform/settings";
import { EmailText } from "~/platform/ui/email-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description:
      "How WealthMatch collects, uses, shares, keeps and deletes the personal and wealth profile information of clients and professionals. No third-party trackers, no sale of data.",
    path: "/privacy",
  });

function sections(settings: PageSettings): LegalSection[] {
  const support = settings.support.email;
  const mail = <a href={`mailto:${support}`}><EmailText address={support} /></a>;
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            WealthMatch operates this website and the matching service it describes, from {settings.contact.city}.
            We are responsible for the personal information you give us through it. You can reach us about privacy
            at {mail} or on <a href={telHref(settings.support.phone)}>{settings.support.phone}</a>.
          </p>
        </>
      ),
    },
    {
      id: "what-we-collect",
      title: "What we collect",
      body: (
        <>
          <p>We collect only what the service needs, and almost all of it comes from you directly.</p>
          <ul>
            <li>
              <strong>Identity and contact details:</strong> your first and last name, email address, date of birth,
              phone number, and country of residency or company name.
            </li>
            <li>
              <strong>Account details:</strong> your password, which we store only as a one-way cryptographic hash that
              no one, including us, can read back.
            </li>
            <li>
              <strong>Wealth profile answers (clients):</strong> your investment objectives, net worth range, sources of
              wealth, any current professional relationships you tell us about, and your agreement to our terms and,
              if you chose it, to marketing messages.
            </li>
            <li>
              <strong>Professional application (professionals):</strong> your firm, years of experience,
              certifications, services offered, assets under management range, typical client profiles, preferred
              means of communication and any disciplinary disclosure.
            </li>
            <li>
              <strong>Messages:</strong> what you send us through the contact page or by email.
            </li>
            <li>
              <strong>Security records:</strong> when you sign in or out, failed sign-in attempts, password reset
              requests, and the IP address and browser type involved, kept to protect your account.
            </li>
          </ul>
          <p>We do not buy information about you from data brokers, and we do not track you across other websites.</p>
        </>
      ),
    },
    {
      id: "how-we-use-it",
      title: "How we use it",
      body: (
        <ul>
          <li>To match clients with suitable professionals, and to review those matches.</li>
          <li>To verify professionals before they are listed, and to keep their profiles accurate.</li>
          <li>To run your account: signing you in, resetting your password, answering your messages.</li>
          <li>To keep the service secure, detect abuse and investigate suspicious activity.</li>
          <li>To send you news about WealthMatch, only if you opted in; you can withdraw at any time.</li>
          <li>To meet our legal and regulatory obligations.</li>
        </ul>
      ),
    },
    {
      id: "who-sees-it",
      title: "Who sees your information",
      body: (
        <>
          <p>Your wealth profile is among the most sensitive information you can share. Access to it is narrow:</p>
          <ul>
            <li>
              <strong>A verified professional you ask to be introduced to</strong> sees, from the moment you ask, your
              name, your objectives, your net-worth band and how you prefer to be contacted (with the email address
              or phone number that implies). Being on your shortlist shows them nothing: until you ask, they do not
              know you exist. If you withdraw the request, they no longer see you. Unverified professionals never see
              client information, and a subscription gives no access to anyone who has not asked.
            </li>
            <li>
              <strong>WealthMatch administrators</strong>, a small team, see profiles to review matches, verify
              professionals and answer messages. Their access requires a signed-in administrator account.
            </li>
            <li>
              <strong>Our service providers</strong>, who host our servers and deliver our email, process information
              only on our instructions and under contract.
            </li>
            <li>
              <strong>Authorities</strong>, when the law requires us to disclose information.
            </li>
          </ul>
          <p>
            A professional's name, title and firm, with the reasons they fit, are shown to the clients on whose
            shortlist they appear. <strong>We never sell personal information and never share it with advertisers.</strong>
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>
            We use only first-party cookies that the site needs to work, and no third-party trackers, analytics or
            advertising cookies. Our fonts and scripts are served from our own servers; nothing on this site is
            loaded from anyone else's.
          </p>
          <ul>
            {SITE_COOKIES.map((c) => (
              <li key={c.name}>
                <strong>{c.name}</strong>: {c.purpose}
              </li>
            ))}
          </ul>
          <p>
            Details are in our <Link to="/cookies">Cookie Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <ul>
          <li>Your account, profile and answers: for as long as your account is open, then deleted as described below.</li>
          <li>Messages you send us: up to 24 months, then deleted.</li>
          <li>Security records: up to 12 months, unless they are needed to investigate an incident.</li>
          <li>
            Sign-in sessions: until you sign out or close your browser, or 30 days if you chose 'Remember me'.
            Password reset links expire after one hour and work once.
          </li>
          <li>Anything the law requires us to keep for longer, only for that period and that purpose.</li>
        </ul>
      ),
    },
    {
      id: "deletion",
      title: "Having your information deleted",
      body: (
        <>
          <p>
            Signed in, you can download everything we hold about you as one file, and delete your account yourself, from
            your page: deletion is immediate, and our security records keep only what happened, without your name or
            email address. You can also email {mail} from the address on your account.
            We then confirm the request, delete your account, profile and questionnaire answers within 30 days, and write
            to tell you when it is done. Professionals we introduced you to are asked to delete what they received
            through WealthMatch.
          </p>
          <p>
            You can also ask us for a copy of your information, ask us to correct it, or object to a particular use of
            it, in the same way. If you are not satisfied with our answer, you may complain to the data protection
            authority where you live.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      body: (
        <p>
          Connections to WealthMatch are encrypted, passwords are hashed, sessions are held on our server and can be
          ended at any time, and sign-in attempts are limited. Read more on our <Link to="/security">Security &amp; Privacy</Link>{" "}
          page.
        </p>
      ),
    },
    {
      id: "how-we-are-paid",
      title: "How we are paid",
      body: (
        <p>
          Clients use WealthMatch free of charge. Professionals pay a subscription to be part of our network. That
          subscription is our revenue; we do not make money from your information.
        </p>
      ),
    },
    {
      id: "not-advice",
      title: "Not advice",
      body: (
        <p>
          WealthMatch is a matching service. Nothing on this website, including our articles, is investment, legal
          or tax advice. Advice comes only from the professionals you choose to engage, under your own agreement with
          them.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Children and changes to this policy",
      body: (
        <>
          <p>WealthMatch is not intended for anyone under 18, and we do not knowingly collect their information.</p>
          <p>
            If we change this policy in a way that matters, we will say so on this page and, where you have an
            account, tell you by email before the change takes effect.
          </p>
        </>
      ),
    },
  ];
}

export default function Privacy() {
  const settings = useSiteSettings();
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated="Effective January 15, 2024"
      intro={
        <p>
          The information you give WealthMatch describes your wealth and your plans. This policy explains, plainly,
          what we collect, who can see it, how long we keep it and how to have it deleted.
        </p>
      }
      sections={sections(settings)}
    />
  );
}
