import type { Route } from "./+types/admin.users.$id.data[.]json";
import { adminDataLoader } from "~/users/account-data.server";

/** Anyone's data as one JSON file, for an admin; recorded in the audit log. */
export const loader = (args: Route.LoaderArgs) => adminDataLoader(args, args.params.id);
