import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db, preparedRead, transaction } from "~/platform/db.server";
import { containsText, jsonText } from "~/platform/sql-dialect.server";
import { professionals, registrationAnswers, shortlists, type ShortlistStatus } from "~/platform/schema";
import { AUM_RANGES, CERTIFICATIONS, EXPERIENCE_RANGES, CLIENT_PROFILES, COMMUNICATION_CHANNELS, FEE_MODELS, SERVED_COUNTRIES, SERVICES, listOf, oneOf } from "~/domain/vocabulary";
import { isVerificationCurrent, verificationExpiresAt } from "~/domain/vetting";
import { billingOn } from "~/features/billing/stripe.server";
import { graceDays } from "~/features/billing/billing-settings.server";
import { inGoodStanding } from "~/features/billing/billing.data.server";
import { SHORTLIST_MAX, firmOf, match, scoreOne, type ClientAnswers, type MatchResult, type ProfessionalCandidate, type ShortlistItem, type ExclusionReason } from "~/domain/matching-engine";

const candidateColumns = {
  id: professionals.id,
  company: professionals.company,
  verified: professionals.verified,
  featured: professionals.featured,
  services: professionals.services,
  certifications: professionals.certifications,
  aumRange: professionals.aumRange,
  clientProfiles: professionals.clientProfiles,
  communication: professionals.communication,
  countriesServed: professionals.countriesServed,
  experienceYears: professionals.experienceYears,
  experienceRange: professionals.experienceRange,
  disciplinaryDisclosed: professionals.disciplinaryDisclosed,
  disciplinaryCleared: professionals.disciplinaryCleared,
  feeModel: professionals.feeModel,
  impactInvesting: professionals.impactInvesting,
  languages: professionals.languages,
};

type CandidateRow = Pick<typeof professionals.$inferSelect, keyof typeof candidateColumns>;

/** A professionals row as the engine reads it. */
export function candidateFrom(row: CandidateRow): ProfessionalCandidate {
  return {
    id: row.id,
    company: row.company,
    verified: row.verified,
    featured: row.featured,
    services: listOf(SERVICES, row.services),
    certifications: listOf(CERTIFICATIONS, row.certifications),
    aumRange: oneOf(AUM_RANGES, row.aumRange) ?? null,
    clientProfiles: listOf(CLIENT_PROFILES, row.clientProfiles),
    communication: listOf(COMMUNICATION_CHANNELS, row.communication),
    countriesServed: listOf(SERVED_COUNTRIES, row.countriesServed),
    experienceYears: row.experienceYears,
    experienceRange: oneOf(EXPERIENCE_RANGES, row.experienceRange) ?? null,
    disciplinary: { disclosed: row.disciplinaryDisclosed, cleared: row.disciplinaryCleared },
    feeModel: oneOf(FEE_MODELS, row.feeModel) ?? null,
    impactInvesting: row.impactInvesting,
    languages: Array.isArray(row.languages) ? row.languages.filter((l): l is string => typeof l === "string") : [],
  };
}

/**
 * Verified, still there and not paused: a deleted account's entry is never proposed nor offered, whatever
 * its flags say, and one whose regulator's record changed waits for an admin (register_alerts).
 */
const matchable = and(eq(professionals.verified, true), isNull(professionals.deletedAt), isNull(professionals.pausedAt));

/**
 * A verification lasts twelve months (app/domain/vetting.ts): once it ends the entry leaves matching
 * until an admin goes through the vetting checklist again. Read in code rather than SQL so the
 * calendar rule is the domain's one, exactly at its boundary. Every verification the app gives has a
 * date (the upgrade dated the older ones); a row written by hand without one is left as it was.
 */
export const verificationCurrent = (row: { verifiedAt: Date | null }, now: Date = new Date()) =>
  row.verifiedAt === null || isVerificationCurrent(row.verifiedAt, now);

/**
 * With billing on (STRIPE_SECRET_KEY set), only professionals whose subscription is paying, or whose
 * payment failed within the grace period, are proposed; with billing off the site bills another way
 * and every verified professional is (undefined: no condition).
 */
export async function paidUpCondition(now: Date = new Date()) {
  return billingOn() ? inGoodStanding(await graceDays(), now) : undefined;
}

