import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/features/auth/permissions.server";
import { getUser } from "~/features/auth/session.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import { pageUrl } from "~/platform/http/page-url.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import type { Side } from "~/platform/schema";
import { AvailabilitySchema, type AvailabilityFormValues, dayKey as dayField, openingsToRows, WEEKDAYS } from "./availability-schema";
import { currentTimeZone, timeZoneChoices } from "~/domain/time-zones";
import { CallFormSchema } from "./call-schema";
import { KIND_LABELS, callWhen, groupByDay } from "./call-format";
import { linkOrigin, locationOf, mailCallChange } from "./booking-mail.server";
import {
  BOOKING_MESSAGES,
  availabilityOf,
  bookCall,
  bookedCallOf,
  cancelCall,
  introductionFor,
  kindsOffered,
  openSlots,
  partiesOf,
  rescheduleCall,
  saveAvailability,
  saveClientTimeZone,
  type CallContext,
} from "./booking.data.server";

const notFound = () => data({ error: "Not found" }, { status: 404 });

/* ------------------------------------------------------------------------------------------------
 * /professional-dashboard/availability
 * ---------------------------------------------------------------------------------------------- */

/** Only the account linked to a directory entry keeps its hours; anyone else finds nothing here. */
async function requireLinkedProfessional(request: Request) {
  const user = await requireUser(request);
  const own = await findOwnProfessional(user);
  if (!own?.editable) throw notFound();
  return own.row;
}

const FIRST_HOURS = (day: number) => [
  { day, start: "09:00", end: "12:00" },
  { day, start: "14:00", end: "17:00" },
];

export async function availabilityLoader(request: Request) {
  const pro = await requireLinkedProfessional(request);
  const row = await availabilityOf(pro.id);
  return {
    zones: timeZoneChoices(),
    saved: row !== undefined,
    defaults: {
      timeZone: row?.timeZone ?? "",
      meetingMinutes: String(row?.meetingMinutes ?? 30),
      // Stored openings to rows of time inputs; a first visit suggests office hours on weekdays.
      ...Object.fromEntries(WEEKDAYS.map((_, day) => [dayField(day), openingsToRows(row ? row.weekly : day >= 1 && day <= 5 ? FIRST_HOURS(day) : [], day)])),
      offersVideo: row ? (row.videoLink ? "on" : "") : "on",
      videoLink: row?.videoLink ?? "",
      offersPhone: row?.offersPhone ? "on" : "",
      offersInPerson: row?.inPersonAddress ? "on" : "",
      inPersonAddress: row?.inPersonAddress ?? "",
    } as AvailabilityFormValues,
  };
}

