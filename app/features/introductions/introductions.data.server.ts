import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { isEmailConfirmed } from "~/features/auth/email-confirmation.server";
import { db, numbered, placeholders, preparedRead, preparedReadByShape, transaction } from "~/platform/db.server";
import { personById } from "~/features/auth/people.data.server";
import {
  introductions,
  professionals,
  profiles,
  registrationAnswers,
  users,
  type IntroductionStatus,
} from "~/platform/schema";
import {
  COMMUNICATION_CHANNELS,
  COMMUNICATION_OPTIONS,
  INVESTMENT_OBJECTIVES,
  NET_WORTH_OPTIONS,
  NET_WORTH_RANGES,
  labelOf,
} from "~/domain/vocabulary";
import type { Queryable } from "~/features/auth/users.data.server";
import { shortlistOf } from "~/features/matching/shortlists.data.server";
import { cancelCallsOf } from "~/features/booking/booking.server";
import { clientLines } from "~/domain/matching-engine";
import { cardReasons } from "~/domain/card-reasons";
import { summaryColumns } from "~/features/professionals/summary.data.server";
import { shownFactsOf, summaryOf, type ProfessionalSummary } from "~/features/professionals/professional-summary";
import { verificationInForce } from "~/domain/vetting";
import { shortlistDeclines } from "~/platform/schema";

/**
 * Introductions (docs/decisions/022). A client's data reaches a professional only through a row here
 * that the client created from their released shortlist:
 *   (none) --client asks--> requested --professional--> accepted | declined
 *   requested | accepted --client withdraws--> withdrawn --client asks again--> requested
 * A professional sees the client only while the row is requested or accepted.
 */

const VISIBLE_TO_PROFESSIONAL: readonly IntroductionStatus[] = ["requested", "accepted"];

export type IntroductionRefusal =
  | "unconfirmed"
  | "not-released"
  | "not-on-shortlist"
  | "not-available"
  | "already-requested"
  | "already-accepted"
  | "declined"
  | "nothing-to-withdraw"
  | "not-found"
  | "already-answered"
  | "professional-unconfirmed"
  | "declined-by-client";

export const INTRODUCTION_MESSAGES: Record<IntroductionRefusal, string> = {
  "declined-by-client": "You said this professional is not for you: undo that on your shortlist first.",
  unconfirmed: "Confirm your email address first: we introduce you to a professional only once we know the address is yours.",
  "not-released": "Your shortlist is not ready yet.",
  "not-on-shortlist": "That professional is not on your shortlist.",
  "not-available": "That professional is no longer available for introductions.",
  "already-requested": "You have already asked for this introduction.",
  "already-accepted": "This introduction has already been accepted.",
  declined: "This professional declined the introduction.",
  "nothing-to-withdraw": "There is no request to withdraw.",
  "not-found": "This introduction is not yours to answer.",
  "already-answered": "This introduction has already been answered or withdrawn.",
  "professional-unconfirmed": "Confirm your email address first: until you do, we do not show you clients or let you accept them.",
};

export type IntroductionResult<T = object> = ({ ok: true } & T) | { ok: false; refusal: IntroductionRefusal };

type Contact = { name: string; email: string };

/** Whom to tell about a professional's introductions: the linked account, else the entry's business address. */
async function professionalContact(professionalId: number, tx: Queryable = db()): Promise<(Contact & { verified: boolean }) | null> {
  const [row] = await tx
    .select({
      name: professionals.name,
      email: professionals.email,
      verified: professionals.verified,
      verifiedAt: professionals.verifiedAt,
      accountEmail: users.email,
    })
    .from(professionals)
    .leftJoin(users, eq(users.id, professionals.userId))
    .where(eq(professionals.id, professionalId))
    .limit(1);
  // A lapsed verification takes them out of introductions as out of matching.
  return row ? { name: row.name, email: row.accountEmail ?? row.email, verified: verificationInForce(row) } : null;
}

/**
 * Whether the account linked to this entry may see the clients who asked for it: only once its e-mail
 * address is confirmed (decision 023; the banner 'Until you confirm it, we will not introduce you to
 * clients'). The client may still ask meanwhile: their request waits, unseen, until the professional
 * confirms.
 */
