/** Shared by the /admin/matches pages and their server module (no server code here). */
export const MATCHES_PATH = "/admin/matches";
/** The promise of spec §1: a shortlist within 24 hours. */
export const PROMISE_HOURS = 24;
