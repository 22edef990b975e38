import { createCookie, type Cookie } from "react-router";
import { config } from "~/platform/config.server";
import { cookieOptions, COOKIES, readCookieValue, setCookieValue, type RawCookieName, type SignedCookieName } from "./cookies";

/** The one Secure rule: the request (as Express saw it, honouring TRUST_PROXY) came over https. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

const signed = new Map<string, Cookie>();

/** A signed cookie of COOKIES (react-router's Cookie: parse verifies the signature, serialize signs). */
export function signedCookie(request: Request, which: SignedCookieName): Cookie {
  const secure = isSecureRequest(request);
  const secret = config().sessionSecret;
  const key = `${which}:${secure}:${secret}`;
  let cookie = signed.get(key);
  if (!cookie) {
    cookie = createCookie(COOKIES[which].name, { ...cookieOptions(which, secure), secrets: [secret] });
    signed.set(key, cookie);
  }
  return cookie;
}

/** A Set-Cookie header value for one of the cookies whose value is safe as it is. */
export function rawCookieHeader(request: Request, which: RawCookieName, value: string, maxAge?: number): string {
  return setCookieValue(which, value, isSecureRequest(request), maxAge);
}

export function readRawCookie(request: Request, which: RawCookieName): string | null {
  return readCookieValue(request.headers.get("Cookie"), which);
}