export async function professionalMaySee(professionalId: number): Promise<boolean> {
  const [row] = await db().select({ userId: professionals.userId }).from(professionals).where(eq(professionals.id, professionalId)).limit(1);
  return row?.userId ? isEmailConfirmed(row.userId) : false;
}

/**
 * THE one place an introduction is requested (the client's consent to be shown to one professional).
 * Only for a client whose e-mail address is confirmed (decision 023), from their released shortlist, for
 * a professional on it who is still verified. Any further condition on introducing a client belongs here.
 */
export async function requestIntroduction(
  clientUserId: string,
  professionalId: number,
  now = new Date(),
): Promise<IntroductionResult<{ professional: Contact }>> {
  if (!(await isEmailConfirmed(clientUserId))) return { ok: false, refusal: "unconfirmed" };
  const shortlist = await shortlistOf(clientUserId);
  if (!shortlist || shortlist.status !== "released") return { ok: false, refusal: "not-released" };
  if (!shortlist.items.some((i) => i.id === professionalId)) return { ok: false, refusal: "not-on-shortlist" };
  // "Not for me" stands until the client takes it back on the card.
  const [declined] = await db()
    .select({ at: shortlistDeclines.createdAt })
    .from(shortlistDeclines)
    .where(and(eq(shortlistDeclines.clientUserId, clientUserId), eq(shortlistDeclines.professionalId, professionalId)))
    .limit(1);
  if (declined) return { ok: false, refusal: "declined-by-client" };
  return transaction(
    async (tx): Promise<IntroductionResult<{ professional: Contact }>> => {
      const professional = await professionalContact(professionalId, tx);
      if (!professional?.verified) return { ok: false as const, refusal: "not-available" as const };
      const [existing] = await tx
        .select({ id: introductions.id, status: introductions.status })
        .from(introductions)
        .where(and(eq(introductions.clientUserId, clientUserId), eq(introductions.professionalId, professionalId)))
        .limit(1);
      if (existing?.status === "requested") return { ok: false as const, refusal: "already-requested" as const };
      if (existing?.status === "accepted") return { ok: false as const, refusal: "already-accepted" as const };
      if (existing?.status === "declined") return { ok: false as const, refusal: "declined" as const };
      if (existing) {
        await tx
          .update(introductions)
          .set({ status: "requested", requestedAt: now, answeredAt: null, withdrawnAt: null })
          .where(and(eq(introductions.id, existing.id), eq(introductions.status, "withdrawn")));
      } else {
        await tx.insert(introductions).values({ clientUserId, professionalId, status: "requested", requestedAt: now });
      }
      return { ok: true as const, professional: { name: professional.name, email: professional.email } };
    },
  );
}

/** The client takes back a request, or an accepted introduction: the professional no longer sees them. */
export async function withdrawIntroduction(
  clientUserId: string,
  professionalId: number,
  now = new Date(),
): Promise<IntroductionResult<{ professional: Contact }>> {
  const changed = await db()
    .update(introductions)
    .set({ status: "withdrawn", withdrawnAt: now })
    .where(
      and(
        eq(introductions.clientUserId, clientUserId),
        eq(introductions.professionalId, professionalId),
        inArray(introductions.status, [...VISIBLE_TO_PROFESSIONAL]),
      ),
    )
    .returning({ id: introductions.id });
  if (changed.length !== 1) return { ok: false, refusal: "nothing-to-withdraw" };
  // A withdrawn introduction has no call: both are told, with a CANCEL for their calendars.
  await cancelCallsOf(changed[0]!.id, "client", "The client withdrew the introduction.");
  const professional = await professionalContact(professionalId);
  return { ok: true, professional: { name: professional?.name ?? "", email: professional?.email ?? "" } };
}

