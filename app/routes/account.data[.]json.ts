import type { Route } from "./+types/account.data[.]json";
import { ownDataLoader } from "~/features/account/account.server";

/** The signed-in person's data as one JSON file (docs/decisions/020-your-data.md). */
export const loader = (args: Route.LoaderArgs) => ownDataLoader(args);