/** The verified professionals, the only ones matching may propose. */
export async function verifiedCandidates(now: Date = new Date()): Promise<ProfessionalCandidate[]> {
  const rows = await db()
    .select({ ...candidateColumns, verifiedAt: professionals.verifiedAt })
    .from(professionals)
    .where(and(matchable, await paidUpCondition(now)));
  return rows.filter((row) => verificationCurrent(row, now)).map(candidateFrom);
}

/** Why a verified professional is not among today's candidates, though their entry says verified. */
export type SidelinedReason = { kind: "paused" } | { kind: "expired"; endedAt: Date } | { kind: "unpaid" };

/**
 * The verified professionals matching leaves out before scoring, each with why: paused while a change in
 * their regulator's record waits for an admin, a verification past its twelve months, or (billing on) a
 * plan not in good standing. The admin's review names them: a client's list can be short because of them.
 */
export async function sidelinedProfessionals(now: Date = new Date()): Promise<{ id: number; name: string; reason: SidelinedReason }[]> {
  const paidUp = await paidUpCondition(now);
  const rows = await db()
    .select({
      id: professionals.id,
      name: professionals.name,
      verifiedAt: professionals.verifiedAt,
      pausedAt: professionals.pausedAt,
      paid: paidUp ? sql<boolean>`case when ${paidUp} then 1 else 0 end`.mapWith((v) => Number(v) === 1) : sql<boolean>`1`.mapWith(() => true),
    })
    .from(professionals)
    .where(and(eq(professionals.verified, true), isNull(professionals.deletedAt)))
    .orderBy(asc(professionals.name), asc(professionals.id));
  return rows.flatMap((row) => {
    const reason: SidelinedReason | null = row.pausedAt
      ? { kind: "paused" }
      : !verificationCurrent(row, now) && row.verifiedAt
        ? { kind: "expired", endedAt: verificationExpiresAt(row.verifiedAt) }
        : !row.paid
          ? { kind: "unpaid" }
          : null;
    return reason ? [{ id: row.id, name: row.name, reason }] : [];
  });
}

export type StoredShortlist = {
  id: number;
  clientUserId: string;
  status: ShortlistStatus;
  items: ShortlistItem[];
  note: string | null;
  createdAt: Date;
  releasedAt: Date | null;
};

const shortlistColumns = {
  id: shortlists.id,
  clientUserId: shortlists.clientUserId,
  status: shortlists.status,
  items: shortlists.items,
  note: shortlists.note,
  createdAt: shortlists.createdAt,
  releasedAt: shortlists.releasedAt,
};

// Read on every view of the client's home.
const shortlistRow = preparedRead((database) =>
  database.select(shortlistColumns).from(shortlists).where(eq(shortlists.clientUserId, sql.placeholder("clientUserId"))).limit(1).prepare(),
);

export async function shortlistOf(clientUserId: string): Promise<StoredShortlist | null> {
  const [row] = await shortlistRow({ clientUserId });
  return row ?? null;
}

export type Proposal = { result: MatchResult; shortlist: StoredShortlist };

/** The engine's answer for a client's answers against today's verified professionals, not stored. */
export async function computeShortlist(answers: ClientAnswers): Promise<MatchResult> {
  return match(answers, await verifiedCandidates());
}

/**
 * Computes the client's shortlist from their answers and the verified professionals and stores it as
 * proposed. A released shortlist is never overwritten (the client has seen it): null then.
 */
export async function storeProposal(clientUserId: string, answers: ClientAnswers): Promise<Proposal | null> {
  const result = await computeShortlist(answers);
  const [written] = await db()
    .insert(shortlists)
    .values({ clientUserId, status: "proposed", items: result.shortlist, note: result.message })
    .onConflictDoUpdate({
      target: shortlists.clientUserId,
      set: { items: result.shortlist, note: result.message },
      setWhere: eq(shortlists.status, "proposed"),
    })
    .returning(shortlistColumns);
  return written ? { result, shortlist: written } : null;
}

/**
 * Proposes the client's shortlist afresh after they changed their answers: freshly computed items,
 * status back to 'proposed' for an admin to review, even when it had been released (release cleared).
 */
