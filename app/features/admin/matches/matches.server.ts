import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { requireAdmin } from "~/features/auth/permissions.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditAdminAction } from "~/platform/audit.server";
import { EXCLUSION_TEXT, SHORTLIST_MAX, WEIGHTS, inWholePoints, type ExclusionReason, type FactorExplanation } from "~/domain/matching-engine";
import { MATCHES_PATH } from "./admin-matches";
import { declinesOfClient, namesOf, professionalNames, unverifiedCount } from "./matches.data.server";
import {
  addToShortlist,
  addableProfessionals,
  computeShortlist,
  releaseShortlist,
  removeFromShortlist,
  shortlistOf,
  sidelinedProfessionals,
  storeProposal,
  type EditRefusal,
  type SidelinedReason,
} from "~/features/matching/shortlists.data.server";
import { shortDate } from "~/platform/ui/format";
import { registeredClientOf } from "~/features/registration/registration.data.server";
import { mailShortlistAddition, mailShortlistReleased } from "~/features/matching/matching-mail.server";
import { pageUrl } from "~/platform/http/page-url.server";

type ProposedProfessional = {
  id: number;
  rank: number;
  score: number;
  name: string;
  title: string | null;
  company: string | null;
  /** In whole points: the most each could give adds up to 100, the points to the score. */
  factors: FactorExplanation[];
  /** The published weights of the factors that counted: the points are scaled by 100 over this. */
  countedWeight: number;
  /** How the points were shared, in words. */
  scoreNote: string;
  addedByAdmin: boolean;
  /** The hard filters an admin-added professional fails, in words. */
  warnings: string[];
};

/**
 * Why the most a factor can give (after the slash) is not always its published weight: the factors that
 * count for this client share the 100 points in proportion to their weights.
 */
function scoreNote(countedWeight: number): string {
  if (countedWeight === 100) return "Each factor gives up to its weight in points, by how well it fits.";
  if (countedWeight > 100)
    return "The client also said what matters most to them, so that counts too: all the factors share the 100 points in proportion to their weights, and each can give a little less than its weight.";
  return "Questions the client left unanswered do not count: the other factors share the 100 points in proportion to their weights, so each can give a little more than its weight.";
}

type ExcludedProfessional = { id: number; name: string; reasons: string[] };

const sidelinedText = (reason: SidelinedReason): string =>
  reason.kind === "paused"
    ? "Paused: a change in their regulator's record waits for your decision on their vetting page"
    : reason.kind === "expired"
      ? `Verification ended ${shortDate(reason.endedAt.toISOString())}: renew it on their vetting page`
      : "Plan not active: matching proposes only professionals whose subscription is paid up";

const reasonText = (r: ExclusionReason, missing: readonly string[] = []) =>
  r === "incomplete" && missing.length ? `${EXCLUSION_TEXT[r]} (${missing.join(", ")})` : EXCLUSION_TEXT[r];

/**
 * /admin/matches/:userId: the client's answers and their stored shortlist. Read-only: the proposal
 * changes only through the page's forms (Recompute, Remove, Add, Release). Who is left out, and why,
 * is computed against today's verified professionals without being stored.
 */
export async function matchLoader(args: RequestArgs, userId: string | undefined) {
  await requireAdmin(args);
  const stored = userId ? await registeredClientOf(userId) : null;
  if (!userId || !stored) throw data({ error: "Not found" }, { status: 404 });
  const person = (await namesOf([userId])).get(userId);
  const shortlist = await shortlistOf(userId);
  const today = shortlist?.status === "released" || !stored.answers ? null : await computeShortlist(stored.answers);
  const onList = new Set(shortlist?.items.map((i) => i.id) ?? []);
  const excluded = (today?.excluded ?? []).filter((e) => !onList.has(e.id));
  const sameFirm = (today?.sameFirm ?? []).filter((id) => !onList.has(id));
  const ids = [...onList, ...excluded.map((e) => e.id), ...sameFirm];
  const pros = await professionalNames(ids);
  const byId = new Map(pros.map((p) => [p.id, p]));
  const items: ProposedProfessional[] = (shortlist?.items ?? []).map((i) => {
    const p = byId.get(i.id);
    const whole = inWholePoints(i);
    const countedWeight = i.factors.reduce((sum, f) => sum + (f.counted ? WEIGHTS[f.factor] : 0), 0);
    return {
      id: i.id,
      rank: i.rank,
      score: whole.score,
      name: p?.name ?? `Professional #${i.id} (removed)`,
      title: p?.title ?? null,
      company: p?.company ?? null,
      factors: whole.factors,
      countedWeight,
      scoreNote: scoreNote(countedWeight),
      addedByAdmin: i.addedByAdmin === true,
      warnings: (i.warnings ?? []).map((r) => reasonText(r)),
    };
  });
  const left: ExcludedProfessional[] = excluded.map((e) => ({
    id: e.id,
    name: byId.get(e.id)?.name ?? `#${e.id}`,
    reasons: e.reasons.map((r) => reasonText(r, e.missing)),
  }));
  // Verified, yet not among today's candidates: named, so a short list is explained.
  for (const p of today ? await sidelinedProfessionals() : []) {
    if (!onList.has(p.id)) left.push({ id: p.id, name: p.name, reasons: [sidelinedText(p.reason)] });
  }
  for (const id of sameFirm) {
    left.push({ id, name: byId.get(id)?.name ?? `#${id}`, reasons: ["A better-ranked colleague of the same firm is on the list (one per firm)"] });
  }
  const editable = shortlist?.status !== "released";
  const declines = await declinesOfClient(userId);
  const declinedOnList = declines.filter((d) => onList.has(d.id)).length;
  // A released list takes more while it has room; one the client declined makes room for another.
  const roomFor = SHORTLIST_MAX + (editable ? 0 : declinedOnList);
  return {
    client: {
      userId,
      name: person?.name ?? "Unknown",
      email: person?.email ?? "",
      registeredAt: stored.registeredAt.toISOString(),
      answers: stored.recorded,
    },
    status: shortlist?.status ?? null,
    releasedAt: shortlist?.releasedAt?.toISOString() ?? null,
    note: shortlist?.note ?? null,
    unmatchable: today === null && editable,
    items,
    excluded: left,
    /** Not verified: matching never considers them, so they are counted rather than listed. */
    unverified: today ? await unverifiedCount() : 0,
    declines,
    max: SHORTLIST_MAX,
    roomFor,
    addable: shortlist && items.length < roomFor ? await addableProfessionals([...onList]) : [],
    confirmRelease: pageUrl(args.request).searchParams.get("confirm") === "release" && shortlist?.status === "proposed" && items.length > 0,
  };
}

