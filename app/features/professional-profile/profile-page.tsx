import { Link } from "react-router";
import type { ReactNode } from "react";
import { RegisterExemption, RegisterLineView, RegisterUpdate } from "~/features/registers/register-lines";
import type { RegisterLine } from "~/features/registers/standing.server";
import { ProfessionalHeader } from "~/features/professionals/professional-header";
import { FeaturedBadge, VerifiedBadge } from "~/features/professionals/badges";
import {
  DeclineButton,
  DeclineReasonForm,
  IntroductionForm,
  IntroductionStatusLine,
  ReasonLists,
  UndoDecline,
  type DeclineRefusal,
} from "./shortlist-parts";
import { Icon } from "~/platform/ui/icons";
import { PaidDisclosure } from "~/features/matching/paid-disclosure";
import { shortDate } from "~/platform/ui/format";
import type { ClientSide, ShownProfile } from "./profile.server";

const sectionHeading = "font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600";
const linkClass = "font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-ink-100 py-4 first:border-t-0 sm:grid sm:grid-cols-[13rem_1fr] sm:gap-6">
      <dt className="text-sm font-semibold text-ink-900">{label}</dt>
      <dd className="mt-1 text-[0.9375rem] leading-relaxed text-ink-800 sm:mt-0">{children}</dd>
    </div>
  );
}

