import type { Route } from "./+types/admin.newsletter.subscribers[.]csv";
import { noFormsYetAction } from "~/features/admin/shell/guard.server";
import { subscribersCsvLoader } from "~/features/newsletter/newsletter.server";

export const loader = (args: Route.LoaderArgs) => subscribersCsvLoader(args);
// No form here: a post is an admin check like any other, then 405.
export const action = (args: Route.ActionArgs) => noFormsYetAction(args);
