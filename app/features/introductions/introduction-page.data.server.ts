import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { isEmailConfirmed } from "~/features/auth/email-confirmation.server";
import { db, preparedRead, transaction } from "~/platform/db.server";
import { introductions, messages, professionals, profiles, registrationAnswers, users, type IntroductionStatus } from "~/platform/schema";
import { COMMUNICATION_CHANNELS, COMMUNICATION_OPTIONS, labelOf } from "~/domain/vocabulary";
import { UNNAMED_CLIENT, clientAsShown } from "./introductions.data.server";

/**
 * One introduction as its two people see it, and its private messages. Only the client who asked and
 * the account linked to the professional's directory entry (with a confirmed address, decision 023)
 * are parties; anyone else, admins included, gets null and so a 404.
 */

export type Side = "client" | "professional";

export type Contact = { name: string; email: string; phone: string | null; channels: string[] };

export type IntroductionPage = {
  id: number;
  side: Side;
  status: IntroductionStatus;
  requestedAt: string;
  answeredAt: string | null;
  withdrawnAt: string | null;
  endedAt: string | null;
  endReason: "professional-deleted" | "client-deleted" | null;
  professional: { id: number; name: string; title: string | null; company: string | null };
  /** What the professional sees of the client while the request waits or once accepted (decision 022). */
  client: { name: string; objectives: string[]; netWorth: string | null; preferredContact: string; contactDetail: string | null } | null;
  /** The other side's contact details, only once the introduction is accepted. */
  contact: Contact | null;
  /** Whether the thread is shown at all, and whether it takes new messages. */
  thread: { visible: boolean; open: boolean; closedBecause: string | null };
};

const channelLabels = (values: unknown): string[] =>
  (Array.isArray(values) ? values : [values])
    .filter((v): v is string => (COMMUNICATION_CHANNELS as readonly string[]).includes(String(v)))
    .map((v) => labelOf(COMMUNICATION_OPTIONS, v));

/** Why the thread takes no more messages, in the words of the side reading it. */
function closedBecause(side: Side, status: IntroductionStatus, endReason: IntroductionPage["endReason"]): string | null {
  if (status === "accepted") return null;
  if (status === "requested") return side === "client" ? "You can write to each other once they accept." : "You can write to each other once you accept.";
  if (status === "declined") return side === "client" ? "They declined this introduction, so the conversation is closed." : "You declined this introduction, so the conversation is closed.";
  if (status === "withdrawn") return side === "client" ? "You withdrew this introduction, so the conversation is closed." : "The client withdrew this introduction.";
  if (endReason === "client-deleted") return side === "client" ? "This introduction has ended." : "This client deleted their account, so the conversation is closed.";
  if (endReason === "professional-deleted") return side === "client" ? "This professional deleted their account, so the conversation is closed." : "This introduction has ended.";
  return "This introduction has ended, so the conversation is closed.";
}

type Row = {
  id: number;
  status: IntroductionStatus;
  clientUserId: string | null;
  professionalUserId: string | null;
};

/** Which side `userId` is on, or null when they are not a party (or a professional not yet confirmed). */
async function sideOf(row: Row, userId: string): Promise<Side | null> {
  if (row.clientUserId === userId) return "client";
  if (row.professionalUserId === userId && (await isEmailConfirmed(userId))) return "professional";
  return null;
}

