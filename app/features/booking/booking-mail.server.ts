import { escapeHtml, sendMail } from "~/platform/mail.server";
import { config } from "~/platform/config.server";
import { mailLinkOrigin } from "~/platform/site-url.server";
import type { MeetingKind } from "~/platform/schema";
import { calendarInvite } from "./calendar-invite";
import { KIND_LABELS, callWhen } from "./call-format";
import type { AvailabilityRow, BookingRow, Person } from "./booking.data.server";
import { logFor } from "~/platform/log.server";

const log = logFor("booking");

export type CallMailKind = "booked" | "moved" | "cancelled";

/** `proDeleted`: the professional's account is gone, and their entry's address is a placeholder no one reads. */
type Parties = { client: Person | null; professional: Person; proDeleted?: boolean };

/** Where the call takes place, as the invitation's LOCATION says it. */
export function locationOf(kind: MeetingKind, hours: Pick<AvailabilityRow, "videoLink" | "inPersonAddress"> | undefined, professional: Person): string {
  if (kind === "video") return hours?.videoLink ?? "Video call";
  if (kind === "phone") return professional.phone ? `Phone call: ${professional.phone}` : "Phone call";
  return hours?.inPersonAddress ?? "In person";
}

/** Links in mails sent without a request (an account deletion ending calls) use PUBLIC_URL or this machine. */
export function linkOrigin(request?: Request): string {
  if (request) return mailLinkOrigin(request);
  const { publicUrl, port } = config();
  return publicUrl ?? `http://localhost:${port}`;
}

const SUBJECTS: Record<CallMailKind, string> = {
  booked: "First call booked",
  moved: "First call moved to a new time",
  cancelled: "First call cancelled",
};

/**
 * Tells both people about a booked, moved or cancelled call, each in their own time zone, with the
 * calendar invitation (REQUEST, or CANCEL) attached. A failed delivery is logged and never undoes the step.
 */
export async function mailCallChange(
  what: CallMailKind,
  booking: BookingRow,
  parties: Parties,
  hours: Pick<AvailabilityRow, "videoLink" | "inPersonAddress" | "timeZone"> | undefined,
  origin: string,
  reason?: string,
): Promise<void> {
  const location = locationOf(booking.kind, hours, parties.professional);
  const clientName = parties.client?.name ?? "A client";
  const ics = calendarInvite({
    method: what === "cancelled" ? "CANCEL" : "REQUEST",
    uid: booking.uid,
    sequence: booking.sequence,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    stamp: new Date(),
    summary: `First call: ${clientName} and ${parties.professional.name} (WealthMatch)`,
    description: `${KIND_LABELS[booking.kind]} arranged through WealthMatch. To move or cancel it: ${origin}/introductions/${booking.introductionId}/call`,
    location,
    organizer: { name: parties.professional.name, email: parties.professional.email },
    attendee: { name: clientName, email: parties.client?.email ?? "" },
  });
  const recipients: { person: Person; other: string; zone: string }[] = parties.proDeleted
    ? []
    : [{ person: parties.professional, other: clientName, zone: hours?.timeZone ?? "UTC" }];
  if (parties.client?.email) recipients.unshift({ person: parties.client, other: parties.professional.name, zone: parties.client.timeZone ?? hours?.timeZone ?? "UTC" });
  const link = `${origin}/introductions/${booking.introductionId}/call`;
  await Promise.all(
    recipients
      .filter((r) => r.person.email)
      .map(async ({ person, other, zone }) => {
        const when = callWhen(booking.startsAt.toISOString(), booking.endsAt.toISOString(), zone);
        const lines =
          what === "cancelled"
            ? [`Your first call with ${other} on ${when} is cancelled.`, ...(reason ? [reason] : []), "The attached invitation removes it from your calendar."]
            : [
                `Your first call with ${other} is ${what === "booked" ? "booked" : "moved"}: ${when}.`,
                `${KIND_LABELS[booking.kind]}: ${location}`,
                "The attached invitation adds it to your calendar.",
              ];
        try {
          await sendMail({
            to: person.email,
            subject: SUBJECTS[what],
            text: ["Hello,", "", ...lines, "", `See or change the call: ${link}`, "", "WealthMatch"].join("\n"),
            html: `<p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link)}">See or change the call</a></p><p>WealthMatch</p>`,
            attachments: [
              {
                filename: what === "cancelled" ? "cancel.ics" : "invite.ics",
                content: ics,
                contentType: `text/calendar; charset=utf-8; method=${what === "cancelled" ? "CANCEL" : "REQUEST"}`,
              },
            ],
          });
        } catch (error) {
          log.error({ err: error }, `could not send the call ${what} email`);
        }
      }),
  );
}
