import type { Route } from "./+types/admin.users.$id.data[.]json";
import { adminDataAction, adminDataLoader } from "~/features/admin/users/users.server";

/** Anyone's data as one JSON file, for an admin; recorded in the audit log. */
export const loader = (args: Route.LoaderArgs) => adminDataLoader(args, args.params.id);
export const action = (args: Route.ActionArgs) => adminDataAction(args);
