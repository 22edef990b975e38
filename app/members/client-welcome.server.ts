import { requireUser } from "~/auth/permissions.server";
import { getSettings } from "~/platform/settings.server";

/** Spec §2: the welcome greets by the part of the e-mail before the @ sign, or 'Valued Client'. */
export function greetingName(email: string | null | undefined): string {
  const local = (email ?? "").split("@")[0]?.trim() ?? "";
  return local || "Valued Client";
}

/**
 * Any signed-in person may read the welcome; a professional who opens it is offered their dashboard
 * rather than being sent away, since everything on it is true for them too.
 */
export async function clientWelcomeLoader(request: Request) {
  const user = await requireUser(request);
  const { support, supportHours } = getSettings();
  return {
    name: greetingName(user.email),
    isProfessional: user.roles.includes("professional"),
    support,
    supportHours,
  };
}
