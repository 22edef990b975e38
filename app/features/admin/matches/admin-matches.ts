/** Shared by the /admin/matches pages and their server module (no server code here). */
export const MATCHES_PATH = "/admin/matches";
/** What the site promises a client: a shortlist within 24 hours; the admin pages count waiting time against it. */
export const PROMISE_HOURS = 24;
