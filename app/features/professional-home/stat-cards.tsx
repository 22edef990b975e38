import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { yearsLabel } from "~/features/professionals/profile-card";

function StatCard({ label, value, hint, tone = "ink" }: { label: string; value: string; hint: string; tone?: "ink" | "success" | "warning" }) {
  const color = { ink: "text-ink-900", success: "text-success-700", warning: "text-warning-700" }[tone];
  // A phone shows each figure as one short row (label left, figure right); wider screens stack them in a card.
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 rounded-card border border-ink-100 bg-white px-5 py-4 sm:block sm:px-6 sm:py-5">
      <dt className="text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">{label}</dt>
      <dd className={`row-span-2 text-right font-serif text-2xl font-semibold sm:mt-2 sm:text-left sm:text-3xl ${color}`}>{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{hint}</dd>
    </div>
  );
}

/**
 * Profile Status, the services offered and Experience, at the top of the dashboard. The services are what
 * the wizard asked and matching reads (specialties are the professional's own tags, none at first: counting
 * those said "0" right after registering).
 */
export function StatCards({ profile, steps }: { profile: OwnProfile; steps: { done: number; total: number } | null }) {
  const count = profile.matching.services.length;
  return (
    <section aria-label="Profile at a glance">
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          label="Profile Status"
          value={profile.verified ? "Verified" : "Pending"}
          hint={
            profile.verified
              ? "Visible to matched clients"
              : steps
                ? `${steps.done} of ${steps.total} onboarding steps done`
                : "Not yet verified by our team"
          }
          tone={profile.verified ? "success" : "warning"}
        />
        <StatCard label="Services" value={String(count)} hint={count === 0 ? "None chosen yet" : count === 1 ? "Service offered to clients" : "Services offered to clients"} />
        <StatCard
          label="Experience"
          value={profile.experienceYears === null ? "—" : yearsLabel(profile)}
          hint="In professional practice"
        />
      </dl>
    </section>
  );
}