/** The professional of `professionalId` accepts or declines a request made to them (and only to them). */
export async function answerIntroduction(
  professionalId: number,
  introductionId: number,
  answer: "accepted" | "declined",
  now = new Date(),
): Promise<IntroductionResult<{ client: Contact; professionalName: string }>> {
  // The dashboard's banner promises an unconfirmed professional no clients: they cannot take one either.
  if (!(await professionalMaySee(professionalId))) return { ok: false, refusal: "professional-unconfirmed" };
  return transaction(
    async (tx): Promise<IntroductionResult<{ client: Contact; professionalName: string }>> => {
      const [row] = await tx
        .select({ status: introductions.status, clientUserId: introductions.clientUserId })
        .from(introductions)
        .where(and(eq(introductions.id, introductionId), eq(introductions.professionalId, professionalId)))
        .limit(1);
      // Another professional's introduction, or a withdrawn one, is not theirs to see: not found either way.
      if (!row || row.status === "withdrawn" || row.status === "declined") return { ok: false as const, refusal: "not-found" as const };
      if (row.status !== "requested") return { ok: false as const, refusal: "already-answered" as const };
      await tx
        .update(introductions)
        .set({ status: answer, answeredAt: now })
        .where(and(eq(introductions.id, introductionId), eq(introductions.status, "requested")));
      // Read through the transaction: db() is tx here.
      const client = await personById(row.clientUserId);
      const [pro] = await tx.select({ name: professionals.name }).from(professionals).where(eq(professionals.id, professionalId)).limit(1);
      return {
        ok: true as const,
        client: { name: client?.fullName ?? "", email: client?.email ?? "" },
        professionalName: pro?.name ?? "Your professional",
      };
    },
  );
}

/* ------------------------------------------------------------------------------------------------
 * What each side sees.
 * ---------------------------------------------------------------------------------------------- */

export type ClientShortlistEntry = {
  /** Who they are, as the card's header shows them (ProfessionalHeader): their id, name, title and firm are read from here, sent once a card. */
  summary: ProfessionalSummary;
  /** The card's reasons: at most three, strongest first, in plain words (app/domain/card-reasons.ts). */
  reasons: string[];
  /** Further factors that fit, whose lines their profile shows. */
  moreReasons: number;
  /** Factors that did not fit, said plainly too. */
  caveats: string[];
  introduction: IntroductionStatus | null;
  /** The introduction's page (/introductions/:id), once there is one. */
  introductionId: number | null;
};

// Both read on every view of the client's home. The shortlisted professionals, by the shortlist's length (a
// handful of shapes), with what changed since release: their verification, a deletion, and the client's
// own "Not for me".
const shortlistedOf = preparedReadByShape((database, count: number) =>
  database
    .select({
      ...summaryColumns,
      verified: professionals.verified,
      verifiedAt: professionals.verifiedAt,
      deletedAt: professionals.deletedAt,
      declined: shortlistDeclines.professionalId,
      declineReason: shortlistDeclines.reason,
    })
    .from(professionals)
    .leftJoin(
      shortlistDeclines,
      and(eq(shortlistDeclines.professionalId, professionals.id), eq(shortlistDeclines.clientUserId, sql.placeholder("clientUserId"))),
    )
    .where(inArray(professionals.id, placeholders("id", count)))
    .prepare(),
);
const introductionsOfClient = preparedRead((database) =>
  database
    .select({ id: introductions.id, professionalId: introductions.professionalId, status: introductions.status })
    .from(introductions)
    .where(eq(introductions.clientUserId, sql.placeholder("clientUserId")))
    .prepare(),
);

const anyIntroductionOfClient = preparedRead((database) =>
  database
    .select({ id: introductions.id })
    .from(introductions)
    .where(eq(introductions.clientUserId, sql.placeholder("clientUserId")))
    .limit(1)
    .prepare(),
);

/**
 * Whether the client ever asked for an introduction, whatever became of it. Messages, calls, their
 * outcomes and introductions ended by a departure all belong to one: without any, there is none to read.
 */
export async function hasAskedForIntroductions(clientUserId: string): Promise<boolean> {
  return (await anyIntroductionOfClient({ clientUserId })).length > 0;
}

/**
 * The client's released shortlist with their introduction to each, and whether they ever asked for one
 * (as `hasAskedForIntroductions`, from the same read); null until an admin releases it. A professional
 * unverified or deleted since release (or whose verification lapsed) is no longer `available` (shown, with
 * no button that would only be refused), and the ones the client declined are marked.
 */
