import { PanelCard } from "~/platform/ui/panel-card";
import type { SiteSettings } from "~/platform/settings";
import { Icon } from "~/platform/ui/icons";
import { telHref } from "~/platform/ui/use-site-settings";
import { EmailText } from "~/platform/ui/email-text";

const linkClass =
  "font-medium text-ink-900 break-words underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500";

/** The support e-mail, phone and hours from the site settings, for people who are already members. */
export function SupportContact({
  title = "Need assistance?",
  intro,
  support,
  supportHours,
}: {
  title?: string;
  intro: string;
  support: SiteSettings["support"];
  supportHours: SiteSettings["supportHours"];
}) {
  return (
    <PanelCard
      id="support-heading"
      title={title}
      intro={intro}
    >
      <address className="mt-5 space-y-3 not-italic">
        <p className="flex items-center gap-3">
          <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-ivory-100 text-gold-700">
            <Icon name="mail" className="h-[1.125rem] w-[1.125rem]" />
          </span>
          <span className="min-w-0">
            <span className="sr-only">Email: </span>
            <a href={`mailto:${support.email}`} className={linkClass}>
              <EmailText address={support.email} />
            </a>
          </span>
        </p>
        <p className="flex items-center gap-3">
          <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-ivory-100 text-gold-700">
            <Icon name="phone" className="h-[1.125rem] w-[1.125rem]" />
          </span>
          <span>
            <span className="sr-only">Phone: </span>
            <a href={telHref(support.phone)} className={linkClass}>
              {support.phone}
            </a>
          </span>
        </p>
      </address>
      <div className="mt-6 border-t border-ink-100 pt-5">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">
          <Icon name="clock" className="h-4 w-4 text-gold-700" />
          Support hours
        </p>
        <ul className="mt-3 space-y-1.5 text-sm text-slate-600">
          {[supportHours.weekdays, supportHours.saturday, supportHours.sunday].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </PanelCard>
  );
}
