import { useRouteLoaderData } from "react-router";
import type { PageSettings } from "~/platform/settings";

/**
 * Contact details as the admin last saved them, and the marketing figures a page may quote (live counts,
 * and set values with their date and source). The root loader reads them once per request. Pages render only when it succeeded (its failure renders root's error boundary instead),
 * so no defaults ship to the browser to stand in for them.
 */
export function useSiteSettings(): PageSettings {
  // The root route is the app's top layer, so its loader's type is named here rather than imported.
  const root = useRouteLoaderData("root") as { settings: PageSettings } | undefined;
  if (!root) throw new Error("useSiteSettings: a page rendered without the root loader's data");
  return root.settings;
}

/** A phone number as a tel: link wants it: digits and a leading plus only. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
