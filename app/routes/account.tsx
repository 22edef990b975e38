import { Link } from "react-router";
import type { Route } from "./+types/account";
import { seo } from "~/platform/seo";
import { CornerRings } from "~/platform/ui/decoration";
import { accountAction, accountLoader } from "~/features/account/account-settings.server";
import { EmailForm, NameForm, PasswordForm, SignOutEverywhere, TimeZoneForm, YourDataLinks } from "~/features/account/account-settings-forms";
import { RecoveryCodes, TwoFactorEnrol, TwoFactorOff, TwoFactorOn, type TwoFactorScope } from "~/features/auth/two-factor-panels";

export const loader = (args: Route.LoaderArgs) => accountLoader(args);
export const action = (args: Route.ActionArgs) => accountAction(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Account settings", description: "Your WealthMatch account: name, email, password, time zone and sign-in security.", path: "/account" }),
  { name: "robots", content: "noindex" },
];

const SCOPE: TwoFactorScope = { signIn: "WealthMatch", path: "/account" };

/** Every member's own settings (docs/decisions/038): one small form per section. */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, pendingEmail, firstName, lastName, isProfessional, isAdmin, timeZone, zones, home, twoFactor } = loaderData;
  const intent = actionData?.intent ?? null;
  const replyFor = (which: string) => (intent === which ? actionData?.reply : undefined);
  const shown = actionData?.shown ?? null;
  return (
    <>
      <section className="relative overflow-hidden border-b border-ink-100 bg-ivory-50">
        <CornerRings />
        <div className="relative mx-auto max-w-6xl px-6 pb-10 pt-10 sm:pb-12 sm:pt-14">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Your account</p>
          <h1 className="mt-3 text-3xl font-semibold leading-tight sm:text-5xl">Account settings</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">
            Your name, your email address, your password and how you sign in. Every change is recorded for your security.
          </p>
          <p className="mt-5 text-[0.9375rem] text-ink-800">
            <Link to={home} className="font-semibold underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900">
              Back to your home page
            </Link>
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl space-y-6 px-6 py-10 sm:py-14">
        <NameForm key={`${firstName}|${lastName}`} firstName={firstName} lastName={lastName} isProfessional={isProfessional} lastResult={replyFor("name")} />
        {/* A new change waiting (or none) starts an empty form: the address and password just sent are not left in it. */}
        <EmailForm key={`${email}|${pendingEmail?.newEmail ?? ""}|${pendingEmail?.until ?? ""}`} email={email} pending={pendingEmail} lastResult={replyFor("email")} />
        <PasswordForm lastResult={replyFor("password")} />
        <TimeZoneForm current={timeZone} zones={zones} lastResult={replyFor("time-zone")} hoursInstead={isProfessional && !isAdmin} />
        <div id="two-factor" className="scroll-mt-24 space-y-6">
          {shown ? <RecoveryCodes codes={shown.recoveryCodes} reason={shown.reason} scope={SCOPE} /> : null}
          {twoFactor.status === "off" ? <TwoFactorOff scope={SCOPE} /> : null}
          {twoFactor.status === "enrolling" ? (
            <TwoFactorEnrol qrSvg={twoFactor.qrSvg} secretKey={twoFactor.key} lastResult={intent === "confirm" ? actionData?.reply : undefined} />
          ) : null}
          {twoFactor.status === "on" && !shown ? (
            <TwoFactorOn scope={SCOPE} since={twoFactor.since} recoveryCodesLeft={twoFactor.recoveryCodesLeft} intent={intent === "regenerate" || intent === "disable" ? intent : null} lastResult={actionData?.reply} />
          ) : null}
        </div>
        <SignOutEverywhere />
        <YourDataLinks />
      </div>
    </>
  );
}
