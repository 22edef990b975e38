import crypto from "node:crypto";
import { z } from "zod";
import { config } from "~/platform/config.server";
import { COOKIES } from "~/platform/http/cookies";
import { rawCookieHeader, readRawCookie } from "~/platform/http/cookies.server";
import { ANSWER_FIELDS, CHECKBOX_FIELDS, MULTI_FIELDS, type AnswerField } from "./registration-schema";
import { USER_TYPES, type UserType } from "~/domain/vocabulary";
import { clampStep } from "./steps";

/**
 * The wizard's answers live in the browser between steps, in one cookie encrypted and authenticated
 * with AES-256-GCM (docs/decisions/001-registration-wizard-state.md): the password must survive steps
 * 4 to 9, the schema has no table for half-finished registrations, and no answer may be readable or
 * forgeable by whoever holds the cookie.
 */
export const WIZARD_COOKIE = COOKIES.wizard.name;
export const WIZARD_MAX_AGE_S = COOKIES.wizard.maxAge;
/** Browsers keep at most 4096 bytes per cookie, name and attributes included. */
export const MAX_COOKIE_BYTES = 4000;

export type Answers = Partial<Record<AnswerField, string | string[]>>;
export type WizardState = { step: number; answers: Answers };

const MAX_TEXT = 1100;
const MAX_CHOICES = 20;

const StoredSchema = z.object({
  v: z.literal(1),
  exp: z.number(),
  step: z.number().int().min(1).max(9),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});

export function freshState(): WizardState {
  return { step: 1, answers: {} };
}

export function userTypeOf(state: WizardState): UserType | undefined {
  const t = state.answers.userType;
  return typeof t === "string" && (USER_TYPES as readonly string[]).includes(t) ? (t as UserType) : undefined;
}

let cachedKey: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = config().sessionSecret;
  if (cachedKey?.secret !== secret) {
    // A key of its own, so this cookie and the signed session cookies never share key material.
    const derived = crypto.hkdfSync("sha256", secret, "wealthmatch", "registration-wizard-state/v1", 32);
    cachedKey = { secret, key: Buffer.from(derived) };
  }
  return cachedKey.key;
}

const AAD = Buffer.from(WIZARD_COOKIE);

export function sealState(state: WizardState, now = Date.now()): string {
  const payload = JSON.stringify({ v: 1, exp: now + WIZARD_MAX_AGE_S * 1000, step: state.step, answers: state.answers });
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The state in a sealed value; anything tampered with, expired or malformed is null. */
export function openState(sealed: string, now = Date.now()): WizardState | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 12 + 16 + 2) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
    decipher.setAAD(AAD);
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const json = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
    const parsed = StoredSchema.safeParse(JSON.parse(json));
    if (!parsed.success || parsed.data.exp < now) return null;
    const answers: Answers = {};
    for (const field of ANSWER_FIELDS) {
      const value = parsed.data.answers[field];
      if (value !== undefined) answers[field] = value;
    }
    const state = { step: 1, answers };
    return { step: clampStep(userTypeOf(state), parsed.data.step), answers };
  } catch {
    return null;
  }
}

/** The wizard state this browser holds, or null when it holds none that is valid. */
export function readSavedWizardState(request: Request): WizardState | null {
  const sealed = readRawCookie(request, "wizard");
  return sealed ? openState(sealed) : null;
}

/** The wizard state this browser holds, or a fresh start. */
export function readWizardState(request: Request): WizardState {
  return readSavedWizardState(request) ?? freshState();
}

/** A Set-Cookie value holding the state, or null when the answers are too long to keep in a cookie. */
export function commitWizardState(request: Request, state: WizardState): string | null {
  const header = rawCookieHeader(request, "wizard", sealState(state));
  return Buffer.byteLength(header) <= MAX_COOKIE_BYTES ? header : null;
}

export function clearWizardState(request: Request): string {
  return rawCookieHeader(request, "wizard", "", 0);
}

const isMulti = (f: AnswerField) => (MULTI_FIELDS as readonly string[]).includes(f);
const isCheckbox = (f: AnswerField) => (CHECKBOX_FIELDS as readonly string[]).includes(f);

/**
 * The state with one step's posted answers written in, as typed (the step's rules are checked
 * elsewhere). A field left empty is removed, so an unticked box or a cleared field stays cleared.
 */
export function withPostedAnswers(state: WizardState, fields: readonly AnswerField[], formData: FormData): WizardState {
  const answers: Answers = { ...state.answers };
  for (const field of fields) {
    delete answers[field];
    const posted = formData.getAll(field).filter((v): v is string => typeof v === "string");
    if (isMulti(field)) {
      const chosen = [...new Set(posted.map((v) => v.slice(0, 100)))].slice(0, MAX_CHOICES);
      if (chosen.length) answers[field] = chosen;
    } else if (isCheckbox(field)) {
      if (posted[0] === "on") answers[field] = "on";
    } else if (posted[0] !== undefined && posted[0] !== "") {
      answers[field] = posted[0].slice(0, MAX_TEXT);
    }
  }
  return { ...state, answers };
}

/** The answers as form data, so Create Account parses them exactly as a posted form. */
export function answersToFormData(answers: Answers): FormData {
  const formData = new FormData();
  for (const [field, value] of Object.entries(answers)) {
    for (const v of Array.isArray(value) ? value : [value]) formData.append(field, v);
  }
  return formData;
}