export async function storeFreshProposal(clientUserId: string, answers: ClientAnswers): Promise<Proposal | null> {
  const result = await computeShortlist(answers);
  const fresh = { status: "proposed" as const, items: result.shortlist, note: result.message, releasedAt: null, releasedBy: null };
  const [written] = await db()
    .insert(shortlists)
    .values({ clientUserId, ...fresh })
    .onConflictDoUpdate({ target: shortlists.clientUserId, set: fresh })
    .returning(shortlistColumns);
  return written ? { result, shortlist: written } : null;
}

/** Releases a proposed shortlist; false when there is none or it was already released. */
export async function releaseShortlist(clientUserId: string, adminUserId: string, now = new Date()): Promise<boolean> {
  const changed = await db()
    .update(shortlists)
    .set({ status: "released", releasedAt: now, releasedBy: adminUserId })
    .where(and(eq(shortlists.clientUserId, clientUserId), eq(shortlists.status, "proposed")))
    .returning({ id: shortlists.id });
  return changed.length === 1;
}

export type WaitingClient = { userId: string; registeredAt: Date; proposed: boolean };

/** Clients without a released shortlist, longest waiting first (the registration_answers type/created index). */
export async function waitingClients(limit: number, offset = 0): Promise<{ rows: WaitingClient[]; total: number }> {
  const waiting = and(
    eq(registrationAnswers.userType, "client"),
    or(isNull(shortlists.id), eq(shortlists.status, "proposed")),
  );
  const [counted] = await db()
    .select({ n: count() })
    .from(registrationAnswers)
    .leftJoin(shortlists, eq(shortlists.clientUserId, registrationAnswers.userId))
    .where(waiting);
  const total = counted?.n ?? 0;
  const rows = await db()
    .select({ userId: registrationAnswers.userId, registeredAt: registrationAnswers.createdAt, shortlistId: shortlists.id })
    .from(registrationAnswers)
    .leftJoin(shortlists, eq(shortlists.clientUserId, registrationAnswers.userId))
    .where(waiting)
    .orderBy(asc(registrationAnswers.createdAt))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => ({ userId: r.userId, registeredAt: r.registeredAt, proposed: r.shortlistId !== null })), total };
}

/** Whether a shortlist can still be changed by hand, and why not. */
export type EditRefusal = "no-shortlist" | "released" | "not-on-list" | "already-on-list" | "full" | "same-firm" | "not-verified" | "unmatchable";
export type EditResult = { ok: true; name: string; warnings: ExclusionReason[] } | { ok: false; refusal: EditRefusal; firm?: string };

/** Ranks re-numbered in score order; ties keep their order (the engine's tie-break, then the order added). */
function reranked(items: ShortlistItem[]): ShortlistItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.score - a.item.score || a.i - b.i)
    .map(({ item }, i) => ({ ...item, rank: i + 1 }));
}

/** An admin takes a professional off a proposed shortlist. */
export async function removeFromShortlist(clientUserId: string, professionalId: number): Promise<EditResult> {
  return transaction(async (tx): Promise<EditResult> => {
    const [current] = await tx.select(shortlistColumns).from(shortlists).where(eq(shortlists.clientUserId, clientUserId)).limit(1);
    if (!current) return { ok: false as const, refusal: "no-shortlist" as const };
    if (current.status !== "proposed") return { ok: false as const, refusal: "released" as const };
    if (!current.items.some((i) => i.id === professionalId)) return { ok: false as const, refusal: "not-on-list" as const };
    const items = reranked(current.items.filter((i) => i.id !== professionalId));
    await tx.update(shortlists).set({ items }).where(and(eq(shortlists.id, current.id), eq(shortlists.status, "proposed")));
    const [row] = await tx.select({ name: professionals.name }).from(professionals).where(eq(professionals.id, professionalId)).limit(1);
    return { ok: true as const, name: row?.name ?? `#${professionalId}`, warnings: [] };
  });
}

/**
 * An admin adds a verified professional to a proposed shortlist: scored and explained by the engine like
 * the others, even when a hard filter would have left them out (those filters are kept as warnings).
 * At most SHORTLIST_MAX, and never a second professional of a firm already on the list. `answers` are
 * the client's (null when they cannot be matched: refused as 'unmatchable').
 */
