import { data } from "react-router";
import { currentVerification } from "~/features/vetting/vetting.data.server";
import { registerStanding } from "~/features/registers/standing.server";
import { checkedItemsWords, verificationInForce } from "~/domain/vetting";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { getUser, type SessionUser } from "~/features/auth/session.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { shownFactsOf, summaryOf } from "~/features/professionals/professional-summary";
import { cardReasons } from "~/domain/card-reasons";
import { shortlistOf } from "~/features/matching/shortlists.data.server";
import { clientLines, type ShortlistItem } from "~/domain/matching-engine";
import {
  CLIENT_PROFILES,
  EXPERIENCE_RANGES,
  FEE_MODELS,
  SERVED_COUNTRIES,
  SERVED_COUNTRY_OPTIONS,
  SERVICES,
  labelOf,
  listOf,
  oneOf,
} from "~/domain/vocabulary";
import { CLIENT_PROFILE_WORDS, FEE_MODEL_WORDS, experienceWords } from "~/domain/plain-words";
import type { IntroductionStatus } from "~/platform/schema";
import type { DeclineRefusal } from "./shortlist-parts";
import { DeclineSchema } from "./decline-schema";
import { declinesOf, introductionOf, profileRow, recordDecline, removeDecline, type ProfileRow } from "./profile.data.server";

export const CLIENT_SHORTLIST_PATH = "/client-welcome#shortlist";

const notFound = () => data({ error: "Not found" }, { status: 404 });

const idOf = (value: string | undefined): number | null => {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

type Access =
  | { mode: "admin"; row: ProfileRow; user: SessionUser }
  | { mode: "preview"; row: ProfileRow; user: SessionUser }
  | { mode: "client"; row: ProfileRow; user: SessionUser; item: ShortlistItem };

/**
 * Who may read /professionals/:id: an admin (even a deleted entry, to check it), the account linked to
 * the entry (a preview), and a client whose released shortlist holds it while it is verified. Everyone
 * else, signed in or not, gets the same 404 as for an id that does not exist: nothing tells them it does.
 */
async function access(request: Request, rawId: string | undefined): Promise<Access> {
  const id = idOf(rawId);
  const user = await getUser(request);
  if (!user || id === null) throw notFound();
  const row = await profileRow(id);
  if (!row) throw notFound();
  if (user.roles.includes("admin")) return { mode: "admin", row, user };
  if (row.deletedAt) throw notFound();
  if (row.userId === user.id) return { mode: "preview", row, user };
  const shortlist = await shortlistOf(user.id);
  const item = shortlist?.status === "released" ? shortlist.items.find((i) => i.id === id) : undefined;
  if (!item || !verificationInForce(row)) throw notFound();
  return { mode: "client", row, user, item };
}

const words = <T extends string>(values: readonly T[], map: Record<T, string>) => values.map((v) => map[v]);

/** The entry in the words a client reads. */
function shownProfile(row: ProfileRow) {
  const feeModel = oneOf(FEE_MODELS, row.feeModel);
  const services = listOf(SERVICES, row.services);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    company: row.company,
    bio: row.bio,
    /** What the header shows, as on their shortlist card (ProfessionalHeader). */
    summary: summaryOf(row),
    experience: experienceWords(row.experienceYears, oneOf(EXPERIENCE_RANGES, row.experienceRange) ?? null),
    services: [...services],
    /** The professional's own areas of focus, in their words. */
    focus: Array.isArray(row.specialties) ? row.specialties.filter((s) => typeof s === "string" && s.trim() !== "") : [],
    countries: listOf(SERVED_COUNTRIES, row.countriesServed).map((c) => labelOf(SERVED_COUNTRY_OPTIONS, c)),
    typicalClients: words(listOf(CLIENT_PROFILES, row.clientProfiles), CLIENT_PROFILE_WORDS),
    impactInvesting: row.impactInvesting,
    fee: {
      model: feeModel ? FEE_MODEL_WORDS[feeModel] : null,
      schedule: row.feeSchedule?.trim() || null,
    },
    disciplinary: row.disciplinaryDisclosed ? { cleared: row.disciplinaryCleared, note: row.disciplinaryNote?.trim() || null } : null,
    verifiedOn: row.verified && row.verifiedAt ? row.verifiedAt.toISOString() : null,
    featured: row.featured,
    verified: row.verified,
    deleted: row.deletedAt !== null,
  };
}

