import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { ADMIN_PAGE_SIZE, pageCountOf, pageFrom } from "~/features/admin/shell/paging";
import { waitingClients } from "~/features/matching/shortlists.data.server";
import { oneBusinessDayAfter } from "~/domain/business-day";
import { namesOf } from "./matches.data.server";
import { bookingHistory, introductionHistory, outcomeHistory, professionalNamesById, releasedShortlists } from "./history.data.server";
import { pageUrl } from "~/platform/http/page-url.server";

const HOUR = 3_600_000;

export const MATCH_TABS = ["waiting", "shortlists", "introductions", "bookings", "outcomes"] as const;
export type MatchTab = (typeof MATCH_TABS)[number];

const tabOf = (value: string | null): MatchTab => (MATCH_TABS as readonly string[]).includes(value ?? "") ? (value as MatchTab) : "waiting";

type Page<T> = { rows: T[]; total: number };

/** Runs a paged list; a page past the end shows the last one. */
async function paged<T>(page: number, list: (limit: number, offset: number) => Promise<Page<T>>) {
  const first = await list(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
  const pageCount = pageCountOf(first.total);
  const current = Math.min(page, pageCount);
  const { rows, total } = current === page ? first : await list(ADMIN_PAGE_SIZE, (current - 1) * ADMIN_PAGE_SIZE);
  return { rows, total, page: current, pageCount };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function clientNames(ids: (string | null)[]) {
  return namesOf([...new Set(ids.filter((id): id is string => id !== null))]);
}

const client = (names: Awaited<ReturnType<typeof clientNames>>, id: string | null) =>
  id ? { id, name: names.get(id)?.name ?? "A deleted client" } : { id: null, name: "A deleted client" };

type Between = { id: number; clientUserId: string | null; professionalId: number };

/** A page of a history between a client and a professional, each row with both names (a departed one said so). */
async function withBothNames<K extends MatchTab, R extends Between, T extends object>(
  list: Page<R> & { page: number; pageCount: number },
  tab: K,
  rest: (row: R) => T,
) {
  const [names, pros] = await Promise.all([clientNames(list.rows.map((r) => r.clientUserId)), professionalNamesById(list.rows.map((r) => r.professionalId))]);
  return {
    ...list,
    tab,
    rows: list.rows.map((r) => ({ id: r.id, client: client(names, r.clientUserId), professional: pros.get(r.professionalId) ?? "A removed professional", ...rest(r) })),
  };
}

/**
 * /admin/matches: the clients waiting for a shortlist (longest first, against the one-business-day
 * promise) and, in tabs, what matching did since: released shortlists, introductions, bookings and outcomes.
 */
export async function matchesIndexLoader(args: RequestArgs, now = new Date()) {
  await requireAdmin(args);
  const params = pageUrl(args.request).searchParams;
  const page = pageFrom(params);
  const tab = tabOf(params.get("tab"));
  if (tab === "shortlists") {
    const list = await paged(page, releasedShortlists);
    const names = await clientNames([...list.rows.map((r) => r.clientUserId), ...list.rows.map((r) => r.releasedBy)]);
    return {
      ...list,
      tab,
      rows: list.rows.map((r) => ({ id: r.id, client: client(names, r.clientUserId), releasedAt: iso(r.releasedAt), releasedBy: r.releasedBy ? (names.get(r.releasedBy)?.name ?? null) : null })),
    };
  }
  if (tab === "introductions") {
    return withBothNames(await paged(page, introductionHistory), tab, (r) => ({
      status: r.status,
      requestedAt: r.requestedAt.toISOString(),
      answeredAt: iso(r.answeredAt),
    }));
  }
  if (tab === "bookings") {
    return withBothNames(await paged(page, bookingHistory), tab, (r) => ({
      startsAt: r.startsAt.toISOString(),
      kind: r.kind,
      status: r.status,
      moved: r.sequence > 0,
      cancelledBy: r.cancelledBy,
    }));
  }
  if (tab === "outcomes") {
    return withBothNames(await paged(page, (limit, offset) => outcomeHistory(limit, offset, now)), tab, (r) => ({
      startsAt: r.startsAt.toISOString(),
      clientAnswer: { held: r.clientHeld, continuing: r.clientContinuing },
      professionalAnswer: { held: r.professionalHeld, continuing: r.professionalContinuing },
    }));
  }
  const list = await paged(page, waitingClients);
  const names = await namesOf(list.rows.map((r) => r.userId));
  return {
    ...list,
    tab,
    rows: list.rows.map((r) => {
      const dueAt = oneBusinessDayAfter(r.registeredAt);
      const person = names.get(r.userId);
      return {
        userId: r.userId,
        name: person?.name ?? "Unknown",
        email: person?.email ?? "",
        registeredAt: r.registeredAt.toISOString(),
        hoursWaited: Math.max(0, Math.floor((now.getTime() - r.registeredAt.getTime()) / HOUR)),
        dueAt: dueAt.toISOString(),
        overdue: now.getTime() >= dueAt.getTime(),
        proposed: r.proposed,
      };
    }),
  };
}
