import { data } from "react-router";
import { eq, inArray } from "drizzle-orm";
import type { RequestArgs } from "~/http/client-address.server";
import { db } from "~/platform/db.server";
import { professionals, profiles, users } from "~/platform/schema";
import { requireAdmin } from "~/auth/permissions.server";
import { readFormData } from "~/http/form-data.server";
import { redirectWithToast } from "~/http/toast.server";
import { auditAdminAction } from "~/admin/audit-log.server";
import { ADMIN_PAGE_SIZE, pageCountOf, pageFrom } from "~/admin/paging";
import { EXCLUSION_TEXT, type ExclusionReason, type FactorExplanation } from "./engine";
import { MATCHES_PATH, PROMISE_HOURS } from "./admin-matches";
import { clientAnswersOf, proposeShortlist, releaseShortlist, shortlistOf, waitingClients } from "./matching.server";


const HOUR = 3_600_000;

function namesOf(userIds: string[]): Map<string, { name: string; email: string }> {
  if (userIds.length === 0) return new Map();
  const rows = db()
    .select({ id: users.id, email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, userIds))
    .all();
  return new Map(rows.map((r) => [r.id, { name: r.fullName?.trim() || r.email, email: r.email }]));
}

export type WaitingRow = {
  userId: string;
  name: string;
  email: string;
  registeredAt: string;
  hoursWaited: number;
  overdue: boolean;
  proposed: boolean;
};

/** /admin/matches: the clients waiting for a shortlist, longest waiting first. */
export async function matchesLoader(args: RequestArgs, now = Date.now()) {
  await requireAdmin(args);
  const page = pageFrom(new URL(args.request.url).searchParams);
  const first = waitingClients(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
  const pageCount = pageCountOf(first.total);
  const current = Math.min(page, pageCount);
  const { rows, total } = current === page ? first : waitingClients(ADMIN_PAGE_SIZE, (current - 1) * ADMIN_PAGE_SIZE);
  const names = namesOf(rows.map((r) => r.userId));
  const waiting: WaitingRow[] = rows.map((r) => {
    const hoursWaited = Math.max(0, Math.floor((now - r.registeredAt.getTime()) / HOUR));
    const person = names.get(r.userId);
    return {
      userId: r.userId,
      name: person?.name ?? "Unknown",
      email: person?.email ?? "",
      registeredAt: r.registeredAt.toISOString(),
      hoursWaited,
      overdue: now - r.registeredAt.getTime() >= PROMISE_HOURS * HOUR,
      proposed: r.proposed,
    };
  });
  return { rows: waiting, total, page: current, pageCount };
}

export type ProposedProfessional = {
  id: number;
  rank: number;
  score: number;
  name: string;
  title: string | null;
  company: string | null;
  factors: FactorExplanation[];
};

export type ExcludedProfessional = { id: number; name: string; reasons: string[] };

/**
 * /admin/matches/:userId: the client's answers and their shortlist. While it is not released it is
 * recomputed on every visit, so the admin sees it against today's verified professionals.
 */
export async function matchLoader(args: RequestArgs, userId: string | undefined) {
  await requireAdmin(args);
  const stored = userId ? clientAnswersOf(userId) : null;
  if (!userId || !stored) throw data({ error: "Not found" }, { status: 404 });
  const person = namesOf([userId]).get(userId);
  const existing = shortlistOf(userId);
  const proposal = existing?.status === "released" ? null : proposeShortlist(userId);
  const shortlist = proposal?.shortlist ?? existing;
  const excluded = proposal?.result.excluded ?? [];
  const ids = [...(shortlist?.items.map((i) => i.id) ?? []), ...excluded.map((e) => e.id)];
  const pros = ids.length
    ? db()
        .select({ id: professionals.id, name: professionals.name, title: professionals.title, company: professionals.company })
        .from(professionals)
        .where(inArray(professionals.id, ids))
        .all()
    : [];
  const byId = new Map(pros.map((p) => [p.id, p]));
  const items: ProposedProfessional[] = (shortlist?.items ?? []).map((i) => {
    const p = byId.get(i.id);
    return {
      id: i.id,
      rank: i.rank,
      score: i.score,
      name: p?.name ?? `Professional #${i.id} (removed)`,
      title: p?.title ?? null,
      company: p?.company ?? null,
      factors: i.factors,
    };
  });
  const left: ExcludedProfessional[] = excluded.map((e) => ({
    id: e.id,
    name: byId.get(e.id)?.name ?? `#${e.id}`,
    reasons: e.reasons.map((r: ExclusionReason) =>
      r === "incomplete" ? `${EXCLUSION_TEXT[r]} (${e.missing.join(", ")})` : EXCLUSION_TEXT[r],
    ),
  }));
  return {
    client: {
      userId,
      name: person?.name ?? "Unknown",
      email: person?.email ?? "",
      registeredAt: stored.registeredAt.toISOString(),
      answers: stored.answers,
    },
    status: shortlist?.status ?? null,
    releasedAt: shortlist?.releasedAt?.toISOString() ?? null,
    note: shortlist?.note ?? null,
    unmatchable: shortlist === null,
    items,
    excluded: left,
  };
}

/** The Release button: a proposed shortlist becomes visible to the client. */
export async function releaseAction(args: RequestArgs, userId: string | undefined) {
  const admin = await requireAdmin(args);
  const form = await readFormData(args.request);
  const back = userId ? `${MATCHES_PATH}/${encodeURIComponent(userId)}` : MATCHES_PATH;
  if (!userId || form.get("intent") !== "release") throw data({ error: "Bad request" }, { status: 400 });
  const shortlist = shortlistOf(userId);
  if (!shortlist || shortlist.items.length === 0 || !releaseShortlist(userId, admin.id)) {
    return redirectWithToast(args.request, back, {
      type: "error",
      title: "Error",
      description: shortlist?.status === "released" ? "This shortlist was already released." : "There is no shortlist to release.",
    });
  }
  auditAdminAction(args, admin, `Released the shortlist of client ${userId} (${shortlist.items.length} professionals)`);
  return redirectWithToast(args.request, MATCHES_PATH, {
    type: "success",
    title: "Success",
    description: "Shortlist released.",
  });
}