export type ShownProfile = ReturnType<typeof shownProfile>;

export type ClientSide = {
  reasons: string[];
  caveats: string[];
  introduction: IntroductionStatus | null;
  introductionId: number | null;
  declined: boolean;
  /** Why, if they said. */
  declineReason: string | null;
  confirmed: boolean;
};

export async function profileLoader({ request }: RequestArgs, rawId: string | undefined) {
  const who = await access(request, rawId);
  let client: ClientSide | null = null;
  if (who.mode === "client") {
    const [intro, declines] = await Promise.all([introductionOf(who.user.id, who.row.id), declinesOf(who.user.id, [who.row.id])]);
    const lines = clientLines(who.item);
    // The shortlist card's plain reasons, all of them; the engine's own lines only when no factor was stored.
    const hasFactors = Array.isArray(who.item.factors) && who.item.factors.length > 0;
    client = {
      reasons: hasFactors ? cardReasons(who.item.factors, shownFactsOf(who.row), Infinity).reasons : lines.reasons,
      caveats: lines.caveats,
      introduction: intro?.status ?? null,
      introductionId: intro?.id ?? null,
      declined: declines.has(who.row.id),
      declineReason: declines.get(who.row.id) ?? null,
      // Read with the session (SessionUser.emailConfirmed).
      confirmed: who.user.emailConfirmed,
    };
  }
  const [standing, verification] = await Promise.all([registerStanding(who.row), currentVerification(who.row)]);
  const profile = shownProfile(who.row);
  return {
    mode: who.mode,
    // "Verified" only where a checked registration or a stated reason backs it (showsVerified).
    profile: { ...profile, verified: standing.verified, verifiedOn: standing.verified ? profile.verifiedOn : null },
    client,
    registers: standing.lines,
    exemption: standing.exemption,
    registerUpdate: standing.update,
    /** What the verification rested on, in words ("register record, identity, ... and fees"); null before checklists. */
    checked: verification && verification.checks.length ? checkedItemsWords(verification.checks.map((c) => c.item)) : null,
  };
}

/**
 * "Not for me" (and its undo), from the profile or the shortlist card. Only the client whose released
 * shortlist holds the professional may; a client with a live introduction withdraws it first.
 */
export async function profileAction({ request }: RequestArgs, rawId: string | undefined) {
  const who = await access(request, rawId);
  if (who.mode !== "client") throw notFound();
  const form = await readFormData(request);
  const intent = form.get("intent");
  const { user, row } = who;
  if (intent === "undo-decline") {
    await removeDecline(user.id, row.id);
    return redirectWithToast(request, CLIENT_SHORTLIST_PATH, {
      type: "success",
      title: "Success",
      description: `${row.name} is back on your shortlist.`,
    });
  }
  // Only the two buttons send anything else; a forged intent changes nothing (the error page says so).
  if (intent !== "decline") throw data({ error: "Bad request" }, { status: 400 });
  const typed = typeof form.get("reason") === "string" ? String(form.get("reason")) : "";
  const parsed = DeclineSchema.safeParse({ intent, reason: typed });
  if (!parsed.success) {
    const refusal: DeclineRefusal = { errors: parsed.error.issues.map((i) => i.message), formErrors: [], reason: typed };
    return data({ refusal }, { status: 400 });
  }
  const intro = await introductionOf(user.id, row.id);
  if (intro?.status === "requested" || intro?.status === "accepted") {
    const refusal: DeclineRefusal = { errors: [], formErrors: ["You have asked for an introduction to them: withdraw it first."], reason: typed };
    return data({ refusal }, { status: 409 });
  }
  // The one-press button sends no reason field: a reason given earlier (from another tab, say) stays.
  const reason = form.has("reason") ? parsed.data.reason || null : undefined;
  await recordDecline(user.id, row.id, reason);
  return redirectWithToast(request, CLIENT_SHORTLIST_PATH, {
    type: "success",
    title: "Success",
    description: reason
      ? `Thank you: our team reads why ${row.name} is not for you and may suggest someone else.`
      : `Noted: ${row.name} is not for you. If you like, tell us why on their card: only our team reads it.`,
  });
}
