import { professionals } from "~/platform/schema";
import { localImage } from "~/platform/local-image";
import { EXPERIENCE_RANGES, oneOf, type ExperienceRange } from "~/domain/vocabulary";
import { candidateFrom } from "~/features/matching/shortlists.data.server";
import type { MatchingData } from "~/domain/matching-engine";
import { changedMatchingKeys, MATCHING_LABELS, matchingDataOf } from "~/features/professionals/matching-data";

type ProfessionalRow = typeof professionals.$inferSelect;

/** What the dashboard and the edit form show of a listing: no internal ids or links. */
export type OwnProfile = {
  name: string;
  title: string | null;
  company: string | null;
  email: string;
  phone: string | null;
  location: string | null;
  bio: string | null;
  experienceYears: number | null;
  /** The wizard's range when experience was given as one (experienceYears then its lower bound). */
  experienceRange: ExperienceRange | null;
  specialties: string[];
  /** US dollars a year. */
  feeMinimum: number | null;
  feeSchedule: string | null;
  verified: boolean;
  featured: boolean;
  /** Only an image served by this site: the CSP refuses other hosts, which would leave a broken picture. */
  profileImage: string | null;
  /** The matching data matching uses today. */
  matching: MatchingData;
  /** The professional's own change to it, waiting for an admin (verified professionals only). */
  pending: { submittedAt: string; data: MatchingData; changed: string[] } | null;
};

export function toOwnProfile(row: ProfessionalRow): OwnProfile {
  return {
    name: row.name,
    title: row.title,
    company: row.company,
    email: row.email,
    phone: row.phone,
    location: row.location,
    bio: row.bio,
    experienceYears: row.experienceYears,
    experienceRange: oneOf(EXPERIENCE_RANGES, row.experienceRange) ?? null,
    specialties: row.specialties,
    feeMinimum: row.feeMinimum,
    feeSchedule: row.feeSchedule,
    verified: row.verified,
    featured: row.featured,
    profileImage: localImage(row.profileImage),
    matching: approvedMatching(row),
    pending: pendingOf(row),
  };
}

export const approvedMatching = (row: ProfessionalRow): MatchingData => matchingDataOf(candidateFrom(row));

function pendingOf(row: ProfessionalRow): OwnProfile["pending"] {
  if (!row.pendingMatching) return null;
  const changed = changedMatchingKeys(approvedMatching(row), row.pendingMatching).map((k) => MATCHING_LABELS[k]);
  return { submittedAt: (row.pendingMatchingAt ?? row.createdAt).toISOString(), data: row.pendingMatching, changed };
}
