import { Link } from "react-router";
import type { ClientShortlistEntry } from "~/features/introductions/introductions.data.server";
import {
  DeclineReasonForm,
  IntroductionStatusLine,
  ReasonLists,
  ShortlistCardActions,
  UndoDecline,
  profilePath,
} from "~/features/professional-profile/shortlist-parts";
import { VerifiedBadge } from "~/features/professionals/badges";
import { RegisterUpdate } from "~/features/registers/register-lines";
import { ProfessionalHeader } from "~/features/professionals/professional-header";
import type { RegisterStanding } from "~/features/registers/standing.server";

/** A shortlist entry with the client's own choices on it (see introductions.data.server's clientShortlist). */
export type ShortlistCard = ClientShortlistEntry & {
  /** False once the professional is unverified or gone: shown, but nobody can be asked. */
  available?: boolean;
  /** The client said "Not for me". */
  declined?: boolean;
  /** Why, if they said (only our team reads it). */
  declineReason?: string | null;
  /** Their registrations as checked, whether "Verified" may be shown, and any decided change in a record. */
  register?: RegisterStanding | null;
};

function Card({ entry, confirmed }: { entry: ShortlistCard; confirmed: boolean }) {
  const { id, name } = entry.summary;
  const available = entry.available !== false;
  if (!available) {
    return (
      <li className="rounded-card border border-dashed border-ink-200 bg-white p-6 sm:p-7" data-testid="client-shortlist-item">
        <h3 className="text-xl font-semibold text-slate-600">{name}</h3>
        <p className="mt-2 text-[0.9375rem] font-medium text-ink-900" data-testid="no-longer-available">
          No longer available
        </p>
        <p className="mt-1 text-[0.9375rem] text-slate-600">
          This professional can no longer take introductions through WealthMatch. Our client support team can suggest someone else.
        </p>
        {entry.register?.update ? (
          <div className="mt-3">
            <RegisterUpdate update={entry.register.update} />
          </div>
        ) : null}
      </li>
    );
  }
  if (entry.declined) {
    return (
      <li className="rounded-card border border-ink-100 bg-ivory-50 p-6 sm:p-7" data-testid="client-shortlist-item" data-declined="true">
        <h3 className="text-xl font-semibold text-slate-600">
          <Link to={profilePath(id)} className="underline decoration-ink-200 underline-offset-4 hover:decoration-gold-500">
            {name}
          </Link>
        </h3>
        <p className="mt-1 text-[0.9375rem] text-slate-600">{[entry.summary.title, entry.summary.company].filter(Boolean).join(", ")}</p>
        <UndoDecline id={id} name={name} />
        <DeclineReasonForm id={id} name={name} reason={entry.declineReason ?? null} />
      </li>
    );
  }
  return (
    <li className="rounded-card border border-ink-100 bg-white p-5 sm:p-7" data-testid="client-shortlist-item">
      <ProfessionalHeader
        summary={entry.summary}
        variant="card"
        badges={entry.register?.verified ? <VerifiedBadge /> : null}
        registers={entry.register ?? null}
      />
      <ReasonLists reasons={entry.reasons} caveats={entry.caveats} more={entry.moreReasons} />
      <p className="mt-5">
        <Link
          to={profilePath(id)}
          className="text-[0.9375rem] font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
        >
          View full profile<span className="sr-only">{` of ${name}`}</span>
        </Link>
      </p>
      <IntroductionStatusLine status={entry.introduction} />
      {entry.introductionId ? (
        <p className="mt-2">
          <Link
            to={`/introductions/${entry.introductionId}`}
            className="text-[0.9375rem] font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
          >
            {entry.introduction === "accepted" ? "Contact details, messages and first call" : "Open the introduction"}
            <span className="sr-only">{` with ${name}`}</span>
          </Link>
        </p>
      ) : null}
      <ShortlistCardActions id={id} name={name} introduction={entry.introduction} confirmed={confirmed} />
    </li>
  );
}

/** The client's released shortlist: who, why in plain words, and the introduction each one needs first. */
export function ClientShortlist({ entries, confirmed }: { entries: ShortlistCard[]; confirmed: boolean }) {
  return (
    <ol className="space-y-5">
      {entries.map((entry) => (
        <Card key={entry.summary.id} entry={entry} confirmed={confirmed} />
      ))}
    </ol>
  );
}

/** Said above a shortlist of fewer than three: the page promises "If fewer fit, we say so". */
export function FewerThanThree({ count }: { count: number }) {
  if (count >= 3) return null;
  return (
    <p role="note" className="mb-5 rounded-card border border-gold-300/70 bg-ivory-50 p-5 text-[0.9375rem] leading-relaxed text-ink-900" data-testid="fewer-fit">
      {count === 1 ? "Only one professional fits" : `Only ${count} professionals fit`} your answers well enough to put forward. We would
      rather show you fewer than pad the list; our client support team can widen the search with you.
    </p>
  );
}
