import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "~/platform/settings";

/**
 * Marketing figures and contact details as the admin last saved them. The root loader reads them once
 * per request. Pages render only when it succeeded (its failure draws root's error boundary instead),
 * so no defaults ship to the browser to stand in for them.
 */
export function useSiteSettings(): SiteSettings {
  // The root route is the app's top layer, so its loader's type is named here rather than imported.
  const root = useRouteLoaderData("root") as { settings: SiteSettings } | undefined;
  if (!root) throw new Error("useSiteSettings: a page rendered without the root loader's data");
  return root.settings;
}

/** A phone number as a tel: link wants it: digits and a leading plus only. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
