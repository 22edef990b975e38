import type { SiteSettings } from "~/platform/settings";
import { FICTIONAL_PHONE_MESSAGE, isFictionalPhone } from "~/domain/phone-numbers";
import { NOT_SAVED_INIT, notSavedResult, orNotSaved } from "~/platform/http/not-saved.server";
import { data } from "react-router";
import type { RequestArgs } from "~/platform/http/client-address.server";
import { readFormData } from "~/platform/http/form-data.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/features/auth/permissions.server";
import { getSettings, updateSettings } from "~/platform/settings.server";
import { SettingsFormSchema, SiteSettingsSchema } from "~/platform/settings-schema";
import { redirectWithToast } from "~/platform/http/toast.server";
import { auditAdminAction } from "~/platform/audit.server";
import { countLive } from "~/features/marketing/figures.server";
import { STAT_KEYS, type LiveCounts } from "~/domain/marketing-figures";

export async function settingsLoader(args: RequestArgs) {
  await requireAdmin(args);
  const [settings, live] = await Promise.all([getSettings(), countLive().catch((): LiveCounts | null => null)]);
  return { settings, live };
}

/**
 * A figure whose value the admin changed without touching its date was true today: its "as of" moves
 * to today (UTC), so a new value never shows under an old date. (A set figure has a date to move: the
 * form refuses one without.)
 */
export function dateChangedFigures(changed: string[], value: SiteSettings, today = new Date()): string[] {
  const extra: string[] = [];
  for (const key of STAT_KEYS) {
    const base = `marketingStats.${key}`;
    if (changed.includes(`${base}.value`) && !changed.includes(`${base}.asOf`)) {
      value.marketingStats[key].asOf = today.toISOString().slice(0, 10);
      extra.push(`${base}.asOf`);
    }
  }
  return [...changed, ...extra];
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

/** Sets one leaf ("contact.city") of a settings value, in place. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  const last = keys.pop();
  let node: Record<string, unknown> = target;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (last) node[last] = value;
}

function getPath(source: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), source);
}

/** The settings as the form showed them, sent back with it, so only what the admin changed is written. */
function baselineFrom(formData: FormData) {
  const raw = formData.get("baseline");
  if (typeof raw !== "string") return null;
  try {
    const parsed = SiteSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Writes the fields the admin changed (compared with the values the form was showing) onto the
 * current settings, in one transaction, so two admins editing different fields at once both keep
 * their change. The public pages read the settings on their next view.
 */
export async function settingsAction(args: RequestArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: SettingsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { baseline: _shown, ...value } = submission.value;
  const current = await getSettings();
  const baseline = baselineFrom(formData) ?? current;
  const changed = dateChangedFigures(changedPaths(baseline, value), value);
  // A number typed in must be one people can call; a saved example number only gets a warning.
  const fictional = (["contact.phone", "support.phone"] as const).filter(
    (path) => changed.includes(path) && isFictionalPhone(path === "contact.phone" ? value.contact.phone : value.support.phone),
  );
  if (fictional.length) {
    return data(submission.reply({ fieldErrors: Object.fromEntries(fictional.map((path) => [path, [FICTIONAL_PHONE_MESSAGE]])) }), { status: 400 });
  }
  const apply = (stored: SiteSettings) => {
    const next = structuredClone(stored);
    for (const path of changed) setPath(next, path, getPath(value, path));
    return next;
  };
  const saved = await orNotSaved(
    () => (changed.length ? updateSettings(apply) : undefined),
    () => data(notSavedResult(submission), NOT_SAVED_INIT),
  );
  if (saved) return saved;
  await auditAdminAction(args, admin, `edited site settings: ${changed.length ? changed.join(", ") : "no changes"}`.slice(0, 1000));
  return redirectWithToast(request, "/admin/settings", { type: "success", title: "Success", description: "Settings saved successfully" }, { status: 303 });
}
