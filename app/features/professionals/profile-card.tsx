import type { ReactNode } from "react";
import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { Icon, type IconName } from "~/platform/ui/icons";
import { telHref } from "~/platform/ui/use-site-settings";
import { ProfessionalAvatar } from "./avatar";
import { FeaturedBadge, PendingBadge, VerifiedBadge } from "./badges";
import { EmailText } from "~/platform/ui/email-text";
import { experienceWords } from "~/domain/plain-words";

/** Experience as the professional gave it: their range in words or the exact years; "Not set" when unknown. */
export function yearsLabel(profile: Pick<OwnProfile, "experienceYears" | "experienceRange">): string {
  return profile.experienceYears === null ? "Not set" : experienceWords(profile.experienceYears, profile.experienceRange);
}

/** One term and its value. The `div` wraps only the dt/dd pair (what a `<dl>` allows); the icon sits in the dt. */
function Detail({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-[1.875rem]">
      <dt className="text-xs font-semibold uppercase tracking-[0.12em] text-slate-600">
        <Icon name={icon} className="absolute left-0 top-0.5 h-[1.125rem] w-[1.125rem] text-gold-700" />
        {label}
      </dt>
      <dd className="mt-0.5 text-[0.9375rem] text-ink-900">{children}</dd>
    </div>
  );
}

const linkClass = "underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500";

/** The professional's own entry as the directory holds it, on their dashboard. */
export function ProfileCard({ profile }: { profile: OwnProfile }) {
  return (
    <article aria-labelledby="profile-name" className="rounded-card border border-ink-100 bg-white">
      <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start sm:p-8">
        <ProfessionalAvatar name={profile.name} src={profile.profileImage} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 id="profile-name" className="text-2xl font-semibold [overflow-wrap:anywhere] sm:text-[1.75rem]">
              {profile.name}
            </h2>
            <div className="flex flex-wrap gap-2">
              {profile.verified ? <VerifiedBadge /> : <PendingBadge />}
              {profile.featured ? <FeaturedBadge /> : null}
            </div>
          </div>
          {profile.title ? <p className="mt-1.5 text-lg text-ink-800">{profile.title}</p> : null}
          {profile.company ? (
            <p className="mt-0.5 flex items-center gap-2 text-slate-600">
              <Icon name="building" className="h-4 w-4 shrink-0" />
              {profile.company}
            </p>
          ) : null}
        </div>
      </div>

      <div className="border-t border-ink-100 px-6 py-6 sm:px-8">
        <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">About</h3>
        {profile.bio ? (
          <p className="mt-3 max-w-[68ch] whitespace-pre-line leading-relaxed text-ink-800 [overflow-wrap:anywhere]">{profile.bio}</p>
        ) : (
          <p className="mt-3 text-slate-600">No biography yet. A few lines about your approach help clients choose you.</p>
        )}
      </div>

      <dl className="grid gap-5 border-t border-ink-100 px-6 py-6 sm:grid-cols-2 sm:px-8">
        <Detail icon="mail" label="Email">
          <a href={`mailto:${profile.email}`} className={`${linkClass} break-words`}>
            <EmailText address={profile.email} />
          </a>
        </Detail>
        {profile.phone ? (
          <Detail icon="phone" label="Phone">
            <a href={telHref(profile.phone)} className={linkClass}>
              {profile.phone}
            </a>
          </Detail>
        ) : null}
        {profile.location ? (
          <Detail icon="pin" label="Location">
            <span className="break-words">{profile.location}</span>
          </Detail>
        ) : null}
        <Detail icon="chart" label="Experience">
          {yearsLabel(profile)}
        </Detail>
      </dl>

      <div className="border-t border-ink-100 px-6 py-6 sm:px-8">
        <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">Services offered</h3>
        {profile.matching.services.length ? (
          <ul aria-label="Services offered" className="mt-3 flex flex-wrap gap-2">
            {profile.matching.services.map((s) => (
              <li key={s} className="rounded-full border border-gold-300 bg-white px-3 py-1 text-sm text-ink-900">
                {s}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-600">No services chosen yet: clients are matched on them.</p>
        )}
      </div>

      <div className="border-t border-ink-100 px-6 py-6 sm:px-8">
        <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">Specialties</h3>
        {profile.specialties.length ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            {profile.specialties.map((s) => (
              <li key={s} className="rounded-full border border-ink-100 bg-ivory-50 px-3 py-1 text-sm text-ink-800">
                {s}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-600">No specialties listed yet.</p>
        )}
      </div>
    </article>
  );
}
