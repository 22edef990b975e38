import { expect } from "@playwright/test";
import type { Mail } from "./mail";

/** A strict reading of an .ics: CRLF line ends, no line over 75 octets, folded lines unfolded; the first value of each property. */
export function parseIcs(text: string): Map<string, string> {
  expect(text.endsWith("\r\n")).toBe(true);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  }
  const props = new Map<string, string>();
  for (const line of text.slice(0, -2).replace(/\r\n[ \t]/g, "").split("\r\n")) {
    const m = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/.exec(line);
    expect(m, line).not.toBeNull();
    if (!props.has(m![1]!)) props.set(m![1]!, m![2]!);
  }
  expect(props.get("BEGIN")).toBe("VCALENDAR");
  return props;
}

/** The calendar invitation a mail carries, read strictly. */
export function inviteOf(mail: Mail): Map<string, string> {
  const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  if (!ics) throw new Error(`no calendar invitation in: ${mail.subject}`);
  expect(ics.filename).toMatch(/\.ics$/);
  return parseIcs(ics.content);
}

/** An ISO instant as an .ics UTC time (20261124T093000Z). */
export const icsTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
