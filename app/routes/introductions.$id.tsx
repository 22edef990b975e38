import { Link } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/introductions.$id";
import { seo } from "~/platform/seo";
import { introductionPageAction, introductionPageLoader } from "~/features/introductions/introduction-page.server";
import { ClientSummary, ContactDetails, FirstCall, MessageThread, stateText } from "~/features/introductions/introduction-page";

export const loader = (args: Route.LoaderArgs) => introductionPageLoader(args);
export const action = (args: Route.ActionArgs) => introductionPageAction(args);

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...seo(matches, {
    title: "Your introduction",
    description: "One WealthMatch introduction: where it stands, how to reach each other, and your private messages.",
    path: `/introductions/${params.id}`,
  }),
  { name: "robots", content: "noindex" },
];

export default function IntroductionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { intro, messages } = loaderData;
  const lastResult = actionData && "result" in actionData && actionData.form === "message" ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const home = intro.side === "client" ? { to: "/client-welcome#shortlist", label: "Back to your shortlist" } : { to: "/professional-dashboard#introductions", label: "Back to your dashboard" };
  const title = intro.side === "client" ? intro.professional.name : (intro.client?.name ?? "An introduction");
  const subtitle = intro.side === "client" ? [intro.professional.title, intro.professional.company].filter(Boolean).join(", ") : "A client who asked WealthMatch to meet you";
  return (
    <>
      <section className="border-b border-ink-100 bg-ivory-50">
        <div className="mx-auto max-w-4xl px-6 pb-8 pt-10 sm:pb-10 sm:pt-14">
          <Link to={home.to} className="text-sm font-medium text-slate-600 underline decoration-ink-200 underline-offset-4 hover:text-ink-900">
            {home.label}
          </Link>
          <p className="mt-6 text-xs font-semibold uppercase tracking-[0.18em] text-gold-700">Your introduction</p>
          <h1 className="mt-3 text-3xl font-semibold leading-tight [overflow-wrap:anywhere] sm:text-5xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-slate-600 sm:text-lg">{subtitle}</p> : null}
          <p role="status" className="mt-5 max-w-2xl text-[0.9375rem] leading-relaxed text-ink-900 sm:text-base" data-testid="introduction-state">
            {stateText(intro)}
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-4xl space-y-8 px-6 py-10 sm:py-14">
        {intro.contact ? <ContactDetails contact={intro.contact} side={intro.side} /> : null}
        {intro.side === "professional" && intro.client && intro.status === "requested" ? <ClientSummary client={intro.client} /> : null}
        {intro.status === "accepted" ? <FirstCall introductionId={intro.id} side={intro.side} call={loaderData.call} /> : null}
        {intro.thread.visible ? <MessageThread intro={intro} messages={messages} lastResult={lastResult} zone={loaderData.zone} /> : null}
      </div>
    </>
  );
}
