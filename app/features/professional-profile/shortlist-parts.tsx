import { Form, useNavigation } from "react-router";
import { isPending, useIsPending } from "~/platform/ui/use-is-pending";
import type { IntroductionStatus } from "~/platform/schema";
import { buttonClass } from "~/platform/ui/button";
import { ErrorList, FormAlert, inputClass } from "~/platform/ui/field";
import { DECLINE_REASON_MAX } from "./decline-schema";

// The parts a shortlist card and the profile page share: the reasons, the introduction, "Not for me".

const STATUS_TEXT: Record<IntroductionStatus, string> = {
  requested: "Introduction requested: waiting for their answer.",
  accepted: "Introduction accepted: their contact details, your messages and a first call are one click away.",
  declined: "They declined this introduction.",
  withdrawn: "You withdrew your request. They no longer see your details.",
  ended: "This introduction has ended.",
};

export const profilePath = (id: number) => `/professionals/${id}`;

type IntroductionTarget = { id: number; name: string; introduction: IntroductionStatus | null };

// The client's home handles both, from a shortlist card and from a profile.
const INTRODUCTIONS_ACTION = "/client-welcome";

/** Request or withdraw an introduction. */
export function IntroductionForm({ entry, confirmed }: { entry: IntroductionTarget; confirmed: boolean }) {
  // One read of the navigation for both questions (a shortlist page has a form a card).
  const navigation = useNavigation();
  const busy = isPending(navigation, { formAction: INTRODUCTIONS_ACTION, state: "submitting" });
  const pending = isPending(navigation, { formAction: INTRODUCTIONS_ACTION, state: "submitting", formData: { professionalId: String(entry.id) } });
  const status = entry.introduction;
  const canRequest = status === null || status === "withdrawn";
  const canWithdraw = status === "requested" || status === "accepted";
  if (!canRequest && !canWithdraw) return null;
  // The server refuses too (requestIntroduction); this says why before anyone presses a button.
  if (canRequest && !confirmed) {
    return (
      <p className="mt-5 text-[0.9375rem] text-slate-600" data-testid="confirm-first">
        Confirm your email address to ask for an introduction: use the link we sent you.
      </p>
    );
  }
  return (
    <Form method="post" action={INTRODUCTIONS_ACTION} className="mt-5">
      <input type="hidden" name="professionalId" value={entry.id} />
      {canRequest ? (
        <button type="submit" name="intent" value="request" className={buttonClass("primary", "w-full py-2.5 sm:w-auto sm:px-6")} disabled={busy}>
          {pending ? "Requesting…" : "Request introduction"}
          <span className="sr-only">{` to ${entry.name}`}</span>
        </button>
      ) : (
        <button type="submit" name="intent" value="withdraw" className={buttonClass("secondary", "w-full py-2.5 sm:w-auto sm:px-6")} disabled={busy}>
          {pending ? "Withdrawing…" : status === "accepted" ? "Withdraw introduction" : "Withdraw request"}
          <span className="sr-only">{` to ${entry.name}`}</span>
        </button>
      )}
    </Form>
  );
}

/**
 * A shortlist card's buttons: request or withdraw the introduction and, while none is live, "Not for me".
 * When both show they share one form (the decline button posts to the professional's page through its
 * own `formAction`, which the browser and React Router both honour): a page of cards renders one form a
 * card instead of two. The profile page uses IntroductionForm and DeclineButton, which also show refusals.
 */
export function ShortlistCardActions({ confirmed, ...entry }: IntroductionTarget & { confirmed: boolean }) {
  const status = entry.introduction;
  const canRequest = status === null || status === "withdrawn";
  // "Not for me" waits until a live introduction is withdrawn (profileAction refuses it too).
  const canDecline = status !== "requested" && status !== "accepted";
  if (!canDecline) return <IntroductionForm entry={entry} confirmed={confirmed} />;
  if (!canRequest || !confirmed) {
    return (
      <>
        <IntroductionForm entry={entry} confirmed={confirmed} />
        <DeclineButton id={entry.id} name={entry.name} />
      </>
    );
  }
  return <RequestOrDecline id={entry.id} name={entry.name} />;
}

function RequestOrDecline({ id, name }: { id: number; name: string }) {
  const navigation = useNavigation();
  const declineAction = profilePath(id);
  const busy = isPending(navigation, { formAction: INTRODUCTIONS_ACTION, state: "submitting" });
  const requesting = isPending(navigation, { formAction: INTRODUCTIONS_ACTION, state: "submitting", formData: { professionalId: String(id) } });
  const declining = isPending(navigation, { formAction: declineAction, state: "submitting", formData: { intent: "decline" } });
  return (
    <Form method="post" action={INTRODUCTIONS_ACTION} className="mt-5">
      <input type="hidden" name="professionalId" value={id} />
      <button type="submit" name="intent" value="request" className={buttonClass("primary", "w-full py-2.5 sm:w-auto sm:px-6")} disabled={busy}>
        {requesting ? "Requesting…" : "Request introduction"}
        <span className="sr-only">{` to ${name}`}</span>
      </button>
      <div className="mt-5 border-t border-ink-100 pt-4">
        <NotForMeButton name={name} busy={declining} formAction={declineAction} />
      </div>
    </Form>
  );
}

export function IntroductionStatusLine({ status }: { status: IntroductionStatus | null }) {
  return status ? (
    <p role="status" className="mt-5 text-[0.9375rem] font-medium text-ink-900" data-testid="introduction-status">
      {STATUS_TEXT[status]}
    </p>
  ) : null;
}

// A reason's dot is rendered by CSS rather than an element of its own: a shortlist page holds fifteen.
const BULLET = "flex gap-2 before:mt-2 before:h-1.5 before:w-1.5 before:shrink-0 before:rounded-full";

