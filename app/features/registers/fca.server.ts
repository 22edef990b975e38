/**
 * The FCA's Financial Services Register, read through its public API (V0.1): a firm by its FRN, an
 * individual by their IRN, with their current roles and disciplinary history. The address is
 * configurable (FCA_API_BASE) so tests use a stand-in on 127.0.0.1; FCA_API_EMAIL and FCA_API_KEY are
 * the account an operator signs up for. Where each field name comes from:
 * docs/decisions/053-regulator-records.md.
 */
import { SOURCE_OF, type RegisterRecord } from "~/domain/register-records";

export const FCA_DEFAULT_BASE = "https://register.fca.org.uk/services/V0.1";

export type FcaSettings = { base: string; email: string; key: string; intervalMs: number };

/** The API's settings from the environment; null when no key is set (the FCA check is then by hand). */
export function fcaSettings(env: NodeJS.ProcessEnv = process.env): FcaSettings | null {
  const email = env.FCA_API_EMAIL?.trim();
  const key = env.FCA_API_KEY?.trim();
  if (!email || !key) return null;
  const interval = Number(env.FCA_API_INTERVAL_MS ?? "1000");
  return {
    base: (env.FCA_API_BASE?.trim() || FCA_DEFAULT_BASE).replace(/\/+$/, ""),
    email,
    key,
    // The API allows about ten requests in ten seconds: one a second by default.
    intervalMs: Number.isFinite(interval) && interval >= 0 ? interval : 1000,
  };
}

export class FcaError extends Error {}

type Envelope = { Status?: unknown; Message?: unknown; Data?: unknown };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET; null when the register answers that it has no such record (it answers 200 with Data null). */
async function get(settings: FcaSettings, path: string): Promise<unknown[] | null> {
  let response: Response;
  try {
    response = await fetch(`${settings.base}${path}`, {
      headers: { "X-Auth-Email": settings.email, "X-Auth-Key": settings.key, Accept: "application/json" },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new FcaError(`The FCA register did not answer (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    if (settings.intervalMs) await pause(settings.intervalMs);
  }
  if (response.status === 401 || response.status === 403) throw new FcaError("The FCA register refused the API key: check FCA_API_EMAIL and FCA_API_KEY.");
  if (response.status === 404) return null;
  if (!response.ok) throw new FcaError(`The FCA register answered ${response.status}.`);
  let body: Envelope;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    throw new FcaError("The FCA register's answer was not JSON.");
  }
  const status = typeof body.Status === "string" ? body.Status : "";
  if (/^FSR-API-01-/.test(status)) throw new FcaError(`The FCA register refused the request: ${String(body.Message ?? status)}`);
  if (!Array.isArray(body.Data) || !status.endsWith("-00")) return null;
  return body.Data;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** "01/12/2001" (the register's DD/MM/YYYY) as "2001-12-01"; null otherwise. */
export function fcaDay(value: unknown): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text(value));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

const earliest = (days: (string | null)[]) => days.filter((d): d is string => d !== null).sort()[0] ?? null;
const object = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A firm's statuses that mean it may do business today. */
const FIRM_CURRENT = /^(authorised|registered|eea authorised|appointed representative)/i;

async function disciplinary(settings: FcaSettings, path: string): Promise<boolean> {
  const rows = await get(settings, path);
  return (rows ?? []).length > 0;
}

export async function fcaFirm(settings: FcaSettings, frn: string): Promise<RegisterRecord | null> {
  const data = await get(settings, `/Firm/${encodeURIComponent(frn)}`);
  const firm = object(data?.[0]);
  const name = text(firm["Organisation Name"]);
  if (!name) return null;
  const status = text(firm.Status);
  const current = FIRM_CURRENT.test(status);
  const enforcement = await disciplinary(settings, `/Firm/${encodeURIComponent(frn)}/DisciplinaryHistory`);
  return {
    source: SOURCE_OF["uk-fca-frn"]!,
    number: frn,
    name,
    otherNames: [],
    current,
    status: status || "unknown",
    since: current ? fcaDay(firm["Status Effective Date"]) : null,
    firms: [],
    disclosures: enforcement ? ["enforcement"] : [],
  };
}

export async function fcaIndividual(settings: FcaSettings, irn: string): Promise<RegisterRecord | null> {
  const data = await get(settings, `/Individuals/${encodeURIComponent(irn)}`);
  const entry = object(data?.[0]);
  const details = object(entry.Details);
  const name = text(details["Full Name"]);
  if (!name) return null;
  const commonly = text(details["Commonly Used Name"]);
  const last = name.split(/\s+/).slice(1).join(" ");
  // The roles held today, each under its name, with the firm and the date it began.
  const roles = await get(settings, `/Individuals/${encodeURIComponent(irn)}/CF`);
  const current = Object.values(object(object(roles?.[0]).Current)).map(object);
  const firms = [...new Set(current.map((r) => text(r["Firm Name"])).filter(Boolean))].map((firmName) => ({ name: firmName, number: null }));
  const enforcement = await disciplinary(settings, `/Individuals/${encodeURIComponent(irn)}/DisciplinaryHistory`);
  return {
    source: SOURCE_OF["uk-fca-irn"]!,
    number: irn,
    name,
    otherNames: commonly && last && commonly !== name.split(/\s+/)[0] ? [`${commonly} ${last}`] : [],
    current: current.length > 0,
    status: text(details.Status) || (current.length ? "current roles" : "no current role"),
    since: earliest(current.map((r) => fcaDay(r["Effective Date"]))),
    firms,
    disclosures: enforcement ? ["enforcement"] : [],
  };
}
