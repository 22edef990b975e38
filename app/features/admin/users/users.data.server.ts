import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { db, transaction } from "~/platform/db.server";
import { containsText } from "~/platform/sql-dialect.server";
import { ROLES, type Role } from "~/domain/vocabulary";
import { profiles, userRoles, users } from "~/platform/schema";
import { revokeUserSessions, type SessionUser } from "~/features/auth/session.server";
import { primaryRole } from "~/domain/roles";
import { pageFrom, type Paged } from "~/features/admin/shell/paging";
import { readPage } from "~/features/admin/shell/paging.server";
import { USER_MESSAGES } from "./users-schema";

export type UserFilter = { q: string; role: Role | null };

function userFilterFrom(params: URLSearchParams): UserFilter {
  const role = params.get("role");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    role: ROLES.includes(role as Role) ? (role as Role) : null,
  };
}

export type UserRow = {
  userId: string;
  email: string;
  fullName: string | null;
  createdAt: string;
  role: Role;
  roles: Role[];
  /** Whether the person confirmed their address (docs/decisions/023). */
  emailConfirmed: boolean;
};

/**
 * The /admin/users table: profiles that have a role record, newest first (the profiles
 * created_at index gives the order), searched on e-mail or full name, filtered by role, 50 a page.
 */
export async function listUsers(params: URLSearchParams): Promise<Paged<UserRow> & { filter: UserFilter }> {
  const filter = userFilterFrom(params);
  const page = pageFrom(params);
  const where: SQL[] = [
    filter.role
      ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId} and ${userRoles.role} = ${filter.role})`
      : sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId})`,
  ];
  if (filter.q) {
    // `%` and `_` typed in the search box are literal characters, not wildcards.
    where.push(sql`(${containsText(profiles.email, filter.q)} or ${containsText(profiles.fullName, filter.q)})`);
  }
  const condition = and(...where);
  const { rows, ...paging } = await readPage(
    page,
    () => db().$count(profiles, condition),
    (limit, offset) =>
      db()
        .select({ userId: profiles.userId, email: profiles.email, fullName: profiles.fullName, createdAt: profiles.createdAt })
        .from(profiles)
        .where(condition)
        .orderBy(desc(profiles.createdAt), desc(profiles.userId))
        .limit(limit)
        .offset(offset),
  );
  const ids = rows.map((r) => r.userId);
  const roleRows = ids.length ? await db().select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, ids)) : [];
  const confirmedRows = ids.length
    ? await db()
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), isNotNull(users.emailConfirmedAt)))
    : [];
  const confirmed = new Set(confirmedRows.map((u) => u.id));
  return {
    rows: rows.map((r) => {
      const roles = roleRows.filter((x) => x.userId === r.userId).map((x) => x.role);
      return { ...r, createdAt: r.createdAt.toISOString(), roles, role: primaryRole(roles), emailConfirmed: confirmed.has(r.userId) };
    }),
    ...paging,
    filter,
  };
}

export type RoleChange = { ok: true; email: string; from: Role; to: Role; changed: boolean } | { ok: false; message: string };

/**
 * Gives a person exactly one role, in one transaction: the old role records are replaced by the new
 * one (no reader ever sees the person without a role), and every session of theirs ends, so their next
 * request signs in again under the new role. The last admin keeps the role, and an admin cannot take
 * their own away (the count is read inside the write transaction, so two admins demoting each other
 * at once cannot both succeed).
 */
export async function changeUserRole(admin: Pick<SessionUser, "id">, userId: string, role: Role): Promise<RoleChange> {
  return transaction(
    async (tx) => {
      const [person] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
      const current = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
      if (!person || current.length === 0) return { ok: false as const, message: USER_MESSAGES.notFound };
      const from = primaryRole(current);
      if (current.length === 1 && current[0] === role) return { ok: true as const, email: person.email, from, to: role, changed: false };
      if (current.includes("admin") && role !== "admin") {
        if (userId === admin.id) return { ok: false as const, message: USER_MESSAGES.self };
        const [admins] = await tx.select({ n: sql<number>`count(distinct ${userRoles.userId})`.mapWith(Number) }).from(userRoles).where(eq(userRoles.role, "admin"));
        if ((admins?.n ?? 0) <= 1) return { ok: false as const, message: USER_MESSAGES.lastAdmin };
      }
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      await tx.insert(userRoles).values({ userId, role });
      // db() inside the transaction is the transaction: role and sign-out commit together.
      await revokeUserSessions(userId);
      return { ok: true as const, email: person.email, from, to: role, changed: true };
    },
  );
}

