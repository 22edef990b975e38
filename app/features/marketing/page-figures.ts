// Which figures each public page quotes, in its order: the pages pick from here, the settings form says
// where each figure is shown, and the e2e walk knows what every page should show. A type-only import
// (erased), so the e2e specs can import it as it is.
import type { StatKey } from "~/domain/marketing-figures";

export const PAGE_FIGURES = {
  "/": { name: "Home", keys: ["vettedProfessionals", "assets", "matches", "satisfaction"] },
  "/about": { name: "About", keys: ["matches", "assets", "satisfaction", "longTermRelationships"] },
  "/services": { name: "Services", keys: ["vettedProfessionals", "activeClients", "averageClientAum", "satisfaction"] },
  "/professionals": { name: "Professionals", keys: ["vettedProfessionals", "renewal", "activeClients", "averageClientAum"] },
  "/matching": { name: "Matching", keys: ["matches", "longTermRelationships", "satisfaction", "vettedProfessionals"] },
  "/press": {
    name: "Press",
    keys: ["vettedProfessionals", "activeClients", "matches", "assets", "satisfaction", "longTermRelationships", "renewal", "averageClientAum"],
  },
} as const satisfies Record<string, { name: string; keys: readonly StatKey[] }>;

export type FigurePage = keyof typeof PAGE_FIGURES;

/** "Home, Services, Press": the pages that quote `key`, for the admin. */
export function pagesQuoting(key: StatKey): string {
  return Object.values(PAGE_FIGURES)
    .filter((page) => (page.keys as readonly StatKey[]).includes(key))
    .map((page) => page.name)
    .join(", ");
}