export async function clientShortlist(
  clientUserId: string,
): Promise<{
  releasedAt: string;
  entries: (ClientShortlistEntry & { available: boolean; declined: boolean; declineReason: string | null })[];
  asked: boolean;
} | null> {
  const shortlist = await shortlistOf(clientUserId);
  if (!shortlist || shortlist.status !== "released") return null;
  const ids = shortlist.items.map((i) => i.id);
  const pros = ids.length ? await shortlistedOf(ids.length, { clientUserId, ...numbered("id", ids) }) : [];
  const byId = new Map(pros.map((p) => [p.id, p]));
  const intros = await introductionsOfClient({ clientUserId });
  const statusOf = new Map(intros.map((i) => [i.professionalId, i.status]));
  const idOf = new Map(intros.map((i) => [i.professionalId, i.id]));
  const entries = shortlist.items
    .filter((i) => byId.has(i.id))
    .map((i) => {
      const p = byId.get(i.id)!;
      const card = cardReasons(i.factors, shownFactsOf(p));
      return {
        summary: summaryOf(p),
        reasons: card.reasons,
        moreReasons: card.more,
        caveats: clientLines(i).caveats,
        introduction: statusOf.get(p.id) ?? null,
        introductionId: idOf.get(p.id) ?? null,
        available: verificationInForce(p) && p.deletedAt === null,
        declined: p.declined !== null,
        declineReason: p.declineReason,
      };
    });
  return { releasedAt: (shortlist.releasedAt ?? shortlist.createdAt).toISOString(), entries, asked: intros.length > 0 };
}

/**
 * The client's introductions still in force (asked or accepted), for while their shortlist is under
 * review again after they changed their answers: they can still see and withdraw them.
 */
