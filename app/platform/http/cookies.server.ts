import { createCookie, type Cookie } from "react-router";
import { config } from "~/platform/config.server";
import { cookieOptions, COOKIES, readCookieValue, setCookieValue, type RawCookieName, type SignedCookieName } from "./cookies";
import { pageUrl } from "./page-url.server";

/** The one Secure rule: the request (as Express saw it, honouring TRUST_PROXY) came over https. */
export function isSecureRequest(request: Request): boolean {
  return pageUrl(request).protocol === "https:";
}

const signed = new Map<string, Cookie>();

/** A signed cookie of COOKIES (react-router's Cookie: parse verifies the signature, serialize signs). */
export function signedCookie(request: Request, which: SignedCookieName): Cookie {
  const secure = isSecureRequest(request);
  const secret = config().sessionSecret;
  const key = `${which}:${secure}:${secret}`;
  let cookie = signed.get(key);
  if (!cookie) {
    cookie = rememberingParses(createCookie(COOKIES[which].name, { ...cookieOptions(which, secure), secrets: [secret] }));
    signed.set(key, cookie);
  }
  return cookie;
}

/** Cookie headers longer than this are verified every time (a visitor could send many large ones). */
const REMEMBERED_HEADER_MAX = 1024;
const REMEMBERED_MAX = 2000;

/**
 * The cookie, with what `parse` found in each Cookie header it read remembered (plain values only).
 * React Router checks a signature with WebCrypto, some 180 µs a call, and a signed-in visitor sends the
 * same header on every page view. What parse returns depends only on the header and the cookie's
 * secrets, both fixed here.
 */
export function rememberingParses(cookie: Cookie): Cookie {
  const found = new Map<string, unknown>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      if (header === null || options !== undefined || header.length > REMEMBERED_HEADER_MAX) return cookie.parse(header, options);
      if (found.has(header)) return found.get(header);
      const value: unknown = await cookie.parse(header);
      // Only plain values (an id, a token): an object handed to two requests could be changed by one.
      if (typeof value === "object" && value !== null) return value;
      // A new map rather than an order to keep: the working set is the visitors of the last minutes.
      if (found.size >= REMEMBERED_MAX) found.clear();
      found.set(header, value);
      return value;
    },
  };
}

/** A Set-Cookie header value for one of the cookies whose value is safe as it is. */
export function rawCookieHeader(request: Request, which: RawCookieName, value: string, maxAge?: number): string {
  return setCookieValue(which, value, isSecureRequest(request), maxAge);
}

export function readRawCookie(request: Request, which: RawCookieName): string | null {
  return readCookieValue(request.headers.get("Cookie"), which);
}
