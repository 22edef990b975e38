import type { Route } from "./+types/sitemap[.]xml";
import { sitemapLoader } from "~/features/site/site.server";

export const loader = ({ request }: Route.LoaderArgs) => sitemapLoader(request);
