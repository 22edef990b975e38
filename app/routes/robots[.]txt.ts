import type { Route } from "./+types/robots[.]txt";
import { robotsLoader } from "~/features/site/site.server";

export const loader = ({ request }: Route.LoaderArgs) => robotsLoader(request);
