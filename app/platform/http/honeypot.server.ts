import crypto from "node:crypto";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { config } from "~/platform/config.server";
import { FIELD_ONLY_HONEYPOT } from "./honeypot";

/**
 * The contact form's honeypot (remix-utils): a field people never see, plus an encrypted
 * "valid from" time. The seed comes from the session secret, so every process and restart agrees.
 */
const instances = new Map<string, Honeypot>();

function honeypot(): Honeypot {
  const secret = config().sessionSecret;
  let h = instances.get(secret);
  if (!h) {
    h = new Honeypot({ encryptionSeed: crypto.createHash("sha256").update(`honeypot:${secret}`).digest("hex") });
    instances.set(secret, h);
  }
  return h;
}

export function honeypotInputProps(): Promise<HoneypotInputProps> {
  return honeypot().getInputProps();
}

/**
 * Whether the post fell into the honeypot. remix-utils skips its check when both fields are absent;
 * our form always sends them, so a post without them did not come from the form and counts as a hit.
 */
export async function isHoneypotHit(form: FormData): Promise<boolean> {
  const props = await honeypot().getInputProps();
  if (!form.has(props.nameFieldName) || (props.validFromFieldName && !form.has(props.validFromFieldName))) return true;
  try {
    await honeypot().check(form);
    return false;
  } catch {
    // A SpamError, or a "valid from" value we did not encrypt (garbage, cut short, a file): remix-utils
    // decrypts it unchecked, so base64 or AES throws instead. Either way the post is not from our form.
    return true;
  }
}

const fieldOnly = new Honeypot({ nameFieldName: FIELD_ONLY_HONEYPOT.nameFieldName, validFromFieldName: null });

/** Whether a post from a form with FIELD_ONLY_HONEYPOT fell into it; without the field it did not come from the form. */
export async function isFieldOnlyHoneypotHit(form: FormData): Promise<boolean> {
  if (!form.has(FIELD_ONLY_HONEYPOT.nameFieldName)) return true;
  try {
    await fieldOnly.check(form);
    return false;
  } catch {
    return true;
  }
}
