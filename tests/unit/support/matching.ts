import type { professionals } from "~/platform/schema";

/** Matching data the engine counts as complete (every required field set). */
export const COMPLETE_MATCHING = {
  services: ["Investment Management", "Tax Planning"],
  experienceYears: 12,
  aumRange: "100-500M",
  clientProfiles: ["HNWI", "UHNWI"],
  communication: ["email", "video"],
  countriesServed: ["US", "UK"],
  feeModel: "fee-only",
  impactInvesting: false,
  languages: ["English"],
} satisfies Partial<typeof professionals.$inferInsert>;