function Items({ items, empty = "Not stated" }: { items: readonly string[]; empty?: string }) {
  if (items.length === 0) return <span className="text-slate-600">{empty}</span>;
  if (items.length === 1) return <>{items[0]}</>;
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function ModeBand({ mode, deleted }: { mode: "admin" | "preview" | "client"; deleted: boolean }) {
  if (mode === "client") return null;
  return (
    <div role="note" className="border-b border-gold-300/70 bg-ivory-100" data-testid="profile-band">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-6 py-3 text-[0.9375rem] text-ink-900">
        <Icon name="eye" className="h-5 w-5 shrink-0 text-gold-700" />
        {mode === "preview"
          ? "Preview: this is how clients see your profile. Clients whose shortlist holds you see it, with why you fit them."
          : deleted
            ? "Admin view: this entry was deleted with its account. Nobody else can open this page."
            : "Admin view: this is the profile clients with this professional on their shortlist see."}
      </p>
    </div>
  );
}

function ClientPanel({ profile, client, declineRefusal }: { profile: ShownProfile; client: ClientSide; declineRefusal?: DeclineRefusal | null }) {
  const entry = { id: profile.id, name: profile.name, introduction: client.introduction };
  const active = client.introduction === "requested" || client.introduction === "accepted";
  return (
    <section aria-labelledby="your-introduction" className="rounded-card border border-ink-100 bg-white p-6">
      <h2 id="your-introduction" className="text-xl font-semibold">
        Your introduction
      </h2>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">
        {profile.name} sees nothing about you until you ask. Then they see your name, objectives, net-worth band and how you
        prefer to be contacted.
      </p>
      {client.declined ? (
        <>
          <UndoDecline id={profile.id} name={profile.name} />
          <DeclineReasonForm id={profile.id} name={profile.name} reason={client.declineReason} refusal={declineRefusal} />
        </>
      ) : (
        <>
          <IntroductionStatusLine status={client.introduction} />
          {client.introductionId !== null && active ? (
            <p className="mt-3 text-[0.9375rem]">
              <Link to={`/introductions/${client.introductionId}`} className={linkClass}>
                Open your introduction
              </Link>
            </p>
          ) : null}
          <IntroductionForm entry={entry} confirmed={client.confirmed} />
          {active ? null : declineRefusal?.errors.length ? (
            // A reason refused before the decline was recorded (sent from another tab): shown with the text kept.
            <DeclineReasonForm id={profile.id} name={profile.name} reason={null} refusal={declineRefusal} />
          ) : (
            <DeclineButton id={profile.id} name={profile.name} refusal={declineRefusal} />
          )}
        </>
      )}
      <p className="mt-5 text-[0.9375rem]">
        <Link to="/client-welcome#shortlist" className={linkClass}>
          ← Back to your shortlist
        </Link>
      </p>
    </section>
  );
}

/** A professional's profile as a client sees it (and, with a band saying so, as they or an admin preview it). */
export function ProfilePage({
  mode,
  profile,
  client,
  declineRefusal,
  registers = [],
  exemption = null,
  registerUpdate = null,
  checked = null,
}: {
  mode: "admin" | "preview" | "client";
  profile: ShownProfile;
  client: ClientSide | null;
  declineRefusal?: DeclineRefusal | null;
  /** Their regulator registrations, each with how it was checked and a link to the public record. */
  registers?: RegisterLine[];
  /** Why no registration applies, when an admin recorded it. */
  exemption?: string | null;
  /** What changed in a register's record and what our team decided. */
  registerUpdate?: string | null;
  /** What their verification rested on, in words. */
  checked?: string | null;
}) {
  const { fee } = profile;
  return (
    <>
      <ModeBand mode={mode} deleted={profile.deleted} />
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-10 pt-10 sm:pb-12 sm:pt-14">
          <ProfessionalHeader
            summary={profile.summary}
            variant="page"
            eyebrow={
              <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">
                {mode === "client" ? "On your shortlist" : "Professional profile"}
              </p>
            }
            badges={
              profile.verified || profile.featured ? (
                <>
                  {profile.verified ? <VerifiedBadge /> : null}
                  {profile.featured ? <FeaturedBadge /> : null}
                </>
              ) : null
            }
            below={
              <>
                {profile.verifiedOn ? (
                  <p className="mt-2 text-sm text-slate-600" data-testid="verified-on">
                    Verified by WealthMatch on {shortDate(profile.verifiedOn)}
                    {checked ? `: ${checked}` : ""}
                  </p>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">{profile.verified ? "Verified by WealthMatch" : "Not verified by WealthMatch yet."}</p>
                )}
                {profile.featured ? (
                  <p className="mt-1 text-sm text-slate-600">Featured professionals are shown on our site; being featured never affects anyone&apos;s rank in matching.</p>
                ) : null}
              </>
            }
            // The registration is shown once, in full with its source and date, under "Regulator registrations".
            registers={null}
          />
        </div>
      </section>

      {/* Near the top, its own block: whatever the header comes to hold, the disclosure stays in view. */}
      <div className="mx-auto max-w-6xl px-6 pt-8 sm:pt-10">
        <PaidDisclosure />
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-6 pb-10 pt-8 sm:pb-14 sm:pt-10 lg:grid-cols-12 lg:gap-12">
        <div className="min-w-0 space-y-10 lg:col-span-8">
          {client && !client.declined && (client.reasons.length > 0 || client.caveats.length > 0) ? (
            // ReasonLists opens each list with a top margin; the card's own padding is trimmed to match.
            <section aria-label="How they fit you" className="rounded-card border border-ink-100 bg-white px-6 pb-6 pt-1 sm:px-7 sm:pb-7 sm:pt-2">
              <ReasonLists reasons={client.reasons} caveats={client.caveats} />
            </section>
          ) : null}

          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className={sectionHeading}>
              About
            </h2>
            {profile.bio ? (
              <p className="mt-3 max-w-[68ch] whitespace-pre-line text-[1.0625rem] leading-relaxed text-ink-800 [overflow-wrap:anywhere]">{profile.bio}</p>
            ) : (
              <p className="mt-3 text-slate-600">No biography yet.</p>
            )}
          </section>

          <section aria-labelledby="practice-heading">
            <h2 id="practice-heading" className={sectionHeading}>
              Their practice
            </h2>
            <dl className="mt-3 rounded-card border border-ink-100 bg-white px-6">
              <Fact label="Experience">{profile.experience}</Fact>
              <Fact label="Services">
                <Items items={profile.services} />
              </Fact>
              {profile.focus.length ? (
                <Fact label="Specialties">
                  <Items items={profile.focus} />
                </Fact>
              ) : null}
              <Fact label="Countries served">
                <Items items={profile.countries} />
              </Fact>
              <Fact label="Typical clients">
                <Items items={profile.typicalClients} />
              </Fact>
              {profile.impactInvesting ? <Fact label="Sustainable investing">Offers sustainable and impact investing</Fact> : null}
            </dl>
          </section>

          <section aria-labelledby="registrations-heading">
            <h2 id="registrations-heading" className={sectionHeading}>
              Regulator registrations
            </h2>
            {registerUpdate ? (
              <div className="mt-3">
                <RegisterUpdate update={registerUpdate} />
              </div>
            ) : null}
            {registers.length ? (
              <ul className="mt-3 divide-y divide-ink-100 rounded-card border border-ink-100 bg-white px-6">
                {registers.map((r) => (
                  <li key={r.register} className="py-4">
                    <RegisterLineView line={r} />
                  </li>
                ))}
              </ul>
            ) : exemption ? null : (
              <p className="mt-3 text-slate-600">No registration listed.</p>
            )}
            {exemption ? (
              <div className="mt-3">
                <RegisterExemption reason={exemption} />
              </div>
            ) : null}
          </section>

          <section aria-labelledby="fees-heading">
            <h2 id="fees-heading" className={sectionHeading}>
              How they are paid
            </h2>
            <dl className="mt-3 rounded-card border border-ink-100 bg-white px-6">
              <Fact label="Fee model">{fee.model ?? <span className="text-slate-600">Not stated</span>}</Fact>
              <Fact label="Fee schedule">
                {fee.schedule ? (
                  <span className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="fee-schedule">
                    {fee.schedule}
                  </span>
                ) : (
                  <span className="text-slate-600">Ask them in your first conversation</span>
                )}
              </Fact>
            </dl>
          </section>

          {profile.disciplinary ? (
            <section aria-labelledby="record-heading" data-testid="disciplinary">
              <h2 id="record-heading" className={sectionHeading}>
                Disciplinary record
              </h2>
              <div className="mt-3 rounded-card border border-gold-300/70 bg-ivory-50 p-6 text-[0.9375rem] leading-relaxed text-ink-900">
                <p className="font-semibold">
                  {profile.disciplinary.cleared
                    ? "They disclosed a disciplinary matter. Our team reviewed it and cleared them to be matched."
                    : "They disclosed a disciplinary matter that our team is still reviewing."}
                </p>
                {profile.disciplinary.note ? (
                  <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere]">
                    <span className="text-slate-600">Our note: </span>
                    {profile.disciplinary.note}
                  </p>
                ) : null}
              </div>
            </section>
          ) : null}
        </div>

        {/* On a phone the introduction comes first, not after the whole profile. */}
        <aside className="order-first space-y-6 lg:order-none lg:col-span-4">
          {client ? (
            <ClientPanel profile={profile} client={client} declineRefusal={declineRefusal} />
          ) : mode === "preview" ? (
            <section className="rounded-card border border-ink-100 bg-white p-6 text-[0.9375rem] leading-relaxed text-slate-600">
              <p>Clients also see why you fit them and a button to ask for an introduction.</p>
              <p className="mt-3">
                <Link to="/professional-dashboard/edit" className={linkClass}>
                  Edit your profile
                </Link>
              </p>
            </section>
          ) : (
            <section className="rounded-card border border-ink-100 bg-white p-6 text-[0.9375rem]">
              <Link to={`/admin/professionals/${profile.id}/edit`} className={linkClass}>
                Edit this entry
              </Link>
            </section>
          )}
        </aside>
      </div>
    </>
  );
}