export async function activeClientIntroductions(clientUserId: string): Promise<ClientShortlistEntry[]> {
  const rows = await db()
    .select({
      ...summaryColumns,
      introduction: introductions.status,
      introductionId: introductions.id,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(and(eq(introductions.clientUserId, clientUserId), inArray(introductions.status, VISIBLE_TO_PROFESSIONAL)))
    .orderBy(desc(introductions.requestedAt));
  return rows.map((row) => ({
    summary: summaryOf(row),
    introduction: row.introduction,
    introductionId: row.introductionId,
    reasons: [],
    moreReasons: 0,
    caveats: [],
  }));
}

export type ProfessionalIntroduction = {
  id: number;
  status: IntroductionStatus;
  requestedAt: string;
  name: string;
  objectives: string[];
  netWorth: string | null;
  /** The channel they prefer ("Phone", "Email"...): shown from the request on. */
  preferredContact: string;
  /**
   * The address or number that channel implies (their e-mail, or their phone when they gave one): only
   * once the professional accepted. The client was told a request shows their name, objectives, net-worth
   * band and how they prefer to be contacted, no more; a professional who declines never learns it.
   */
  contactDetail: string | null;
};

const asString = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** How to reach a client the way they prefer: phone-based channels use their phone when given. */
function contactFor(channel: unknown, email: string, phone: string | null): { preferredContact: string; contactDetail: string } {
  const known = (COMMUNICATION_CHANNELS as readonly string[]).includes(String(channel)) ? String(channel) : null;
  const byPhone = known === "phone" || known === "messaging" || known === "in-person";
  return {
    preferredContact: known ? labelOf(COMMUNICATION_OPTIONS, known) : "Not stated",
    contactDetail: byPhone && phone ? phone : email,
  };
}

/** A client without a name on file, as a professional reads them before accepting (never their address). */
export const UNNAMED_CLIENT = "A client";

/**
 * What a professional is shown of a client who asked for them (decision 022): name, objectives, net-worth
 * band and the channel they prefer. Their e-mail address and phone number only once `accepted`: before,
 * contactDetail and phone are null and a missing name is not stood in for by the address.
 */
export function clientAsShown(r: { fullName: string | null; email: string; answers: Record<string, unknown> | null }, accepted: boolean) {
  const a = r.answers ?? {};
  const named = [asString(a.firstName), asString(a.lastName)].filter(Boolean).join(" ");
  const objectives = Array.isArray(a.investmentObjectives)
    ? a.investmentObjectives.filter((o): o is string => (INVESTMENT_OBJECTIVES as readonly string[]).includes(String(o)))
    : [];
  const netWorth = (NET_WORTH_RANGES as readonly string[]).includes(String(a.netWorth)) ? labelOf(NET_WORTH_OPTIONS, String(a.netWorth)) : null;
  const { preferredContact, contactDetail } = contactFor(a.preferredCommunication, r.email, asString(a.phone));
  return {
    name: r.fullName?.trim() || named || (accepted ? r.email : UNNAMED_CLIENT),
    objectives,
    netWorth,
    preferredContact,
    contactDetail: accepted ? contactDetail : null,
    phone: accepted ? asString(a.phone) : null,
  };
}

export const PRO_INTRODUCTIONS_PAGE = 20;

/** What a professional reads in place of a client who deleted their account. */
export const CLIENT_DELETED_TEXT = "This client deleted their account";

/**
 * The clients who asked to be introduced to this professional, newest request first: only rows that
 * are requested or accepted (the (professional_id, status, requested_at) index), never anyone else.
 */
export async function professionalIntroductions(
  professionalId: number,
  page = 1,
): Promise<{ rows: ProfessionalIntroduction[]; total: number; hidden: boolean }> {
  const active = inArray(introductions.status, [...VISIBLE_TO_PROFESSIONAL]);
  // A client who deleted their account leaves a line saying so, and nothing about them.
  const clientLeft = and(eq(introductions.status, "ended"), eq(introductions.endReason, "client-deleted"));
  const count = (which: SQL | undefined) => db().$count(introductions, and(eq(introductions.professionalId, professionalId), which));
  const where = and(eq(introductions.professionalId, professionalId), or(active, clientLeft));
  // Until the address is confirmed they learn that someone asked, never who.
  if (!(await professionalMaySee(professionalId))) return { rows: [], total: await count(active), hidden: true };
  const total = await count(or(active, clientLeft));
  const rows = await db()
    .select({
      id: introductions.id,
      status: introductions.status,
      requestedAt: introductions.requestedAt,
      email: users.email,
      fullName: profiles.fullName,
      answers: registrationAnswers.answers,
    })
    .from(introductions)
    .leftJoin(users, eq(users.id, introductions.clientUserId))
    .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
    .leftJoin(registrationAnswers, eq(registrationAnswers.userId, introductions.clientUserId))
    .where(where)
    .orderBy(desc(introductions.requestedAt), desc(introductions.id))
    .limit(PRO_INTRODUCTIONS_PAGE)
    .offset((Math.max(1, page) - 1) * PRO_INTRODUCTIONS_PAGE);
  return {
    total,
    hidden: false,
    rows: rows.map((r) => {
      const requestedAt = r.requestedAt.toISOString();
      if (r.status === "ended" || r.email === null) {
        return { id: r.id, status: r.status, requestedAt, name: CLIENT_DELETED_TEXT, objectives: [], netWorth: null, preferredContact: "", contactDetail: null };
      }
      // The list shows the phone only when it is how the client asked to be reached (contactDetail).
      const { phone: _phone, ...shown } = clientAsShown({ ...r, email: r.email }, r.status === "accepted");
      return { id: r.id, status: r.status, requestedAt, ...shown };
    }),
  };
}

/** Every introduction a person is part of, for their data export: as the client, and as the professional. */
export async function introductionsOfPerson(userId: string) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  // Both sides of an introduction export the same dates, so both read the same columns.
  const timeline = {
    status: introductions.status,
    requestedAt: introductions.requestedAt,
    answeredAt: introductions.answeredAt,
    withdrawnAt: introductions.withdrawnAt,
  };
  const asClient = await db()
    .select({
      professionalId: introductions.professionalId,
      professional: professionals.name,
      ...timeline,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(eq(introductions.clientUserId, userId));
  const asProfessional = !(await isEmailConfirmed(userId)) ? [] : await db()
    .select({
      professionalId: introductions.professionalId,
      clientName: profiles.fullName,
      ...timeline,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
    .where(and(eq(professionals.userId, userId), inArray(introductions.status, [...VISIBLE_TO_PROFESSIONAL])));
  const dates = <T extends { requestedAt: Date; answeredAt: Date | null; withdrawnAt: Date | null }>(r: T) => ({
    ...r,
    requestedAt: iso(r.requestedAt),
    answeredAt: iso(r.answeredAt),
    withdrawnAt: iso(r.withdrawnAt),
  });
  return { asClient: asClient.map(dates), asProfessional: asProfessional.map(dates) };
}
