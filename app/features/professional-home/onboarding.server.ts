import type { professionals } from "~/platform/schema";
import { getSettings } from "~/platform/settings.server";
import { missingMatchingData, type MatchingKey } from "~/domain/matching-engine";
import { meetsMinimumExperience, verificationExpiresAt, verificationState } from "~/domain/vetting";
import { MATCHING_LABELS } from "~/features/professionals/matching-data";
import { approvedMatching } from "~/features/professionals/own-professional.server";
import { checkedItemsOf } from "~/features/vetting/vetting.data.server";
import { checkedRegistrations } from "~/features/registers/records.data.server";
import { automaticRegisterCheck } from "~/features/registers/vetting-registers.server";
import { availabilityOf } from "~/features/booking/booking.data.server";
import type { PlanStatus } from "~/features/billing/plan-status.server";
import { onboardingView, type OnboardingFacts, type OnboardingView } from "./onboarding";

type ProfessionalRow = typeof professionals.$inferSelect;

/** What the profile lacks for our review, in the words the checklist prints ("your professional title"). */
export function profileMissing(row: ProfessionalRow): string[] {
  const own = [
    row.title?.trim() ? null : "your professional title",
    row.bio?.trim() ? null : "a short biography",
    row.feeSchedule?.trim() ? null : "your fee schedule",
  ];
  const matching = missingMatchingData(approvedMatching(row)).map((key) => (MATCHING_LABELS[key as MatchingKey] ?? key).toLowerCase());
  return [...own.filter((w): w is string => w !== null), ...matching];
}

/**
 * The dashboard's onboarding checklist for a linked entry: its profile, registrations, weekly hours, our
 * team's review (which items are ticked, never by whom or with what note) and its plan (`plan`: the
 * dashboard's plan status, null with billing off) and whether the account's address is confirmed.
 */
export async function onboardingOf(row: ProfessionalRow, plan: PlanStatus | null, emailConfirmed: boolean, now = new Date()): Promise<OnboardingView> {
  const [checked, ticked, hours, settings] = await Promise.all([checkedRegistrations(row), checkedItemsOf(row.id), availabilityOf(row.id), getSettings()]);
  // A register check the import filled (every registration confirmed by its register's records) counts as done.
  const automatic = automaticRegisterCheck(checked, now) && !ticked.includes("register") ? (["register"] as const) : [];
  const facts: OnboardingFacts = {
    profileMissing: profileMissing(row),
    registrations: checked.length,
    exemption: Boolean(row.registerExemption),
    availability: hours && hours.weekly.length ? { timeZone: hours.timeZone } : null,
    plan: plan ? { state: plan.state, name: plan.plan?.name ?? null } : null,
    verification: {
      // A verified row without a date (written by hand) is taken as it stands, as matching takes it.
      state: row.verified && !row.verifiedAt ? "current" : verificationState(row.verified, row.verifiedAt, now),
      expiresAt: row.verified && row.verifiedAt ? verificationExpiresAt(row.verifiedAt).toISOString() : null,
      paused: row.pausedAt !== null,
    },
    checksDone: [...ticked, ...automatic],
    experienceMeets: meetsMinimumExperience(row.experienceYears, row.experienceRange),
    feeSchedule: Boolean(row.feeSchedule?.trim()),
    reviewTime: settings.vetting.reviewTime,
    emailConfirmed,
  };
  return onboardingView(facts);
}
