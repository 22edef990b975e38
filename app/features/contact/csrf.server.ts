import crypto from "node:crypto";
import type { Cookie } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { config } from "~/platform/config.server";
import { signedCookie } from "~/platform/http/cookies.server";

/**
 * The contact form's CSRF token (remix-utils): a random token kept in a signed cookie and repeated in
 * a hidden field; a post counts only when the two match. This is on top of React Router's Origin check.
 * The cookie is declared with the others in app/platform/http/cookies.ts.
 */
const CSRF_FIELD = "csrf";

type Instance = { csrf: CSRF; cookie: Cookie };
const instances = new WeakMap<Cookie, Instance>();

function instanceFor(request: Request): Instance {
  const cookie = signedCookie(request, "csrf");
  let instance = instances.get(cookie);
  if (!instance) {
    // The token is also signed, so a token that was not made here is refused before it is compared.
    const signing = crypto.createHash("sha256").update(`csrf:${config().sessionSecret}`).digest("base64url");
    instance = { csrf: new CSRF({ cookie, formDataKey: CSRF_FIELD, secret: signing }), cookie };
    instances.set(cookie, instance);
  }
  return instance;
}

const csrfFor = (request: Request): CSRF => instanceFor(request).csrf;

/** The token for a page: the one in the visitor's cookie, or a new one with the Set-Cookie that stores it. */
export async function csrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const [token, setCookie] = await csrfFor(request).commitToken(request);
  return { token, setCookie };
}

/** A brand-new token, e.g. after a message is sent, so the next form carries a fresh one. */
export async function freshCsrfCookie(request: Request): Promise<string> {
  const { csrf, cookie } = instanceFor(request);
  return cookie.serialize(csrf.generate());
}

/** Whether the posted token matches the cookie's; the reason code is for the audit log only. */
export async function verifyCsrf(request: Request, form: FormData): Promise<{ ok: true } | { ok: false; code: string }> {
  try {
    await csrfFor(request).validate(form, request.headers);
    return { ok: true };
  } catch (error) {
    if (error instanceof CSRFError) return { ok: false, code: error.code };
    throw error;
  }
}
