/**
 * An RFC 5545 calendar invitation (.ics) for a first call: METHOD:REQUEST for a booking or a new time
 * (the same UID, a higher SEQUENCE, so calendars move the event rather than add one) and METHOD:CANCEL.
 * A few dozen lines of our own rather than a package: the text is small, fixed, and tested by parsing.
 */

export type InvitePerson = { name: string; email: string };

export type CalendarInvite = {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  organizer: InvitePerson;
  attendee: InvitePerson;
};

/** 20261124T093000Z */
const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n. */
export const escapeText = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");

/** A parameter value (CN) in quotes: quotes and control characters cannot appear in one, so they go. */
const paramValue = (value: string) => `"${value.replace(/["\p{Cc}]/gu, "").trim()}"`;

/** A mailto: address with nothing that could end the property. */
const mailto = (email: string) => `mailto:${email.replace(/[\s"<>;:,\\]/g, "")}`;

/** Lines longer than 75 octets continue on the next line after CRLF and one space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function calendarInvite(invite: CalendarInvite): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//WealthMatch//First calls//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${invite.method}`,
    "BEGIN:VEVENT",
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utc(invite.stamp)}`,
    `DTSTART:${utc(invite.startsAt)}`,
    `DTEND:${utc(invite.endsAt)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `LOCATION:${escapeText(invite.location)}`,
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:${mailto(invite.organizer.email)}`,
    `ATTENDEE;CN=${paramValue(invite.attendee.name)};ROLE=REQ-PARTICIPANT${invite.method === "CANCEL" ? "" : ";PARTSTAT=NEEDS-ACTION;RSVP=FALSE"}:${mailto(invite.attendee.email)}`,
    `STATUS:${invite.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
