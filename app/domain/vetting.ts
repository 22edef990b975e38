/**
 * The admins' vetting of a professional: the checklist every verification goes through, the published
 * minimum experience, and how long a verification lasts. Pure: the time is always passed in.
 */

/** The minimum experience the site publishes for professionals (the directory's "Who we accept"). */
export const MINIMUM_EXPERIENCE_YEARS = 3;

export const VETTING_ITEMS = ["register", "identity", "experience", "disciplinary", "fees"] as const;
export type VettingItem = (typeof VETTING_ITEMS)[number];

/**
 * Each item as the admin's checklist names it (`label`, `hint`), as a verification's summary lists it
 * (`done`), and as the professional's own checklist names it (`professional`: what our team checks, in
 * the professional's words; never the admin's notes).
 */
export const VETTING_ITEM_INFO: Record<VettingItem, { label: string; done: string; hint: string; professional: string }> = {
  register: {
    label: "Register record checked",
    done: "register record",
    hint: "Look up each registration on its public register; say what you found and on which date.",
    professional: "Your registrations looked up on the regulators' public registers",
  },
  identity: {
    label: "Identity checked",
    done: "identity",
    hint: "A government ID matched against the name on the register record.",
    professional: "Your identity confirmed against the register record",
  },
  experience: {
    label: `At least ${MINIMUM_EXPERIENCE_YEARS} years of experience`,
    done: "experience",
    hint: `The published minimum is ${MINIMUM_EXPERIENCE_YEARS} years; a stated range must start at ${MINIMUM_EXPERIENCE_YEARS} or more.`,
    professional: `Your experience confirmed (at least ${MINIMUM_EXPERIENCE_YEARS} years)`,
  },
  disciplinary: {
    label: "Disciplinary history reviewed",
    done: "disciplinary history",
    hint: "The register's disclosures and the professional's own answer in the application.",
    professional: "Your disciplinary history reviewed",
  },
  fees: {
    label: "Fee schedule received",
    done: "fees",
    hint: "The written fee schedule the professional gives clients.",
    professional: "Your written fee schedule received",
  },
};

/** One ticked item of the checklist. */
export type VettingCheck = {
  item: VettingItem;
  checkedAt: Date;
  checkedBy: string | null;
  /** The register item's date the record was looked at (YYYY-MM-DD) and the admin's note; null elsewhere. */
  checkedOn: string | null;
  note: string | null;
};

/** A ticked item as a verification keeps it (JSON): the time as an ISO string. */
export type StoredVettingCheck = {
  item: VettingItem;
  checkedAt: string;
  checkedBy: string | null;
  checkedOn: string | null;
  note: string | null;
};

/** The items still to tick before "Verify" is allowed (none: the checklist is complete). */
export function missingVettingItems(checks: readonly Pick<VettingCheck, "item">[]): VettingItem[] {
  const done = new Set(checks.map((c) => c.item));
  return VETTING_ITEMS.filter((item) => !done.has(item));
}

/** A sentence naming what was checked, in the checklist's order: "register record, identity, ... and fees". */
export function checkedItemsWords(items: readonly VettingItem[]): string {
  const words = VETTING_ITEMS.filter((i) => items.includes(i)).map((i) => VETTING_ITEM_INFO[i].done);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * The stated experience meets the published minimum: exact years of at least the minimum, or a range
 * whose lower bound is ("0-2" fails, "3-5" and "20+" pass). Nothing stated fails.
 */
export function meetsMinimumExperience(years: number | null, range: string | null = null): boolean {
  if (range) {
    const lower = Number.parseInt(range, 10);
    return Number.isFinite(lower) && lower >= MINIMUM_EXPERIENCE_YEARS;
  }
  return years !== null && years >= MINIMUM_EXPERIENCE_YEARS;
}

/** A verification lasts this many calendar months from the moment it was given. */
export const VERIFICATION_MONTHS = 12;
/** Both the professional and the admins are told this many days before a verification ends. */
export const RENEWAL_NOTICE_DAYS = 30;
const DAY = 24 * 60 * 60_000;

/**
 * When a verification given at `verifiedAt` ends: the same UTC day and time twelve months later, or the
 * month's last day when that month is shorter (29 February becomes 28 February).
 */
export function verificationExpiresAt(verifiedAt: Date): Date {
  const y = verifiedAt.getUTCFullYear();
  const m = verifiedAt.getUTCMonth() + VERIFICATION_MONTHS;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = new Date(verifiedAt.getTime());
  end.setUTCFullYear(y, m, Math.min(verifiedAt.getUTCDate(), lastDay));
  return end;
}

/** The verification still holds at `now`; it ends exactly at verificationExpiresAt. */
export function isVerificationCurrent(verifiedAt: Date | null, now: Date): boolean {
  return verifiedAt !== null && now.getTime() < verificationExpiresAt(verifiedAt).getTime();
}

/**
 * Verified, and the verification has not lapsed: whom a client may be shown and introduced to. A
 * verification without a date (a row written by hand) is taken as it stands.
 */
export function verificationInForce(row: { verified: boolean; verifiedAt: Date | null }, now: Date = new Date()): boolean {
  return row.verified && (row.verifiedAt === null || isVerificationCurrent(row.verifiedAt, now));
}

/** When both sides are told the verification is about to end. */
export function renewalNoticeAt(verifiedAt: Date): Date {
  return new Date(verificationExpiresAt(verifiedAt).getTime() - RENEWAL_NOTICE_DAYS * DAY);
}

export type VerificationState = "unverified" | "current" | "renewal-due" | "expired";

/** Where a professional's verification stands at `now`: renewal is due in its last 30 days. */
export function verificationState(verified: boolean, verifiedAt: Date | null, now: Date): VerificationState {
  if (!verified || verifiedAt === null) return "unverified";
  if (!isVerificationCurrent(verifiedAt, now)) return "expired";
  return now.getTime() >= renewalNoticeAt(verifiedAt).getTime() ? "renewal-due" : "current";
}
