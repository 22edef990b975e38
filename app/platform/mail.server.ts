import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type StreamTransport from "nodemailer/lib/stream-transport";
import { config } from "~/platform/config.server";
import { mailSent } from "~/platform/metrics.server";

/** A file sent with a mail (a calendar invitation): kept in MAIL_DIR's .eml files as it would be sent. */
export type MailAttachment = { filename: string; content: string; contentType: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra header lines, as sent (List-Unsubscribe on newsletter mail). */
  headers?: Record<string, string>;
};

/** Text made safe inside an e-mail's HTML part. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** "Hello Clara," when the reader's name is known, else "Hello,". */
export const greeting = (name?: string | null) => {
  const known = name?.replace(/\s+/g, " ").trim();
  return known ? `Hello ${known},` : "Hello,";
};

/** The house letter: a greeting (by name when known), the lines, one link, the signature; as text and as HTML alike. */
export function letter(
  to: string,
  subject: string,
  lines: string[],
  link: { href: string; label: string },
  { name }: { name?: string | null } = {},
): OutgoingMail {
  const hello = greeting(name);
  return {
    to,
    subject,
    text: [hello, "", ...lines, "", `${link.label}: ${link.href}`, "", "WealthMatch"].join("\n"),
    html: `<p>${escapeHtml(hello)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>WealthMatch</p>`,
  };
}

let smtp: Transporter | undefined;
let files: Transporter<StreamTransport.SentMessageInfo> | undefined;

/**
 * Sends one e-mail: through SMTP when SMTP_URL is set, otherwise as one .eml file in MAIL_DIR
 * (so a fresh clone, and the end-to-end tests, can read what would have been sent).
 */
export function sendMail(mail: OutgoingMail): Promise<void> {
  // Some mails leave after the answer (password resets, so the answer's timing tells nothing): the
  // server waits for those before it stops, so none is lost on a restart.
  const delivery = deliver(mail);
  inFlight.add(delivery);
  mailSent(delivery);
  void delivery.then(
    () => inFlight.delete(delivery),
    () => inFlight.delete(delivery),
  );
  return delivery;
}

const inFlight = new Set<Promise<void>>();

/** Resolves once every e-mail being sent now has been sent or has failed. */
export async function mailSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

async function deliver(mail: OutgoingMail): Promise<void> {
  const cfg = config();
  const message = {
    from: cfg.mailFrom,
    ...mail,
    // Base64, so a calendar file's CRLF line ends reach the reader byte for byte whatever the transport does to line ends.
    attachments: mail.attachments?.map((a) => ({ ...a, contentTransferEncoding: "base64" as const })),
  };
  if (cfg.smtpUrl) {
    smtp ??= nodemailer.createTransport(cfg.smtpUrl);
    await smtp.sendMail(message);
    return;
  }
  files ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await files.sendMail(message);
  if (!Buffer.isBuffer(info.message)) throw new Error("mail: expected a buffered message");
  await fs.mkdir(cfg.mailDir, { recursive: true });
  const name = `${Date.now()}-${crypto.randomBytes(6).toString("hex")}.eml`;
  // Written under a temporary name first, so a reader never sees half a message.
  const tmp = path.join(cfg.mailDir, `.${name}.tmp`);
  await fs.writeFile(tmp, info.message, { mode: 0o600 });
  await fs.rename(tmp, path.join(cfg.mailDir, name));
}
