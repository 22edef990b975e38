/** Auth-specific additions to ../helpers.ts: outcomes of auth routes, session cookies, mailed links. */
import fs from "node:fs";
import path from "node:path";
import { formRequest, fromAddress, getRequest } from "../helpers";

/** A redirect has a location and no body; data has a body and an empty location. */
export type Outcome = { kind: "redirect" | "data"; status: number; location: string; body: unknown; cookies: string[] };

/** Runs a loader or action and normalises its answer: thrown or returned redirects, data() with a status, plain objects. */
export async function run(fn: () => unknown): Promise<Outcome> {
  let result: unknown;
  try {
    result = await fn();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { kind: "redirect", status: result.status, location: result.headers.get("Location") ?? "", body: undefined, cookies: result.headers.getSetCookie() };
  }
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const d = result as unknown as { data: unknown; init: ResponseInit | null };
    return { kind: "data", status: d.init?.status ?? 200, location: "", body: d.data, cookies: new Headers(d.init?.headers).getSetCookie() };
  }
  return { kind: "data", status: 200, location: "", body: result, cookies: [] };
}

/** `name=value` pairs of Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

export function sessionCookieOf(setCookies: string[]): string | undefined {
  return setCookies.find((c) => c.startsWith("wm_session="));
}

/** A form POST from a given client address (the per-IP sign-in limit reads it). */
export function post(path: string, fields: Record<string, string>, init: { cookie?: string; ip?: string } = {}) {
  return fromAddress(formRequest(path, fields, { cookie: init.cookie }), init.ip ?? "192.0.2.1");
}

export function get(path: string, cookie?: string) {
  return getRequest(path, { cookie });
}

let n = 0;
export const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++n}@example.com`;

/** The SubmissionResult's form-level and field errors. */
export function errorsOf(body: unknown): Record<string, string[] | null> {
  const b = body as { error?: Record<string, string[] | null> | null; result?: { error?: Record<string, string[] | null> | null } };
  return b.error ?? b.result?.error ?? {};
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (nodemailer's default for text parts). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The decoded text of every e-mail written to MAIL_DIR for an address. */
export function mailsTo(address: string): string[] {
  const dir = process.env.MAIL_DIR ?? "";
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => m.includes(`To: ${address}`));
}