const REFUSALS: Record<EditRefusal, string> = {
  "no-shortlist": "There is no proposed shortlist yet: recompute it first.",
  released: "This shortlist was already released; it can no longer be changed.",
  "not-on-list": "That professional is not on the shortlist.",
  "already-on-list": "That professional is already on the shortlist.",
  full: `A shortlist holds at most ${SHORTLIST_MAX} professionals: remove one first.`,
  "same-firm": "A professional of the same firm is already on the shortlist: one per firm.",
  "not-verified": "Only verified professionals can be added.",
  unmatchable: "These answers cannot be matched (no country or no objective).",
};

const professionalIdOf = (value: FormDataEntryValue | null): number | null => {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The page's forms, by intent: recompute, remove, add, release. Every change is audited. */
export async function matchAction(args: RequestArgs, userId: string | undefined) {
  const admin = await requireAdmin(args);
  const form = await readFormData(args.request);
  const client = userId ? await registeredClientOf(userId) : null;
  if (!userId || !client) throw data({ error: "Not found" }, { status: 404 });
  const back = `${MATCHES_PATH}/${encodeURIComponent(userId)}`;
  const fail = (description: string) => redirectWithToast(args.request, back, { type: "error", title: "Error", description });
  const done = (description: string) => redirectWithToast(args.request, back, { type: "success", title: "Success", description });
  const intent = form.get("intent");

  if (intent === "recompute") {
    if ((await shortlistOf(userId))?.status === "released") return fail(REFUSALS.released);
    const proposal = client.answers ? await storeProposal(userId, client.answers) : null;
    if (!proposal) return fail(REFUSALS.unmatchable);
    await auditAdminAction(args, admin, `Recomputed the proposed shortlist of client ${userId} (${proposal.shortlist.items.length} professionals)`);
    return done("Shortlist recomputed against today's verified professionals.");
  }

  if (intent === "remove" || intent === "add") {
    const professionalId = professionalIdOf(form.get("professionalId"));
    if (professionalId === null) {
      if (intent === "add") return fail("Choose a professional to add.");
      throw data({ error: "Bad request" }, { status: 400 });
    }
    const onList = new Set((await shortlistOf(userId))?.items.map((i) => i.id) ?? []);
    const declined = (await declinesOfClient(userId)).filter((d) => onList.has(d.id)).length;
    const result =
      intent === "remove"
        ? await removeFromShortlist(userId, professionalId)
        : await addToShortlist(userId, professionalId, client.answers, { declined });
    if (!result.ok) return fail(REFUSALS[result.refusal]);
    if (intent === "remove") {
      await auditAdminAction(args, admin, `Removed professional ${professionalId} from the proposed shortlist of client ${userId}`);
      return done(`${result.name} removed from the shortlist.`);
    }
    const released = (await shortlistOf(userId))?.status === "released";
    await auditAdminAction(
      args,
      admin,
      `Added professional ${professionalId} to the ${released ? "released" : "proposed"} shortlist of client ${userId}${result.warnings.length ? ` despite: ${result.warnings.join(", ")}` : ""}`,
    );
    // The client already has the list: they hear of the new name, as they heard of the list.
    const person = released ? (await namesOf([userId])).get(userId) : undefined;
    if (person?.email) await mailShortlistAddition(args.request, person.email, result.name);
    const said = result.warnings.length
      ? `${result.name} added. Matching would have left them out: ${result.warnings.map((r) => reasonText(r).toLowerCase()).join("; ")}.`
      : `${result.name} added to the shortlist.`;
    return done(released ? `${said} The client has been emailed.` : said);
  }

  if (intent !== "release") throw data({ error: "Bad request" }, { status: 400 });
  // Releasing e-mails the client and cannot be undone: the page's confirm step sends `confirmed`.
  if (form.get("confirmed") !== "yes") return fail("Confirm the release first: press 'Release shortlist', then 'Yes, release it'.");
  const shortlist = await shortlistOf(userId);
  if (!shortlist || shortlist.items.length === 0 || !(await releaseShortlist(userId, admin.id))) {
    return fail(shortlist?.status === "released" ? "This shortlist was already released." : "There is no shortlist to release.");
  }
  await auditAdminAction(args, admin, `Released the shortlist of client ${userId} (${shortlist.items.length} professionals)`);
  const person = (await namesOf([userId])).get(userId);
  if (person?.email) await mailShortlistReleased(args.request, person.email, shortlist.items.length);
  return redirectWithToast(args.request, MATCHES_PATH, {
    type: "success",
    title: "Success",
    description: "Shortlist released. The client has been emailed.",
  });
}
