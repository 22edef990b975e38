import type { PageSettings } from "~/platform/settings";
import { Logo } from "~/platform/ui/logo";
import { EmailText } from "~/platform/ui/email-text";

const COLUMNS = [
  {
    heading: "Platform",
    links: [
      { to: "/services", label: "For Clients" },
      { to: "/professionals", label: "For Professionals" },
      { to: "/matching", label: "How Matching Works" },
      { to: "/how-we-are-paid", label: "How We Are Paid" },
      { to: "/security", label: "Security & Privacy" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/blog", label: "Blog" },
      { to: "/about", label: "About" },
      { to: "/careers", label: "Careers" },
      { to: "/press", label: "Press" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/cookies", label: "Cookie Policy" },
    ],
  },
] as const;

/**
 * The footer's links are plain anchors, not React Router's `Link`: twelve on every page, each resolved
 * against the routes and given click and prefetch handlers, for pages a visitor seldom opens from the
 * footer. They lead to public pages, which the page cache answers to anonymous visitors; a click loads
 * the page as a document (docs/decisions/069-public-apis-only.md).
 */
export function SiteFooter({ settings }: { settings: PageSettings }) {
  return (
    <footer className="bg-ink-950 text-ink-200">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-6 py-16 sm:grid-cols-3 lg:grid-cols-12">
        <div className="col-span-2 sm:col-span-3 lg:col-span-5">
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-ink-300">
            Connecting Wealth Creators with vetted financial professionals who share their values.
          </p>
          <address className="mt-6 space-y-1 text-sm not-italic text-ink-300">
            <a className="block hover:text-ivory-50" href={`mailto:${settings.contact.email}`}><EmailText address={settings.contact.email} /></a>
            <a className="block hover:text-ivory-50" href={`tel:${settings.contact.phone.replace(/[^+\d]/g, "")}`}>{settings.contact.phone}</a>
            <span className="block">{settings.contact.city}</span>
          </address>
        </div>
        {COLUMNS.map((col, i) => (
          <nav key={col.heading} aria-label={col.heading} className={`lg:col-span-2 ${i === 0 ? "lg:col-start-7" : ""}`}>
            <h2 className="font-sans text-xs font-semibold uppercase tracking-widest text-gold-300">{col.heading}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  <a href={l.to} className="text-ink-200 hover:text-ivory-50">{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-ink-800">
        <p className="mx-auto max-w-6xl px-6 py-6 text-xs text-ink-300">
          {/* The server's year; across New Year's Eve a browser in another time zone may count another. */}
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> WealthMatch. All rights reserved. WealthMatch is a matching service and does not provide investment, legal or tax advice.
        </p>
      </div>
    </footer>
  );
}
