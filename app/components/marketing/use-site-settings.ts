import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { DEFAULT_SETTINGS, type SiteSettings } from "~/platform/settings";

/**
 * Marketing figures and contact details as the admin last saved them. The root loader reads them once
 * per request; the seeded values only stand in when the root data is missing (an error page).
 */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<typeof rootLoader>("root")?.settings ?? DEFAULT_SETTINGS;
}

/** A phone number as a tel: link wants it: digits and a leading plus only. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
