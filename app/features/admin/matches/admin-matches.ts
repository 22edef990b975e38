/** Shared by the /admin/matches pages and their server module (no server code here). */
export const MATCHES_PATH = "/admin/matches";
