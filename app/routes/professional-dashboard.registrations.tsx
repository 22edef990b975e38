import type { Route } from "./+types/professional-dashboard.registrations";
import { seo } from "~/platform/seo";
import { DashboardPageHero } from "~/features/professional-home/dashboard-page-hero";
import { registrationsAction, registrationsLoader } from "~/features/vetting/registrations.server";
import { AddRegistrationForm, RegistrationList, RegistrationsAside } from "~/features/vetting/registrations-page";

export const loader = ({ request }: Route.LoaderArgs) => registrationsLoader(request);
export const action = ({ request }: Route.ActionArgs) => registrationsAction(request);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Regulator Registrations",
    description: "The regulator registrations shown on your profile, each with a link to its public register.",
    path: "/professional-dashboard/registrations",
  }),
  { name: "robots", content: "noindex" },
];

export default function Registrations({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <DashboardPageHero title="Regulator Registrations">
        Your registration numbers with the regulators of the countries you serve: the SEC and FINRA, the FCA, Canada&apos;s
        securities administrators, FINMA, MAS and ASIC.
      </DashboardPageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 sm:py-14 lg:grid-cols-12">
        <div className="space-y-8 lg:col-span-8">
          <section aria-labelledby="recorded-heading">
            <h2 id="recorded-heading" className="mb-4 text-xl font-semibold">
              On your profile
            </h2>
            <RegistrationList registrations={loaderData.registrations} />
          </section>
          <AddRegistrationForm
            // A saved or removed registration starts the form afresh (no message left from an earlier try).
            key={loaderData.registrations.map((r) => `${r.register}:${r.number}`).join(",")}
            registers={loaderData.registers}
            lastResult={actionData}
          />
        </div>
        <aside className="lg:col-span-4">
          <RegistrationsAside />
        </aside>
      </div>
    </>
  );
}
