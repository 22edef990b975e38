import { config } from "~/config.server";

/** The public origin for canonical links and the sitemap: PUBLIC_URL when set, else the request's own. */
export function siteUrl(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}
