import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/auth/permissions.server";
import { getSettings, saveSettings } from "~/platform/settings.server";
import { SiteSettingsSchema } from "~/platform/settings";
import { redirectWithToast } from "~/http/toast.server";
import { auditAdminAction } from "./audit-log.server";

export async function settingsLoader(request: Request) {
  await requireAdmin(request);
  return { settings: getSettings() };
}

/** "contact.city", "marketingStats.assets.value": the leaves that differ between two values. */
export function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (typeof before === "object" && before !== null && typeof after === "object" && after !== null) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) =>
      changedPaths((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], prefix ? `${prefix}.${k}` : k),
    );
  }
  return before === after ? [] : [prefix];
}

/** Saves every setting at once (one transaction); the public pages read them on their next view. */
export async function settingsAction(request: Request) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: SiteSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const before = getSettings();
  saveSettings(submission.value);
  const changed = changedPaths(before, submission.value);
  auditAdminAction(request, admin, `edited site settings: ${changed.length ? changed.join(", ") : "no changes"}`.slice(0, 1000));
  return redirectWithToast(request, "/admin/settings", { type: "success", title: "Success", description: "Settings saved successfully" }, { status: 303 });
}
