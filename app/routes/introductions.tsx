import { Link } from "react-router";
import type { Route } from "./+types/introductions";
import { seo } from "~/platform/seo";
import { introductionsLoader } from "~/features/members/member-pages.server";
import { professionalIntroductionAction } from "~/features/introductions/introductions.server";
import { ClientIntroductionList } from "~/features/introductions/client-introduction-list";
import { ProfessionalIntroductions } from "~/features/introductions/professional-introductions";
import { Empty, MemberPageHead } from "~/features/members/member-page";

export const loader = ({ request }: Route.LoaderArgs) => introductionsLoader(request);
// The professional's Accept and Decline, as on the dashboard (they return there with the answer).
export const action = (args: Route.ActionArgs) => professionalIntroductionAction(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Introductions", description: "Your WealthMatch introductions and where each one stands.", path: "/introductions" }),
  { name: "robots", content: "noindex" },
];

export default function Introductions({ loaderData }: Route.ComponentProps) {
  const { asClient, asProfessional } = loaderData;
  return (
    <>
      <MemberPageHead eyebrow="Your introductions" title="Introductions">
        {asProfessional
          ? "The clients who asked to be introduced to you, newest first. Open one for their details, your messages and the first call."
          : "The professionals you asked to meet, newest first. Open one for where it stands, your messages and the first call."}
      </MemberPageHead>
      <div className="mx-auto max-w-6xl space-y-12 px-6 py-10 sm:py-14">
        {asProfessional ? <ProfessionalIntroductions {...asProfessional} /> : null}
        {asClient.length > 0 ? (
          <section aria-labelledby="asked-heading">
            {asProfessional ? (
              <h2 id="asked-heading" className="mb-5 text-2xl font-semibold">
                Introductions you asked for
              </h2>
            ) : (
              <h2 id="asked-heading" className="sr-only">
                Introductions you asked for
              </h2>
            )}
            <ClientIntroductionList rows={asClient} />
          </section>
        ) : asProfessional ? null : (
          <Empty>
            You have not asked for an introduction yet. Once your shortlist is ready, ask for one from{" "}
            <Link to="/client-welcome#shortlist" className="font-medium text-ink-900 underline decoration-gold-400 underline-offset-4">
              your shortlist
            </Link>
            .
          </Empty>
        )}
      </div>
    </>
  );
}
