import { Link } from "react-router";
import type { Route } from "./+types/cookies";
import { seo } from "~/platform/seo";
import { LegalPage, type LegalSection } from "~/features/marketing/legal-page";
import { CookieTable } from "~/features/marketing/cookie-table";
import { useSiteSettings } from "~/platform/ui/use-site-settings";
import type { PageSettings } from "~/platform/settings";
import { EmailText } from "~/platform/ui/email-text";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Cookie Policy",
    description:
      "The few first-party cookies WealthMatch uses to keep you signed in and show one-time messages. No analytics, advertising or third-party tracking cookies.",
    path: "/cookies",
  });

function sections(settings: PageSettings): LegalSection[] {
  return [
    {
      id: "summary",
      title: "In short",
      body: (
        <ul>
          <li>We use a small number of first-party cookies, all needed for the site to work.</li>
          <li>We use no analytics, advertising or social media cookies, and no third-party trackers.</li>
          <li>Our fonts and scripts come from our own servers, so visiting WealthMatch tells no one else that you did.</li>
        </ul>
      ),
    },
    {
      id: "what-cookies-are",
      title: "What cookies are",
      body: (
        <p>
          Cookies are small text files a website asks your browser to keep and send back on later visits. They let a
          site remember, for example, that you are signed in.
        </p>
      ),
    },
    {
      id: "cookies-we-use",
      title: "The cookies we use",
      wide: true,
      body: (
        <>
          <p className="max-w-[68ch]">
            Every cookie below is set by WealthMatch itself and is sent only to our own site. None is used to
            follow you across other websites.
          </p>
          <CookieTable />
        </>
      ),
    },
    {
      id: "choices",
      title: "Your choices",
      body: (
        <p>
          Because these cookies are strictly necessary, we do not ask for consent to set them. You can block or delete
          cookies in your browser's settings; the public pages will still work, but you will not be able to sign in or
          complete registration.
        </p>
      ),
    },
    {
      id: "questions",
      title: "Questions",
      body: (
        <p>
          Our <Link to="/privacy">Privacy Policy</Link> explains how we handle personal information more broadly. For
          anything else, write to <a href={`mailto:${settings.support.email}`}><EmailText address={settings.support.email} /></a>.
        </p>
      ),
    },
  ];
}

export default function Cookies() {
  const settings = useSiteSettings();
  return (
    <LegalPage
      eyebrow="Legal"
      title="Cookie Policy"
      updated="Effective January 15, 2024"
      intro={<p>WealthMatch uses as few cookies as it can: only those that keep you signed in and the site working.</p>}
      sections={sections(settings)}
    />
  );
}
