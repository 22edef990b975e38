import { Link } from "react-router";
import type { SiteSettings } from "~/platform/settings";
import { buttonClass } from "~/platform/ui/button";
import { FormAlert } from "~/platform/ui/field";
import { SignOutButton } from "~/features/auth/sign-out-button";
import { Icon } from "~/platform/ui/icons";
import { telHref } from "~/platform/ui/use-site-settings";
import { EmailText } from "~/platform/ui/email-text";
import { YourData } from "~/features/account/your-data";

const linkClass = "font-medium text-ink-900 underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500 break-words";

/** What a signed-in professional sees when their directory entry cannot be found. */
export function ProfileNotFound({ support }: { support: SiteSettings["support"] }) {
  return (
    <div className="mx-auto max-w-xl space-y-6 px-6 py-12 sm:py-20">
      {/* The message for the failed lookup, rendered in the page, since a flash toast would only show on the next one. */}
      <FormAlert title="Profile Not Found">No professional profile found. Please contact support.</FormAlert>
      <div className="rounded-card border border-ink-100 bg-white p-8 text-center sm:p-10">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-ivory-100 text-gold-700">
          <Icon name="people" className="h-6 w-6" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold sm:text-3xl">Professional Profile Not Found</h1>
        <p className="mt-3 leading-relaxed text-slate-600">We couldn&apos;t find your professional profile. Please contact support.</p>
        <p className="mt-5 flex flex-col items-center gap-1.5 text-[0.9375rem] sm:flex-row sm:justify-center sm:gap-0">
          <a href={`mailto:${support.email}`} className={linkClass}>
            <EmailText address={support.email} />
          </a>
          <span aria-hidden="true" className="mx-3 hidden h-4 w-px bg-ink-200 sm:inline-block" />
          <a href={telHref(support.phone)} className={`${linkClass} whitespace-nowrap`}>
            {support.phone}
          </a>
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClass("primary", "sm:min-w-40")}>
            Return Home
          </Link>
          <SignOutButton className="sm:min-w-40" />
        </div>
      </div>
      <YourData />
    </div>
  );
}
