import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { db, preparedReadByShape, type DB, type Tx } from "~/platform/db.server";
import { introductions, messages, professionals, profiles, users, type IntroductionStatus } from "~/platform/schema";
import type { Role } from "~/domain/vocabulary";
import { CLIENT_DELETED_TEXT, UNNAMED_CLIENT } from "./introductions.data.server";
import type { Side } from "./introduction-page.data.server";

/**
 * The member's messages across their introductions (decision 059): the nav's unread count, read on
 * every member page, and the /messages list. The same threads as unreadMessages and the introduction's
 * page: as the client, every introduction they asked for; as the professional (address confirmed),
 * the introductions they accepted, declined or that ended while the client still has an account (a
 * withdrawn one is hidden from them, a requested one holds no messages yet).
 */

/** Who reads: the session's user, as getUser gives it. */
export type Reader = { id: string; roles: readonly Role[]; emailConfirmed: boolean };

/** The introduction states whose thread a professional sees (the same as unreadMessages). */
const PRO_THREAD_STATES: IntroductionStatus[] = ["accepted", "declined", "ended"];

/** Whether the professional side of `reader` counts: the role, and a confirmed address (decision 023). */
const readsAsProfessional = (reader: Reader) => reader.roles.includes("professional") && reader.emailConfirmed;

// The client's unread: their introductions (introductions_client_professional), then only the unread
// rows of each (the partial index messages_unread), never the read ones.
const clientUnread = (database: DB | Tx) =>
  database
    .select({ n: count() })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .where(
      and(
        eq(introductions.clientUserId, sql.placeholder("userId")),
        eq(messages.sender, "professional"),
        isNull(messages.readAt),
        ne(messages.introductionId, sql.placeholder("opening")),
      ),
    );

// The professional's: their entries (professionals_user_id), their introductions in a visible state,
// then the unread rows of each.
const professionalUnread = (database: DB | Tx) =>
  database
    .select({ n: count() })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(
      and(
        eq(professionals.userId, sql.placeholder("userId")),
        inArray(introductions.status, PRO_THREAD_STATES),
        isNotNull(introductions.clientUserId),
        eq(messages.sender, "client"),
        isNull(messages.readAt),
        ne(messages.introductionId, sql.placeholder("opening")),
      ),
    );

// One statement either way: a client's one count, or the sum of both sides' for a professional.
const unreadCount = preparedReadByShape((database, professional: boolean) =>
  professional
    ? database
        .select({ n: sql<number>`(${clientUnread(database)}) + (${professionalUnread(database)})`.mapWith(Number) })
        .from(sql`(select 1) as one`)
        .prepare()
    : clientUnread(database).prepare(),
);

/**
 * How many messages the other side wrote that `reader` has not opened yet, in all their threads.
 * `opening`: the introduction whose page this request renders. Its loader marks its thread read while the
 * root's loader counts (the two run side by side), so its messages are left out here: the count the
 * page shows is the one after reading it, whichever of the two ran first.
 */
export async function unreadMessageCount(reader: Reader, { opening = null }: { opening?: number | null } = {}): Promise<number> {
  // Ids start at 1: 0 leaves nothing out.
  const [row] = await unreadCount(readsAsProfessional(reader), { userId: reader.id, opening: opening ?? 0 });
  return row?.n ?? 0;
}

export const MESSAGES_PAGE = 20;
/** How much of a message the list shows; the rest is on the introduction's page. */
export const EXCERPT_LENGTH = 160;

export type MessageListItem = {
  id: number;
  introductionId: number;
  /** The other side of the introduction, as that introduction's page names them. */
  withName: string;
  /** Whether the reader wrote it. */
  mine: boolean;
  /** Written by the other side and not opened yet. */
  unread: boolean;
  excerpt: string;
  /** The body was longer than the excerpt. */
  cut: boolean;
  sentAt: string;
};

