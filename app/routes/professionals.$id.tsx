import type { Route } from "./+types/professionals.$id";
import { seo } from "~/platform/seo";
import { profileAction, profileLoader } from "~/features/professional-profile/profile.server";
import { ProfilePage } from "~/features/professional-profile/profile-page";

export const loader = (args: Route.LoaderArgs) => profileLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => profileAction(args, args.params.id);

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...seo(matches, {
    title: data?.profile.name ?? "Professional",
    description: "A professional's profile on WealthMatch: experience, services, qualifications and how they are paid.",
    path: data ? `/professionals/${data.profile.id}` : "/professionals",
  }),
  { name: "robots", content: "noindex" },
];

export default function Professional({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage mode={loaderData.mode} profile={loaderData.profile} client={loaderData.client} declineRefusal={actionData?.refusal} registers={loaderData.registers} exemption={loaderData.exemption} registerUpdate={loaderData.registerUpdate} checked={loaderData.checked} />;
}
