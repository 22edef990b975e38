import type { Role } from "./vocabulary";

const ROLE_ORDER: readonly Role[] = ["admin", "professional", "client", "user"];

/** The role that decides where a person lands: admin > professional > client > user ('user' when none). */
export function primaryRole(roles: readonly Role[]): Role {
  return ROLE_ORDER.find((r) => roles.includes(r)) ?? "user";
}

/**
 * Where a person lands after signing in or registering, and where a signed-in person is sent from
 * pages meant for visitors: a professional goes to the dashboard, others to the welcome page; an admin goes to the admin area, since the client welcome speaks to a client.
 */
export function landingFor(role: Role): string {
  if (role === "admin") return "/admin";
  return role === "professional" ? "/professional-dashboard" : "/client-welcome";
}
