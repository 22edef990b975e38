import type { HeadersFunction } from "react-router";

/**
 * A route's `headers` for an action that answers 503 or 429 with Retry-After (a write the storage
 * refused, a rate limit): React Router passes on only the cookies of an action's answer to a route
 * without `headers`, on the page and on the data request alike. The document path is covered for every
 * route by entry.server; a route whose form is posted with JavaScript exports this too.
 */
export const actionRetryAfter: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const wait = actionHeaders.get("Retry-After");
  if (wait) headers.set("Retry-After", wait);
  return headers;
};
