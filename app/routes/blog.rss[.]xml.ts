import type { Route } from "./+types/blog.rss[.]xml";
import { rssLoader } from "~/features/blog/blog.server";

export const loader = ({ request }: Route.LoaderArgs) => rssLoader(request);
