import { z } from "zod";
import { ROLES } from "~/domain/vocabulary";

export const USER_MESSAGES = {
  failed: "Failed to update user role",
  lastAdmin: "This is the last admin account: it keeps the admin role until another account is made an admin.",
  self: "You cannot remove your own admin role. Ask another admin to do it.",
  notFound: "This user no longer exists.",
  badRole: `Role must be one of: ${ROLES.join(", ")}`,
} as const;

export const RoleChangeSchema = z.object({ userId: z.string().min(1).max(64), role: z.enum(ROLES, { message: USER_MESSAGES.badRole }) });
