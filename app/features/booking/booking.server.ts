import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/features/auth/permissions.server";
import { getUser } from "~/features/auth/session.server";
import { findOwnProfessional } from "~/features/professionals/own-professional.data.server";
import { readFormData } from "~/platform/http/form-data.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import type { Side } from "~/platform/schema";
import { AvailabilitySchema, type AvailabilityFormValues, dayHoursText, WEEKDAYS } from "./availability-schema";
import { currentTimeZone, timeZoneChoices } from "~/domain/time-zones";
import { CallFormSchema } from "./call-schema";
import { KIND_LABELS, callDay, callTime, callWhen, dayKey } from "./call-format";
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

export async function availabilityLoader(request: Request) {
  const pro = await requireLinkedProfessional(request);
  const row = await availabilityOf(pro.id);
  return {
    zones: timeZoneChoices(),
    saved: row !== undefined,
    defaults: {
      timeZone: row?.timeZone ?? "",
      meetingMinutes: String(row?.meetingMinutes ?? 30),
      ...Object.fromEntries(WEEKDAYS.map((_, day) => [`day${day}`, row ? dayHoursText(row.weekly, day) : day >= 1 && day <= 5 ? "09:00-12:00, 14:00-17:00" : ""])),
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

export type SlotDay = { key: string; label: string; slots: { value: string; time: string }[] };

function groupByDay(slots: Date[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const s of slots) {
    const iso = s.toISOString();
    const key = dayKey(iso, timeZone);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: callDay(iso, timeZone), slots: [] };
      days.push(day);
    }
    day.slots.push({ value: iso, time: callTime(iso, timeZone) });
  }
  return days;
}

export async function callLoader(request: Request, idParam: string | undefined, now = new Date()) {
  const ctx = await requireCall(request, idParam);
  const hours = await availabilityOf(ctx.professionalId);
  const booking = await bookedCallOf(ctx.introductionId);
  const zone = viewerZone(ctx);
  const slots = zone && hours ? await openSlots(ctx.professionalId, now, booking?.id) : [];
  return {
    side: ctx.side,
    introductionId: ctx.introductionId,
    otherName: ctx.side === "client" ? ctx.professional.name : ctx.client.name,
    timeZone: zone,
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
  if (value.intent === "zone") {
    // Only the client keeps a zone here; the professional's is their availability's.
    if (ctx.side !== "client") throw data({ error: "Bad request" }, { status: 400 });
    // Stored under its current name (the column maps it); the message names that one too.
    const zone = currentTimeZone(value.timeZone) ?? value.timeZone;
    await saveClientTimeZone(ctx.client.userId, zone);
    return redirectWithToast(request, path, { type: "success", title: "Time zone saved", description: `Times are shown in ${zone.replace(/_/g, " ")}.` });
  }
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
