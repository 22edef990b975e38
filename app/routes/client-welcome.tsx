import { Link } from "react-router";
import type { Route } from "./+types/client-welcome";
import { AnchoredFlash } from "~/platform/ui/flash-message";
import { seo } from "~/platform/seo";
import { clientWelcomeLoader } from "~/features/client-home/client-welcome.server";
import { SignOutButton } from "~/features/auth/sign-out-button";
import { Icon } from "~/platform/ui/icons";
import { NextSteps } from "~/features/client-home/next-steps";
import { SupportContact } from "~/features/client-home/support-contact";
import { YourData } from "~/features/account/your-data";
import { EndedIntroductions } from "~/features/account/ended-introductions";
import { YourAnswers } from "~/features/client-home/your-answers";
import { ConfirmEmailBanner } from "~/features/client-home/confirm-email-banner";
import { buttonClass } from "~/platform/ui/button";
import { CornerRings } from "~/platform/ui/decoration";
import { ClientShortlist, FewerThanThree } from "~/features/client-home/client-shortlist";
import { PaidDisclosure } from "~/features/matching/paid-disclosure";
import { clientIntroductionAction } from "~/features/introductions/introductions.server";
import { shortlistPromise } from "~/platform/settings";
import { UnreadMessages } from "~/features/introductions/unread-messages";
import { PendingOutcomes } from "~/features/outcomes/pending-outcomes";
import { UpcomingCalls } from "~/features/booking/upcoming-calls";

export const loader = ({ request }: Route.LoaderArgs) => clientWelcomeLoader(request);
export const action = (args: Route.ActionArgs) => clientIntroductionAction(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Welcome",
    description: "Your WealthMatch membership has begun: what happens next and how to reach our client support team.",
    path: "/client-welcome",
  }),
  { name: "robots", content: "noindex" },
];

export default function ClientWelcome({ loaderData }: Route.ComponentProps) {
  const { name, isProfessional, isClient, email, emailConfirmed, support, supportHours, shortlist, pendingIntroductions, endedIntroductions, unreadMessages, pendingOutcomes, upcomingCalls } = loaderData;
  const promise = shortlistPromise(supportHours);
  return (
    <>
      {emailConfirmed ? null : <ConfirmEmailBanner email={email} returnTo="/client-welcome" audience="client" />}
      <section className="relative overflow-hidden border-b border-ink-100 bg-ivory-50">
        <CornerRings />
        <div className="relative mx-auto max-w-6xl px-6 pb-10 pt-10 sm:pb-14 sm:pt-16">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Welcome to WealthMatch</p>
          <h1 className="mt-3 max-w-4xl text-3xl font-semibold leading-tight [overflow-wrap:anywhere] sm:text-5xl">
            Welcome, {name}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">
            {/* An unconfirmed address is asked for once, by the banner above (docs/decisions/042). */}
            {shortlist
              ? "Your shortlist is ready. Read why each professional fits you, and ask for an introduction to those you would like to meet."
              : emailConfirmed
                ? "Thank you for joining WealthMatch. Your journey to the right wealth professionals has begun, and there is nothing more you need to do for now."
                : "Thank you for joining WealthMatch. Your journey to the right wealth professionals has begun."}
          </p>
          {isProfessional ? (
            <p className="mt-5 text-[0.9375rem] text-ink-800">
              Signed in as a professional?{" "}
              <Link
                to="/professional-dashboard"
                className="font-semibold underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
              >
                Go to your dashboard
              </Link>
            </p>
          ) : null}
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-8">
          {upcomingCalls.calls.length > 0 ? (
            <div className="mb-10">
              <UpcomingCalls calls={upcomingCalls.calls} timeZone={upcomingCalls.timeZone} />
            </div>
          ) : null}
          {pendingOutcomes.length > 0 ? (
            <div className="mb-10">
              <PendingOutcomes items={pendingOutcomes} />
            </div>
          ) : null}
          <section id="shortlist" aria-labelledby="shortlist-heading" className="mb-12 scroll-mt-24">
            <h2 id="shortlist-heading" className="text-2xl font-semibold sm:text-3xl">
              Your shortlist
            </h2>
            <AnchoredFlash anchor="shortlist" className="mt-4" />
            <p className="mt-2 max-w-2xl leading-relaxed text-slate-600">
              A professional sees nothing about you until you ask for an introduction to them. When you do, they see your
              name, objectives, net-worth band and how you prefer to be contacted. You can withdraw a request at any time.
            </p>
            <div className="mt-6">
              <div className="mb-6 empty:hidden">
                <UnreadMessages unread={unreadMessages} />
              </div>
              <EndedIntroductions ended={endedIntroductions} />
              {shortlist === null ? (
                <>
                  <p className="rounded-card border border-dashed border-ink-200 bg-white p-6 text-[0.9375rem] leading-relaxed text-slate-600">
                    Your shortlist is being prepared. Our team reviews it and releases it to you {promise}; we will email you
                    when it is ready.
                  </p>
                  {pendingIntroductions.length > 0 ? (
                    <div className="mt-8">
                      <h3 className="text-xl font-semibold">Introductions you asked for</h3>
                      <p className="mt-1 max-w-2xl text-[0.9375rem] leading-relaxed text-slate-600">
                        They stay in place while your new shortlist is reviewed. You can withdraw any of them.
                      </p>
                      <div className="mt-4">
                        <PaidDisclosure className="mb-5" />
                        <ClientShortlist entries={pendingIntroductions} confirmed={emailConfirmed} />
                      </div>
                    </div>
                  ) : null}
                </>
              ) : shortlist.entries.length === 0 ? (
                <p className="rounded-card border border-dashed border-ink-200 bg-white p-6 text-[0.9375rem] leading-relaxed text-slate-600">
                  No professional on your shortlist is available any more. Our client support team will help you.
                </p>
              ) : (
                <>
                  <PaidDisclosure className="mb-5" />
                  <FewerThanThree count={shortlist.entries.length} />
                  <ClientShortlist entries={shortlist.entries} confirmed={emailConfirmed} />
                </>
              )}
            </div>
          </section>

          <h2 className="text-2xl font-semibold sm:text-3xl">What happens next</h2>
          <p className="mt-2 max-w-2xl leading-relaxed text-slate-600">
            Three steps stand between you and a first conversation with professionals chosen for you.
          </p>
          <div className="mt-8">
            <NextSteps promise={promise} />
          </div>

          <div className="mt-8 flex gap-4 rounded-card border border-gold-300/70 bg-ivory-50 p-5 sm:p-6">
            <Icon name="shield" className="mt-0.5 h-6 w-6 shrink-0 text-gold-700" />
            <div>
              <p className="font-semibold text-ink-900">Your privacy comes first</p>
              <p className="mt-1 text-[0.9375rem] leading-relaxed text-slate-600">
                A professional sees your details only after you ask for an introduction to them, and only your name,
                objectives, net-worth band and preferred contact. You decide whom you meet.
              </p>
            </div>
          </div>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            {/* A member's home is this page: the way back is to their shortlist, not to the marketing home. */}
            <a href="#shortlist" className={buttonClass("primary", "py-3 sm:min-w-44")}>
              Back to your shortlist
            </a>
            <SignOutButton className="sm:min-w-44" buttonClassName="py-3" />
          </div>
        </div>

        <aside className="space-y-8 lg:col-span-4">
          <SupportContact
            intro="Questions about your profile or your matches? Our client support team is glad to help."
            support={support}
            supportHours={supportHours}
          />
          {isClient ? <YourAnswers /> : null}
          <YourData />
        </aside>
      </div>
    </>
  );
}
