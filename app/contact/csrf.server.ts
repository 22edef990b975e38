import crypto from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { config } from "~/platform/config.server";

/**
 * The contact form's CSRF token (remix-utils): a random token kept in a signed cookie and repeated in
 * a hidden field; a post counts only when the two match. This is on top of React Router's Origin check.
 *
 * The cookie `wm_csrf` is declared here for now; it belongs with the other cookies in
 * app/http/cookies.server.ts. SameSite=Lax: a post started on another site never carries it, while a
 * visitor arriving from a link elsewhere keeps the token already issued (Strict would replace it, and
 * fail a form left open in another tab).
 */
export const CSRF_COOKIE_NAME = "wm_csrf";
export const CSRF_FIELD = "csrf";

type Instance = { csrf: CSRF; cookie: Cookie };
const instances = new Map<string, Instance>();

function instanceFor(request: Request): Instance {
  const secure = new URL(request.url).protocol === "https:";
  const secret = config().sessionSecret;
  const key = `${secure}:${secret}`;
  let instance = instances.get(key);
  if (!instance) {
    const cookie = createCookie(CSRF_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [secret],
    });
    // The token is also signed, so a token that was not made here is refused before it is compared.
    const signing = crypto.createHash("sha256").update(`csrf:${secret}`).digest("base64url");
    instance = { csrf: new CSRF({ cookie, formDataKey: CSRF_FIELD, secret: signing }), cookie };
    instances.set(key, instance);
  }
  return instance;
}

export const csrfFor = (request: Request): CSRF => instanceFor(request).csrf;

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