export async function addToShortlist(
  clientUserId: string,
  professionalId: number,
  answers: ClientAnswers | null,
  /** A released list takes more while it has room: SHORTLIST_MAX besides the `declined` of its items the client turned down. */
  released?: { declined: number },
): Promise<EditResult> {
  return transaction(async (tx): Promise<EditResult> => {
    const [current] = await tx.select(shortlistColumns).from(shortlists).where(eq(shortlists.clientUserId, clientUserId)).limit(1);
    if (!current) return { ok: false as const, refusal: "no-shortlist" as const };
    const onReleased = current.status === "released" && released !== undefined;
    if (current.status !== "proposed" && !onReleased) return { ok: false as const, refusal: "released" as const };
    if (current.items.some((i) => i.id === professionalId)) return { ok: false as const, refusal: "already-on-list" as const };
    if (current.items.length >= SHORTLIST_MAX + (onReleased ? released.declined : 0)) return { ok: false as const, refusal: "full" as const };
    const [row] = await tx
      .select({ ...candidateColumns, name: professionals.name, deletedAt: professionals.deletedAt, verifiedAt: professionals.verifiedAt, pausedAt: professionals.pausedAt })
      .from(professionals)
      .where(eq(professionals.id, professionalId))
      .limit(1);
    if (!row?.verified || row.deletedAt || row.pausedAt || !verificationCurrent(row)) return { ok: false as const, refusal: "not-verified" as const };
    if (!answers) return { ok: false as const, refusal: "unmatchable" as const };
    const ids = current.items.map((i) => i.id);
    const onList = ids.length
      ? await tx.select({ id: professionals.id, company: professionals.company }).from(professionals).where(inArray(professionals.id, ids))
      : [];
    const firm = firmOf(row);
    const colleague = onList.find((p) => firmOf(p) === firm);
    if (colleague) return { ok: false as const, refusal: "same-firm" as const, firm: row.company ?? "" };
    const scored = scoreOne(answers, candidateFrom(row));
    const item: ShortlistItem = {
      id: row.id,
      rank: 0,
      score: scored.score,
      factors: scored.factors,
      addedByAdmin: true,
      ...(scored.reasons.length ? { warnings: scored.reasons } : {}),
    };
    const items = reranked([...current.items, item]);
    await tx.update(shortlists).set({ items }).where(and(eq(shortlists.id, current.id), eq(shortlists.status, current.status)));
    return { ok: true as const, name: row.name, warnings: scored.reasons };
  });
}

/** Verified professionals not on a list, by name, for the admin's 'Add a professional' select. */
export async function addableProfessionals(exclude: readonly number[]): Promise<{ id: number; name: string; company: string | null }[]> {
  const skip = new Set(exclude);
  const rows = await db()
    .select({ id: professionals.id, name: professionals.name, company: professionals.company })
    .from(professionals)
    .where(matchable)
    .orderBy(asc(professionals.name), asc(professionals.id));
  return rows.filter((p) => !skip.has(p.id));
}

/**
 * Takes a professional off every shortlist that holds them, proposed and released alike (the others keep
 * their order, ranks re-numbered). Returns the clients whose shortlist changed, by status: a proposed one
 * is for the caller to propose afresh.
 */
export async function dropFromShortlists(professionalId: number): Promise<{ proposed: string[]; released: string[] }> {
  return transaction(async (tx) => {
    // The id's digits somewhere in the text narrow the rows read; the items themselves decide.
    const lists = await tx
      .select({ id: shortlists.id, clientUserId: shortlists.clientUserId, status: shortlists.status, items: shortlists.items })
      .from(shortlists)
      .where(containsText(jsonText(shortlists.items), String(professionalId)));
    const changed = { proposed: [] as string[], released: [] as string[] };
    for (const list of lists) {
      if (!list.items.some((i) => i.id === professionalId)) continue;
      const items = reranked(list.items.filter((i) => i.id !== professionalId));
      await tx.update(shortlists).set({ items }).where(eq(shortlists.id, list.id));
      changed[list.status === "released" ? "released" : "proposed"].push(list.clientUserId);
    }
    return changed;
  });
}