async function partyRow(introductionId: number) {
  const [row] = await db()
    .select({
      id: introductions.id,
      status: introductions.status,
      clientUserId: introductions.clientUserId,
      professionalUserId: professionals.userId,
      requestedAt: introductions.requestedAt,
      answeredAt: introductions.answeredAt,
      withdrawnAt: introductions.withdrawnAt,
      endedAt: introductions.endedAt,
      endReason: introductions.endReason,
      professionalId: professionals.id,
      proName: professionals.name,
      proTitle: professionals.title,
      proCompany: professionals.company,
      proEmail: professionals.email,
      proPhone: professionals.phone,
      proChannels: professionals.communication,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(eq(introductions.id, introductionId))
    .limit(1);
  return row ?? null;
}

/** The professional stops seeing a client who withdrew: not their details, not the conversation. */
const threadVisible = (side: Side, status: IntroductionStatus) => side === "client" || status !== "withdrawn";

/** The introduction for one of its two people; null for anyone else. */
export async function introductionForPerson(userId: string, introductionId: number): Promise<IntroductionPage | null> {
  const row = await partyRow(introductionId);
  if (!row) return null;
  const side = await sideOf(row, userId);
  if (!side) return null;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  let client: IntroductionPage["client"] = null;
  let contact: Contact | null = null;
  if (side === "professional" && (row.status === "requested" || row.status === "accepted") && row.clientUserId) {
    const [c] = await db()
      .select({ email: users.email, fullName: profiles.fullName, answers: registrationAnswers.answers })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(registrationAnswers, eq(registrationAnswers.userId, users.id))
      .where(eq(users.id, row.clientUserId))
      .limit(1);
    if (c) {
      const shown = clientAsShown(c, row.status === "accepted");
      client = { name: shown.name, objectives: shown.objectives, netWorth: shown.netWorth, preferredContact: shown.preferredContact, contactDetail: shown.contactDetail };
      if (row.status === "accepted") {
        contact = { name: shown.name, email: c.email, phone: shown.phone, channels: channelLabels(c.answers?.preferredCommunication) };
      }
    }
  }
  if (side === "client" && row.status === "accepted") {
    contact = { name: row.proName, email: row.proEmail, phone: row.proPhone?.trim() || null, channels: channelLabels(row.proChannels) };
  }
  const because = closedBecause(side, row.status, row.endReason);
  return {
    id: row.id,
    side,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    answeredAt: iso(row.answeredAt),
    withdrawnAt: iso(row.withdrawnAt),
    endedAt: iso(row.endedAt),
    endReason: row.endReason,
    professional: { id: row.professionalId, name: row.proName, title: row.proTitle, company: row.proCompany },
    client,
    contact,
    thread: { visible: threadVisible(side, row.status), open: row.status === "accepted", closedBecause: because },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Messages.
 * ---------------------------------------------------------------------------------------------- */

export type ThreadMessage = { id: number; mine: boolean; body: string; createdAt: string; reported: boolean };

/** The thread, oldest first so the newest is last; marks what the other side wrote as read. */
export async function readThread(introductionId: number, side: Side, now = new Date()): Promise<ThreadMessage[]> {
  await db()
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.introductionId, introductionId), ne(messages.sender, side), isNull(messages.readAt)));
  const rows = await db()
    .select({ id: messages.id, sender: messages.sender, body: messages.body, createdAt: messages.createdAt, reportedAt: messages.reportedAt })
    .from(messages)
    .where(eq(messages.introductionId, introductionId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((m) => ({ id: m.id, mine: m.sender === side, body: m.body, createdAt: m.createdAt.toISOString(), reported: m.reportedAt !== null }));
}

export type SendResult = { ok: true; to: string } | { ok: false; reason: "not-found" | "closed" };

/**
 * Writes one message from `userId` into the introduction, if they are a party and it is accepted.
 * Returns the address to tell: the client's account, or the account linked to the professional's entry.
 */
export async function sendMessage(userId: string, introductionId: number, body: string, now = new Date()): Promise<SendResult> {
  return transaction(async (tx): Promise<SendResult> => {
    const [row] = await tx
      .select({
        id: introductions.id,
        status: introductions.status,
        clientUserId: introductions.clientUserId,
        professionalUserId: professionals.userId,
      })
      .from(introductions)
      .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
      .where(eq(introductions.id, introductionId))
      .limit(1);
    if (!row) return { ok: false, reason: "not-found" };
    const side = row.clientUserId === userId ? "client" : row.professionalUserId === userId && (await isEmailConfirmed(userId, tx)) ? "professional" : null;
    if (!side) return { ok: false, reason: "not-found" };
    if (row.status !== "accepted") return { ok: false, reason: "closed" };
    const otherId = side === "client" ? row.professionalUserId : row.clientUserId;
    await tx.insert(messages).values({ introductionId, sender: side, body, createdAt: now });
    const [other] = otherId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, otherId)).limit(1) : [];
    return { ok: true, to: other?.email ?? "" };
  });
}

/**
 * A party reports a message the other side wrote (once; a reason is optional). Only reported messages
 * are ever shown to admins. False when there is no such message for them to report.
 */
export async function reportMessage(userId: string, introductionId: number, messageId: number, reason: string | null, now = new Date()): Promise<boolean> {
  const row = await partyRow(introductionId);
  if (!row) return false;
  const side = await sideOf(row, userId);
  if (!side || !threadVisible(side, row.status)) return false;
  const changed = await db()
    .update(messages)
    .set({ reportedAt: now, reportReason: reason })
    .where(and(eq(messages.id, messageId), eq(messages.introductionId, introductionId), ne(messages.sender, side), isNull(messages.reportedAt)))
    .returning({ id: messages.id });
  return changed.length === 1;
}

export type Unread = { introductionId: number; name: string; count: number };

// Read on every view of the client's home.
const unreadAsClient = preparedRead((database) =>
  database
    .select({ introductionId: introductions.id, name: professionals.name, count: count() })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(and(eq(introductions.clientUserId, sql.placeholder("userId")), eq(messages.sender, "professional"), isNull(messages.readAt)))
    .groupBy(introductions.id, professionals.name)
    .prepare(),
);

/**
 * Unread messages per introduction for a home page: what the other side wrote that this person has
 * not opened yet, as client and as professional (only threads they can see). `professional: false`
 * (the reader holds no professional role) spares the professional side's two reads.
 */
export async function unreadMessages(userId: string, { professional = true }: { professional?: boolean } = {}): Promise<Unread[]> {
  const n = count();
  const asClient = await unreadAsClient({ userId });
  const asProfessional = professional && (await isEmailConfirmed(userId))
    ? await db()
        .select({ introductionId: introductions.id, status: introductions.status, fullName: profiles.fullName, email: users.email, count: n })
        .from(messages)
        .innerJoin(introductions, eq(introductions.id, messages.introductionId))
        .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
        .innerJoin(users, eq(users.id, introductions.clientUserId))
        .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
        .where(
          and(
            eq(professionals.userId, userId),
            eq(messages.sender, "client"),
            isNull(messages.readAt),
            inArray(introductions.status, ["accepted", "declined", "ended"]),
          ),
        )
        .groupBy(introductions.id, introductions.status, profiles.fullName, users.email)
    : [];
  return [
    ...asClient,
    // A client without a name is named by their address only where the professional accepted them.
    ...asProfessional.map((r) => ({ introductionId: r.introductionId, name: r.fullName?.trim() || (r.status === "accepted" ? r.email : UNNAMED_CLIENT), count: r.count })),
  ].sort((a, b) => a.introductionId - b.introductionId);
}

/** Each side's messages for their data export: the threads they can see, both sides' words. */
export async function messagesOfPerson(userId: string) {
  const confirmed = await isEmailConfirmed(userId);
  const rows = await db()
    .select({
      introductionId: introductions.id,
      status: introductions.status,
      clientUserId: introductions.clientUserId,
      professionalUserId: professionals.userId,
      sender: messages.sender,
      body: messages.body,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      reportedAt: messages.reportedAt,
    })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(or(eq(introductions.clientUserId, userId), eq(professionals.userId, userId)))
    .orderBy(asc(messages.introductionId), asc(messages.createdAt), asc(messages.id));
  return rows
    .filter((r) => r.clientUserId === userId || (confirmed && threadVisible("professional", r.status)))
    .map((r) => ({
      introductionId: r.introductionId,
      from: r.sender === (r.clientUserId === userId ? "client" : "professional") ? "you" : r.sender === "client" ? "the client" : "the professional",
      body: r.body,
      sentAt: r.createdAt.toISOString(),
      readAt: r.readAt ? r.readAt.toISOString() : null,
      reportedAt: r.reportedAt ? r.reportedAt.toISOString() : null,
    }));
}

/* ------------------------------------------------------------------------------------------------
 * Admin: reported messages only.
 * ---------------------------------------------------------------------------------------------- */

export type ReportedMessage = {
  id: number;
  introductionId: number;
  sender: Side;
  senderName: string;
  reporterName: string;
  body: string;
  sentAt: string;
  reportedAt: string;
  reason: string | null;
};

export const REPORTS_PAGE = 50;

/** Reported messages, newest report first. Unreported messages never leave this query. */
export async function reportedMessages(page = 1): Promise<{ rows: ReportedMessage[]; total: number }> {
  const where = isNotNull(messages.reportedAt);
  const [counted] = await db().select({ n: count() }).from(messages).where(where);
  const rows = await db()
    .select({
      id: messages.id,
      introductionId: messages.introductionId,
      sender: messages.sender,
      body: messages.body,
      sentAt: messages.createdAt,
      reportedAt: messages.reportedAt,
      reason: messages.reportReason,
      proName: professionals.name,
      clientName: profiles.fullName,
      clientEmail: users.email,
    })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .leftJoin(users, eq(users.id, introductions.clientUserId))
    .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
    .where(where)
    .orderBy(desc(messages.reportedAt), desc(messages.id))
    .limit(REPORTS_PAGE)
    .offset((Math.max(1, page) - 1) * REPORTS_PAGE);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((r) => {
      const clientName = r.clientName?.trim() || r.clientEmail || "A deleted account";
      return {
        id: r.id,
        introductionId: r.introductionId,
        sender: r.sender,
        senderName: r.sender === "client" ? clientName : r.proName,
        reporterName: r.sender === "client" ? r.proName : clientName,
        body: r.body,
        sentAt: r.sentAt.toISOString(),
        reportedAt: (r.reportedAt ?? r.sentAt).toISOString(),
        reason: r.reason,
      };
    }),
  };
}

/** The professional's contact details as an accepted introduction shows them to the client. */
export async function professionalCard(professionalId: number): Promise<Contact | null> {
  const [row] = await db()
    .select({ name: professionals.name, email: professionals.email, phone: professionals.phone, channels: professionals.communication })
    .from(professionals)
    .where(eq(professionals.id, professionalId))
    .limit(1);
  return row ? { name: row.name, email: row.email, phone: row.phone?.trim() || null, channels: channelLabels(row.channels) } : null;
}