/**
 * "Why they fit you" (only what fits) and, apart, "Worth knowing" (what does not, said neutrally).
 * `more`: reasons left off here (a shortlist card shows the strongest; the profile has them all).
 */
export function ReasonLists({ reasons, caveats, more = 0 }: { reasons: readonly string[]; caveats: readonly string[]; more?: number }) {
  return (
    <>
      {reasons.length > 0 ? (
        <div data-testid="why-they-fit">
          <h4 className="mt-5 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-gold-700">Why they fit you</h4>
          <ul className="mt-2 space-y-1.5 text-[0.9375rem] leading-relaxed text-ink-800">
            {reasons.map((reason) => (
              <li key={reason} className={`${BULLET} before:bg-gold-400`}>
                {reason}
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="mt-1.5 pl-3.5 text-sm text-slate-600">
              {more === 1 ? "And one more reason on their full profile." : `And ${more} more reasons on their full profile.`}
            </p>
          ) : null}
        </div>
      ) : null}
      {caveats.length > 0 ? (
        <div data-testid="worth-knowing">
          <h4 className="mt-4 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">Worth knowing</h4>
          <ul className="mt-2 space-y-1.5 text-[0.9375rem] leading-relaxed text-slate-600">
            {caveats.map((caveat) => (
              <li key={caveat} className={`${BULLET} before:border before:border-slate-400`}>
                {caveat}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** "Not for me" as one button (intent=decline), on a shortlist card beside the request and on the profile alone. */
function NotForMeButton({ name, busy, formAction }: { name: string; busy: boolean; formAction?: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value="decline"
      formAction={formAction}
      className="cursor-pointer text-sm font-medium text-slate-600 underline decoration-ink-200 underline-offset-4 hover:text-ink-900 disabled:cursor-wait"
      disabled={busy}
    >
      {busy ? "Saving…" : "Not for me"}
      <span className="sr-only">{`: ${name}`}</span>
    </button>
  );
}

/** What the profile's action hands back when a decline is refused: the words and the text as typed. */
export type DeclineRefusal = { errors: string[]; formErrors: string[]; reason: string };

/**
 * "Not for me": one press, undone as easily (UndoDecline). A plain form posted to the professional's page;
 * the reason is asked afterwards (DeclineReasonForm), for whoever wants to give one.
 */
export function DeclineButton({ id, name, refusal }: { id: number; name: string; refusal?: DeclineRefusal | null }) {
  const action = profilePath(id);
  const busy = useIsPending({ formAction: action, state: "submitting", formData: { intent: "decline" } });
  const formErrors = refusal?.formErrors ?? [];
  return (
    <Form method="post" action={action} className="mt-5 border-t border-ink-100 pt-4">
      {formErrors.length > 0 ? <FormAlert>{formErrors.join(" ")}</FormAlert> : null}
      <NotForMeButton name={name} busy={busy} />
    </Form>
  );
}

/**
 * Why a declined professional is not for them, optional and read only by our team (the admin sees it on
 * the client's review). Posted to the professional's page, which checks it with DeclineSchema and shows a
 * refusal there with the text kept; `<details>` keeps it folded away without JS.
 */
export function DeclineReasonForm({ id, name, reason, refusal }: { id: number; name: string; reason: string | null; refusal?: DeclineRefusal | null }) {
  const action = profilePath(id);
  const busy = useIsPending({ formAction: action, state: "submitting", formData: { intent: "decline" } });
  const reasonId = `decline-reason-${id}`;
  const errors = refusal?.errors ?? [];
  const formErrors = refusal?.formErrors ?? [];
  return (
    <details className="mt-4" open={errors.length > 0 || formErrors.length > 0}>
      <summary className="cursor-pointer text-sm font-medium text-slate-600 underline decoration-ink-200 underline-offset-4 hover:text-ink-900">
        {reason ? "Change your reason" : "Tell us why (optional)"}
        <span className="sr-only">{` for ${name}`}</span>
      </summary>
      <Form method="post" action={action} className="mt-3 space-y-3">
        {formErrors.length > 0 ? <FormAlert>{formErrors.join(" ")}</FormAlert> : null}
        <input type="hidden" name="intent" value="decline" />
        <label htmlFor={reasonId} className="block text-sm font-medium text-ink-800">
          Why not? <span className="font-normal text-slate-600">(only our team reads it)</span>
        </label>
        <textarea
          id={reasonId}
          name="reason"
          rows={3}
          maxLength={DECLINE_REASON_MAX}
          defaultValue={refusal ? refusal.reason : (reason ?? undefined)}
          className={inputClass}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${reasonId}-error` : `${reasonId}-hint`}
        />
        <p id={`${reasonId}-hint`} className="text-sm text-slate-600">
          {`Up to ${DECLINE_REASON_MAX} characters. We may suggest someone else in their place.`}
        </p>
        <ErrorList id={`${reasonId}-error`} errors={errors} />
        <button type="submit" className={buttonClass("secondary", "px-4 py-2")} disabled={busy}>
          {busy ? "Saving…" : "Send to our team"}
          <span className="sr-only">{` (${name})`}</span>
        </button>
      </Form>
    </details>
  );
}

export function UndoDecline({ id, name }: { id: number; name: string }) {
  const action = profilePath(id);
  const busy = useIsPending({ formAction: action, state: "submitting", formData: { intent: "undo-decline" } });
  return (
    <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-3">
      <p className="text-[0.9375rem] text-slate-600" data-testid="declined-note">
        You said they are not for you.
      </p>
      <button type="submit" name="intent" value="undo-decline" className={buttonClass("ghost", "px-3 py-1.5 text-sm underline")} disabled={busy}>
        Undo<span className="sr-only">{` for ${name}`}</span>
      </button>
    </Form>
  );
}
