import type { SiteSettings } from "~/platform/settings";
import { Icon, type IconName } from "~/platform/ui/icons";
import { telHref } from "~/platform/ui/use-site-settings";
import { EmailText } from "~/platform/ui/email-text";

/** The firm's e-mail, phone and city from the site settings, as one card of three rows. */
export function ContactBlock({ contact }: { contact: SiteSettings["contact"] }) {
  const items: { icon: IconName; label: string; value: string; href?: string }[] = [
    { icon: "mail", label: "Email", value: contact.email, href: `mailto:${contact.email}` },
    { icon: "phone", label: "Phone", value: contact.phone, href: telHref(contact.phone) },
    { icon: "pin", label: "Office", value: contact.city },
  ];
  return (
    <address className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white not-italic">
      {items.map((item) => (
        <div key={item.label} className="flex items-center gap-5 px-6 py-5 sm:px-8">
          <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ivory-100 text-gold-700">
            <Icon name={item.icon} />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">{item.label}</p>
            {item.href ? (
              <a
                href={item.href}
                className="mt-0.5 block text-lg break-words font-medium text-ink-900 underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500"
              >
                {item.label === "Email" ? <EmailText address={item.value} /> : item.value}
              </a>
            ) : (
              <p className="mt-0.5 text-lg font-medium text-ink-900">{item.value}</p>
            )}
          </div>
        </div>
      ))}
    </address>
  );
}
