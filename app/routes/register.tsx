import type { Route } from "./+types/register";
import { seo } from "~/platform/seo";
import { wizardAction, wizardLoader } from "~/features/registration/register.server";
import { RegistrationWizard } from "~/features/registration/registration-wizard";

export const loader = ({ request }: Route.LoaderArgs) => wizardLoader(request);
export const action = (args: Route.ActionArgs) => wizardAction(args);

// Step 3 is rendered with the password the person typed; no cache may keep that page.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Create Your Account",
    description:
      "Join WealthMatch as a Wealth Creator or a Financial Professional: a few short steps to be matched on values, expertise and objectives.",
    path: "/register",
  });

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-7 pt-9 sm:pb-10 sm:pt-14">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Join WealthMatch</p>
          <h1 className="mt-3 text-3xl font-semibold leading-tight sm:text-5xl">Create your account</h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:mt-4 sm:text-lg">
            A few short questions, so we can match Wealth Creators and Financial Professionals on values, expertise
            and objectives. It takes about five minutes.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-6 py-8 sm:py-14">
        <RegistrationWizard
          key={`${view.userType ?? "none"}-${view.step}`}
          view={view}
          result={actionData?.result}
        />
      </div>
    </>
  );
}
