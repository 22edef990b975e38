import { Form, Link } from "react-router";
import { VerificationNotice, vettingNeedsWord } from "~/features/vetting/verification-notice";
import { OnboardingChecklist } from "~/features/professional-home/onboarding-checklist";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import type { Route } from "./+types/professional-dashboard";
import { seo } from "~/platform/seo";
import { dashboardAction, dashboardLoader } from "~/features/professional-home/dashboard.server";
import { SignOutButton } from "~/features/auth/sign-out-button";
import { SupportContact } from "~/features/client-home/support-contact";
import { YourData } from "~/features/account/your-data";
import { Icon } from "~/platform/ui/icons";
import { ProfileCard } from "~/features/professionals/profile-card";
import { ProfileNotFound } from "~/features/professional-home/profile-not-found";
import { StatCards } from "~/features/professional-home/stat-cards";
import { Button, buttonClass } from "~/platform/ui/button";
import { PendingMatchingNotice } from "~/features/professional-home/pending-matching-notice";
import { ProfessionalIntroductions } from "~/features/introductions/professional-introductions";
import { UnreadMessages } from "~/features/introductions/unread-messages";
import { UpcomingCalls } from "~/features/booking/upcoming-calls";
import { ConfirmEmailBanner } from "~/features/client-home/confirm-email-banner";
import { PendingOutcomes } from "~/features/outcomes/pending-outcomes";
import { ActivityCard, PlanStatusCard } from "~/features/billing/plan-cards";

export const loader = ({ request }: Route.LoaderArgs) => dashboardLoader(request);
export const action = (args: Route.ActionArgs) => dashboardAction(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Professional Dashboard",
    description: "Your WealthMatch professional profile, its verification status and how to keep it current.",
    path: "/professional-dashboard",
  }),
  { name: "robots", content: "noindex" },
];

export default function ProfessionalDashboard({ loaderData }: Route.ComponentProps) {
  const { profile, editable, introductions, unreadMessages, pendingOutcomes, upcomingCalls, email, emailConfirmed, support, supportHours } = loaderData;
  const linking = useIsPendingHere({ formData: { intent: "link" } });
  const banner = emailConfirmed ? null : <ConfirmEmailBanner email={email} returnTo="/professional-dashboard" audience="professional" />;
  if (!profile) {
    return (
      <>
        {banner}
        <ProfileNotFound support={support} />
      </>
    );
  }
  const firstName = profile.name.trim().split(/\s+/)[0] ?? profile.name;
  const onboarding = "onboarding" in loaderData ? loaderData.onboarding : null;
  const vetting = "vetting" in loaderData ? loaderData.vetting : null;
  // A request to answer (or, address unconfirmed, the word that someone asked) puts the list first.
  const awaitingAnswer = introductions ? (introductions.hidden ? introductions.total > 0 : introductions.rows.some((r) => r.status === "requested")) : false;
  return (
    <>
      {banner}
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-6 pb-8 pt-10 sm:flex-row sm:items-end sm:justify-between sm:pb-10 sm:pt-14">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">
              {"returning" in loaderData && loaderData.returning ? "Welcome back" : "Welcome"}, {firstName}
            </p>
            <h1 className="mt-3 text-3xl font-semibold leading-tight sm:text-5xl">Professional Dashboard</h1>
            <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">
              Your profile as our vetting team sees it.
              {"previewPath" in loaderData && loaderData.previewPath ? (
                <>
                  {" "}
                  <Link
                    to={loaderData.previewPath}
                    className="font-semibold text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
                  >
                    See your profile as clients see it
                  </Link>
                </>
              ) : null}
            </p>
          </div>
          {/* From 768 px the header's Sign Out is in view; below it the header's sits in the closed menu. */}
          <SignOutButton className="shrink-0 sm:min-w-36 md:hidden" />
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-8 px-6 py-10 sm:py-14">
        {/* What waits for the professional's answer comes first: on a phone the figures below take screens. */}
        {introductions && awaitingAnswer ? <ProfessionalIntroductions {...introductions} /> : null}
        <UnreadMessages unread={unreadMessages} />
        <PendingOutcomes items={pendingOutcomes} />
        {onboarding && !onboarding.complete ? <OnboardingChecklist view={onboarding} /> : null}

        <StatCards profile={profile} steps={onboarding ? { done: onboarding.done, total: onboarding.steps.length } : null} />
        {profile.pending ? <PendingMatchingNotice pending={profile.pending} /> : null}
        {vetting && vettingNeedsWord(vetting) ? <VerificationNotice view={vetting} /> : null}
        {upcomingCalls ? <UpcomingCalls calls={upcomingCalls.calls} timeZone={upcomingCalls.timeZone} availabilityLink /> : null}
        {"plan" in loaderData && loaderData.plan ? <PlanStatusCard status={loaderData.plan} /> : null}
        {"activity" in loaderData && loaderData.activity ? <ActivityCard figures={loaderData.activity} /> : null}
        {introductions && !awaitingAnswer ? <ProfessionalIntroductions {...introductions} /> : null}
        {onboarding?.complete ? <OnboardingChecklist view={onboarding} /> : null}

        {/* On a phone the Edit Profile card comes before the long profile; on wide screens it sits beside it. */}
        <div className="grid gap-8 lg:grid-cols-12 lg:grid-rows-[auto_1fr]">
          <section
            aria-labelledby="manage-heading"
            className="rounded-card border border-ink-100 bg-ink-900 p-6 text-ivory-100 sm:p-8 lg:col-span-4 lg:col-start-9 lg:row-start-1"
          >
            <Icon name="document" className="h-6 w-6 text-gold-300" />
            <h2 id="manage-heading" className="mt-4 text-xl font-semibold text-ivory-50">
              Manage Your Profile
            </h2>
            {editable ? (
              <>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-100">
                  Keep your title, biography, contact details, specialties and matching details current, so
                  matched clients see an accurate picture of your practice.
                </p>
                <Link to="/professional-dashboard/edit" className={buttonClass("gold", "mt-6 w-full")}>
                  Edit Profile
                </Link>
              </>
            ) : emailConfirmed ? (
              <>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-100">
                  Our team set up this profile for your email address, which you have confirmed. Link it to your
                  account to edit it yourself.
                </p>
                <Form method="post" className="mt-6">
                  <input type="hidden" name="intent" value="link" />
                  <Button type="submit" variant="gold" className="w-full" disabled={linking}>
                    {linking ? "Linking..." : "Link this profile to my account"}
                  </Button>
                </Form>
              </>
            ) : (
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-100">
                Our team set up this profile for your email address. Once you have confirmed the address with the link
                we emailed you, you can link the profile to your account here and edit it yourself.
              </p>
            )}
          </section>
          <div className="lg:col-span-8 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <ProfileCard profile={profile} />
          </div>
          <div className="space-y-8 self-start lg:col-span-4 lg:col-start-9 lg:row-start-2">
            <SupportContact
              title="Questions?"
              intro="To change your name, email or company, or to ask about verification, contact our team."
              support={support}
              supportHours={supportHours}
            />
            <YourData />
          </div>
        </div>
      </div>
    </>
  );
}
