import { Link } from "react-router";
import type { Route } from "./+types/introductions.$id.call";
import { seo } from "~/platform/seo";
import { Icon } from "~/platform/ui/icons";
import { callAction, callLoader } from "~/features/booking/booking.server";
import { CallPage } from "~/features/booking/call-page";

export const loader = ({ request, params }: Route.LoaderArgs) => callLoader(request, params.id);
export const action = ({ request, params }: Route.ActionArgs) => callAction(request, params.id);

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...seo(matches, {
    title: "First Call",
    description: "Book, move or cancel the first call of an introduction.",
    path: `/introductions/${params.id}/call`,
  }),
  { name: "robots", content: "noindex" },
];

export default function FirstCall({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-3xl px-6 pb-8 pt-8 sm:pb-10 sm:pt-12">
          <Link
            to={`/introductions/${loaderData.introductionId}`}
            className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-ink-900"
          >
            <Icon name="arrow" className="h-4 w-4 rotate-180" />
            Introduction
          </Link>
          <h1 className="mt-4 text-3xl font-semibold leading-tight [overflow-wrap:anywhere] sm:text-5xl">First call with {loaderData.otherName}</h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-slate-600 sm:text-lg">
            {loaderData.side === "client"
              ? "A complimentary first conversation to see whether you want to work together. Choose a time in the next 21 days."
              : "The first conversation with a client whose introduction you accepted."}
          </p>
        </div>
      </section>
      <CallPage page={loaderData} error={actionData} />
    </>
  );
}
