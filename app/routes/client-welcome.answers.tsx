import { Link } from "react-router";
import type { Route } from "./+types/client-welcome.answers";
import { seo } from "~/platform/seo";
import { clientAnswersAction, clientAnswersLoader } from "~/features/client-home/client-answers.server";
import { ClientAnswersForm } from "~/features/client-home/client-answers-form";
import { Icon } from "~/platform/ui/icons";

export const loader = (args: Route.LoaderArgs) => clientAnswersLoader(args);
export const action = (args: Route.ActionArgs) => clientAnswersAction(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Your Answers",
    description: "Keep the answers we match you on current: country, objectives, wealth profile and what matters to you in an advisor.",
    path: "/client-welcome/answers",
  }),
  { name: "robots", content: "noindex" },
];

export default function ClientAnswers({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-6xl px-6 pb-8 pt-8 sm:pb-10 sm:pt-12">
          <Link to="/client-welcome" className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900">
            <Icon name="arrow" className="h-4 w-4 rotate-180" />
            Welcome
          </Link>
          <h1 className="mt-4 text-3xl font-semibold leading-tight sm:text-5xl">Your answers</h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">
            What we match you on. When you save a change, our team reviews a fresh shortlist for you before you see it.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-6 py-10 sm:py-14">
        <ClientAnswersForm values={loaderData.values} lastResult={actionData} />
      </div>
    </>
  );
}