export async function availabilityAction(request: Request) {
  const pro = await requireLinkedProfessional(request);
  const submission = parseWithZod(await readFormData(request), { schema: AvailabilitySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveAvailability(pro.id, submission.value);
  return redirectWithToast(request, "/professional-dashboard", {
    type: "success",
    title: "Availability saved",
    description: "Clients whose introduction you accepted can now book a first call in these hours.",
  });
}

/* ------------------------------------------------------------------------------------------------
 * /introductions/:id/call
 * ---------------------------------------------------------------------------------------------- */

/** Not a party, not signed in, or not (or no longer) accepted: the same 404, so nothing tells a call exists. */
async function requireCall(request: Request, idParam: string | undefined): Promise<CallContext> {
  const user = await getUser(request);
  const id = idParam && /^\d{1,9}$/.test(idParam) ? Number(idParam) : 0;
  const ctx = user && id > 0 ? await introductionFor(user.id, id) : null;
  if (!ctx) throw notFound();
  return ctx;
}

/** The zone the viewer reads times in: the client's own (null until asked), the professional's hours' zone. */
const viewerZone = (ctx: CallContext) => (ctx.side === "client" ? ctx.client.timeZone : ctx.professional.timeZone);

/**
 * The zone a client reads this page's times in: the one the page's address names (`?tz=`, the zone form
 * posts it by GET), else the one saved on their profile, else UTC. Where JavaScript runs, the page shows
 * the browser's zone instead unless the address names one (call-page.tsx).
 */
function clientZone(request: Request, ctx: CallContext): { zone: string; chosen: "link" | "saved" | "none" } {
  const asked = currentTimeZone(pageUrl(request).searchParams.get("tz"));
  if (asked) return { zone: asked, chosen: "link" };
  const saved = currentTimeZone(ctx.client.timeZone);
  return saved ? { zone: saved, chosen: "saved" } : { zone: "UTC", chosen: "none" };
}

export async function callLoader(request: Request, idParam: string | undefined, now = new Date()) {
  const ctx = await requireCall(request, idParam);
  const hours = await availabilityOf(ctx.professionalId);
  const booking = await bookedCallOf(ctx.introductionId);
  const client = ctx.side === "client" ? clientZone(request, ctx) : null;
  const zone = client ? client.zone : ctx.professional.timeZone;
  const slots = zone && hours ? await openSlots(ctx.professionalId, now, booking?.id) : [];
  return {
    side: ctx.side,
    introductionId: ctx.introductionId,
    otherName: ctx.side === "client" ? ctx.professional.name : ctx.client.name,
    timeZone: zone,
    /** How the client's zone was chosen: named in the address, their saved one, or none (UTC until JavaScript or they choose). */
    zoneChosen: client?.chosen ?? null,
    zones: ctx.side === "client" ? timeZoneChoices() : null,
    hoursSet: hours !== undefined,
    kinds: hours ? kindsOffered(hours).map((k) => ({ value: k, label: KIND_LABELS[k] })) : [],
    booking: booking
      ? {
          startsAt: booking.startsAt.toISOString(),
          endsAt: booking.endsAt.toISOString(),
          kind: booking.kind,
          kindLabel: KIND_LABELS[booking.kind],
          location: locationOf(booking.kind, hours, ctx.professional),
        }
      : null,
    days: zone ? groupByDay(slots, zone) : [],
  };
}

export type CallActionData = { error: string; kind?: string; slot?: string };

export async function callAction(request: Request, idParam: string | undefined, now = new Date()) {
  const ctx = await requireCall(request, idParam);
  const path = `/introductions/${ctx.introductionId}/call`;
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: CallFormSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat().filter((e): e is string => typeof e === "string");
    return data<CallActionData>({ error: errors[0] ?? "Please check the form.", kind: String(form.get("kind") ?? ""), slot: String(form.get("slot") ?? "") }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "book" && ctx.side !== "client") throw data({ error: "Bad request" }, { status: 400 });
  const result =
    value.intent === "book"
      ? await bookCall(ctx, new Date(value.slot), value.kind, now)
      : value.intent === "reschedule"
        ? await rescheduleCall(ctx, new Date(value.slot), now)
        : await cancelCall(ctx.introductionId, ctx.side, now);
  if (!result.ok) {
    return data<CallActionData>(
      { error: BOOKING_MESSAGES[result.refusal], kind: value.intent === "book" ? value.kind : undefined },
      { status: result.refusal === "taken" ? 409 : 400 },
    );
  }
  // A client with no zone saved keeps the one they booked in (their mails and home page show it).
  if (value.intent === "book" && value.timeZone && !currentTimeZone(ctx.client.timeZone)) {
    const zone = currentTimeZone(value.timeZone);
    if (zone) {
      await saveClientTimeZone(ctx.client.userId, zone);
      ctx.client.timeZone = zone;
    }
  }
  const hours = await availabilityOf(ctx.professionalId);
  const what = value.intent === "book" ? "booked" : value.intent === "reschedule" ? "moved" : "cancelled";
  const by = ctx.side === "client" ? ctx.client.name : ctx.professional.name;
  await mailCallChange(what, result.booking, ctx, hours, linkOrigin(request), what === "cancelled" ? `${by} cancelled it.` : undefined);
  const description = {
    booked: "Your first call is booked. You both have an email with a calendar invitation.",
    moved: "The call has a new time. You both have an email with the updated invitation.",
    cancelled: "The call is cancelled. You both have an email that removes it from your calendars.",
  }[what];
  return redirectWithToast(request, path, { type: "success", title: "Done", description });
}

/**
 * Ends the booked call of an introduction that ends (the client withdrew; an account was deleted) and
 * tells both people with a CANCEL invitation. `reason` is said in the mail. Safe to call when no call is booked.
 */
export async function cancelCallsOf(introductionId: number, by: Side, reason: string, request?: Request): Promise<boolean> {
  const result = await cancelCall(introductionId, by);
  if (!result.ok) return false;
  const parties = await partiesOf(introductionId);
  if (!parties) return true;
  const hours = await availabilityOf(parties.professionalId);
  await mailCallChange("cancelled", result.booking, parties, hours, linkOrigin(request), reason);
  return true;
}

/**
 * The booked call of an introduction as `userId` reads it, for the introduction's page, and their time
 * zone (a client's own, a professional's availability's; null while unknown). Both null when they are
 * not one of its two people or it is not accepted.
 */
export async function callStatusFor(
  userId: string,
  introductionId: number,
): Promise<{ zone: string | null; call: { when: string; kind: string } | null }> {
  const ctx = await introductionFor(userId, introductionId);
  if (!ctx) return { zone: null, call: null };
  const zone = viewerZone(ctx);
  const booking = await bookedCallOf(introductionId);
  if (!booking) return { zone, call: null };
  return { zone, call: { when: callWhen(booking.startsAt.toISOString(), booking.endsAt.toISOString(), zone ?? "UTC"), kind: KIND_LABELS[booking.kind] } };
}
