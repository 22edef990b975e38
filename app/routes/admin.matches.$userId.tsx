import type { Route } from "./+types/admin.matches.$userId";
import { matchAction, matchLoader } from "~/features/admin/matches/matches.server";
import { MatchPage } from "~/features/admin/matches/match-page";
import { adminMeta } from "~/features/admin/shell/meta";

export const loader = (args: Route.LoaderArgs) => matchLoader(args, args.params.userId);
export const action = (args: Route.ActionArgs) => matchAction(args, args.params.userId);
export const meta: Route.MetaFunction = () => adminMeta("Client shortlist");

export default function AdminMatch({ loaderData }: Route.ComponentProps) {
  return <MatchPage data={loaderData} />;
}
