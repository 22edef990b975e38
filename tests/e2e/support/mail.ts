import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/** A file sent with a message (a calendar invitation), its content decoded byte for byte. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type Mail = { file: string; to: string; subject: string; text: string; links: string[]; attachments: MailAttachment[] };

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.indexOf("\n\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const soft = part.body.replace(/=\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft.charAt(i) === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft.charAt(i), "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return part.body;
}

/** The text/plain content of a message, looking inside multipart bodies. */
function plainText(part: Part): string {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = part.body.split(`--${boundary}`).slice(1, -1).map((p) => parsePart(p.replace(/^\n/, "")));
    const plain = parts.find((p) => (p.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith("text/plain"));
    return plain ? decode(plain) : parts[0] ? plainText(parts[0]) : "";
  }
  return decode(part);
}

/** The parts sent as files (Content-Disposition: attachment), looking inside multipart bodies. */
function attachmentsOf(part: Part): MailAttachment[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((p) => attachmentsOf(parsePart(p.replace(/^\n/, ""))));
  }
  const disposition = part.headers.get("content-disposition") ?? "";
  if (!/^attachment/i.test(disposition)) return [];
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "";
  return [{ filename, contentType: type, content: decode(part) }];
}

function readMail(file: string): Mail {
  const message = parsePart(fs.readFileSync(file, "utf8").replace(/\r\n/g, "\n"));
  const text = plainText(message);
  return {
    file,
    to: message.headers.get("to") ?? "",
    subject: message.headers.get("subject") ?? "",
    text,
    links: [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
    attachments: attachmentsOf(message),
  };
}

/** The newest message written to E2E_MAIL_DIR for this address, or undefined. */
export function latestMailTo(address: string): Mail | undefined {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the specs with `npm run test:e2e`");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  // Names start with the send time in ms, so a reverse sort is newest first.
  files.sort().reverse();
  for (const name of files) {
    const mail = readMail(path.join(dir, name));
    if (mail.to.toLowerCase().includes(address.toLowerCase())) return mail;
  }
  return undefined;
}

/** Waits (up to 10 s) for a message to this address, newer than `after` if given. */
export async function waitForMailTo(address: string, after?: Mail): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => {
      found = latestMailTo(address);
      return found !== undefined && found.file !== after?.file;
    }, { timeout: 10_000, message: `an e-mail to ${address}` })
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${address}`);
  return found;
}

/** Waits (up to 10 s) for a message to this address whose text contains `needle` (several tests mail one address). */
export async function waitForMailContaining(address: string, needle: string): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the specs with `npm run test:e2e`");
  let found: Mail | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
      found = files
        .map((name) => readMail(path.join(dir, name)))
        .find((mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && mail.text.includes(needle));
      return found !== undefined;
    }, { timeout: 10_000, message: `an e-mail to ${address} containing ${needle}` })
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${address} containing ${needle}`);
  return found;
}

/** Every message written for an address (to check that nothing went where it must not). */
export function mailsTo(address: string): Mail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the specs with `npm run test:e2e`");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  return files.map((name) => readMail(path.join(dir, name))).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}
