import type { Route } from "./+types/admin.newsletter.subscribers[.]csv";
import { subscribersCsvLoader } from "~/features/newsletter/newsletter.server";

export const loader = (args: Route.LoaderArgs) => subscribersCsvLoader(args);
