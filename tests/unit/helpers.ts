// Real Requests for calling route loaders and actions directly, the way the server would.

const ORIGIN = "http://localhost";

type Fields = Record<string, string | string[] | undefined>;
type RequestOptions = { cookie?: string; headers?: Record<string, string> };

function absolute(url: string): string {
  return new URL(url, ORIGIN).toString();
}

function headersFor(options: RequestOptions, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, ...options.headers });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return headers;
}

/** A form POST as a browser without JavaScript sends it (urlencoded; arrays repeat the field). */
export function formRequest(url: string, fields: Fields, options: RequestOptions = {}): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) body.append(name, item);
  }
  return new Request(absolute(url), {
    method: "POST",
    body,
    headers: headersFor(options, { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN }),
  });
}

export function getRequest(url: string, options: RequestOptions = {}): Request {
  return new Request(absolute(url), { headers: headersFor(options) });
}

/** Cookie pairs from a response's Set-Cookie headers; cleared cookies (empty or Max-Age=0) are dropped. */
export function setCookies(from: Response | Headers): Map<string, string> {
  const headers = from instanceof Response ? from.headers : from;
  const jar = new Map<string, string>();
  for (const line of headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const cleared = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    jar.set(pair.slice(0, eq).trim(), cleared ? "" : pair.slice(eq + 1).trim());
  }
  return jar;
}

/**
 * The Cookie header for the next request: the previous Cookie header updated with what the response set.
 *   const cookie = nextCookie(response);            // first response
 *   const cookie2 = nextCookie(response2, cookie);  // carry the jar along
 */
export function nextCookie(from: Response | Headers, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const [name, value] of setCookies(from)) {
    if (value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

const addresses = new WeakMap<Request, string>();

/** Marks a request as coming from `address`, as the server (server/app.ts) tells the app through the load context. */
export function fromAddress<R extends Request>(request: R, address: string): R {
  addresses.set(request, address);
  return request;
}

/** What a loader or action receives besides its params: the request and the load context. */
export function requestArgs(request: Request) {
  return { request, context: { clientAddress: addresses.get(request) ?? "192.0.2.1" } };
}

// The only place that shapes route arguments: a route's loader/action takes its generated
// Route.LoaderArgs / Route.ActionArgs, of which the server fills request, url, pattern, params and context.
type RouteFunction = (args: never) => unknown;
type ArgsOf<F extends RouteFunction> = Parameters<F>[0];

export function routeArgs<F extends RouteFunction>(request: Request, params: Record<string, string> = {}): ArgsOf<F> {
  const url = new URL(request.url);
  return { ...requestArgs(request), url, pattern: url.pathname, params } as unknown as ArgsOf<F>;
}

/** Calls a loader or action with a real Request; whatever it throws (a redirect Response, say) propagates. */
export async function call<F extends RouteFunction>(
  fn: F,
  request: Request,
  params: Record<string, string> = {},
): Promise<Awaited<ReturnType<F>>> {
  const invoke = fn as unknown as (args: ArgsOf<F>) => ReturnType<F>;
  return (await Promise.resolve(invoke(routeArgs<F>(request, params)))) as Awaited<ReturnType<F>>;
}

/** Like `call`, but a thrown Response (redirect, 403, 404) is returned instead of thrown. */
export async function settle<F extends RouteFunction>(
  fn: F,
  request: Request,
  params: Record<string, string> = {},
): Promise<Awaited<ReturnType<F>> | Response> {
  try {
    return await call(fn, request, params);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
