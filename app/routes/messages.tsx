import type { Route } from "./+types/messages";
import { seo } from "~/platform/seo";
import { messagesLoader } from "~/features/members/member-pages.server";
import { MessageList } from "~/features/introductions/message-list";
import { Empty, MemberPageHead } from "~/features/members/member-page";

export const loader = ({ request }: Route.LoaderArgs) => messagesLoader(request);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Messages", description: "Your messages with the people you were introduced to on WealthMatch.", path: "/messages" }),
  { name: "robots", content: "noindex" },
];

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, timeZone } = loaderData;
  return (
    <>
      <MemberPageHead eyebrow="Your messages" title="Messages">
        Everything written in your introductions, newest first. Open one to read the whole conversation and to reply.
      </MemberPageHead>
      <div className="mx-auto max-w-6xl px-6 py-10 sm:py-14">
        {total === 0 ? (
          <Empty>No messages yet. Once an introduction is accepted, you and the other side can write to each other on its page.</Empty>
        ) : (
          <MessageList rows={rows} total={total} page={page} pageCount={pageCount} timeZone={timeZone} />
        )}
      </div>
    </>
  );
}