/** The rows `reader` may see: their threads as client, and as professional when that side counts. */
function threadsOf(reader: Reader): SQL {
  const asClient = eq(introductions.clientUserId, sql.placeholder("userId"));
  if (!readsAsProfessional(reader)) return asClient;
  return or(
    asClient,
    and(eq(professionals.userId, sql.placeholder("userId")), inArray(introductions.status, PRO_THREAD_STATES), isNotNull(introductions.clientUserId)),
  )!;
}

// Only the columns the list shows: the first EXCERPT_LENGTH + 1 characters of a body (one more tells
// whether it was cut), who wrote it and to whom, when, and whether it was read. Ordered by
// (created_at, id) descending: each introduction's rows come from messages_introduction_created, and
// the database merges the reader's threads (a sort of their own messages only, never everyone's).
const listRows = preparedReadByShape((database, professional: boolean) =>
  database
    .select({
      id: messages.id,
      introductionId: messages.introductionId,
      sender: messages.sender,
      excerpt: sql<string>`substr(${messages.body}, 1, ${EXCERPT_LENGTH + 1})`,
      readAt: messages.readAt,
      createdAt: messages.createdAt,
      clientUserId: introductions.clientUserId,
      status: introductions.status,
      proName: professionals.name,
      clientName: profiles.fullName,
      clientEmail: users.email,
    })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .leftJoin(users, eq(users.id, introductions.clientUserId))
    .leftJoin(profiles, eq(profiles.userId, introductions.clientUserId))
    .where(threadsOf({ id: "", roles: professional ? ["professional"] : [], emailConfirmed: professional }))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

const listTotal = preparedReadByShape((database, professional: boolean) =>
  database
    .select({ n: count() })
    .from(messages)
    .innerJoin(introductions, eq(introductions.id, messages.introductionId))
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(threadsOf({ id: "", roles: professional ? ["professional"] : [], emailConfirmed: professional }))
    .prepare(),
);

/** One page of the reader's messages, newest first, with the total for the page links. */
export async function messageList(reader: Reader, page = 1): Promise<{ rows: MessageListItem[]; total: number }> {
  const professional = readsAsProfessional(reader);
  const [counted] = await listTotal(professional, { userId: reader.id });
  const total = counted?.n ?? 0;
  if (total === 0) return { rows: [], total };
  const rows = await listRows(professional, { userId: reader.id, limit: MESSAGES_PAGE, offset: (Math.max(1, page) - 1) * MESSAGES_PAGE });
  return {
    total,
    rows: rows.map((r) => {
      const side: Side = r.clientUserId === reader.id ? "client" : "professional";
      const clientName =
        r.clientEmail === null ? CLIENT_DELETED_TEXT : r.clientName?.trim() || (r.status === "accepted" ? r.clientEmail : UNNAMED_CLIENT);
      const cut = r.excerpt.length > EXCERPT_LENGTH;
      return {
        id: r.id,
        introductionId: r.introductionId,
        withName: side === "client" ? r.proName : clientName,
        mine: r.sender === side,
        unread: r.sender !== side && r.readAt === null,
        excerpt: cut ? `${r.excerpt.slice(0, EXCERPT_LENGTH).trimEnd()}…` : r.excerpt,
        cut,
        sentAt: r.createdAt.toISOString(),
      };
    }),
  };
}

/** The introductions a client asked for, newest request first, for /introductions. */
export async function clientIntroductionList(clientUserId: string) {
  const rows = await db()
    .select({
      id: introductions.id,
      status: introductions.status,
      requestedAt: introductions.requestedAt,
      name: professionals.name,
      title: professionals.title,
      company: professionals.company,
    })
    .from(introductions)
    .innerJoin(professionals, eq(professionals.id, introductions.professionalId))
    .where(eq(introductions.clientUserId, clientUserId))
    .orderBy(desc(introductions.requestedAt), desc(introductions.id));
  return rows.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() }));
}
