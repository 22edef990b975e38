import { describe, expect, it } from "vitest";
import { FICTIONAL_PHONE_MESSAGE, isFictionalPhone } from "~/domain/phone-numbers";
import { DEFAULT_SETTINGS, type SiteSettings } from "~/platform/settings";
import { getSettings, saveSettings } from "~/platform/settings.server";
import { upsertAccount } from "~/features/auth/upsert-account.server";
import { createSession } from "~/features/auth/session.server";
import * as settingsRoute from "~/routes/admin.settings";
import { call, formRequest, getRequest, requestArgs } from "./helpers";
import { errorsOf, run, uniqueEmail } from "./support/auth-requests";

describe("fictional phone numbers", () => {
  it("recognizes the 555-01xx range in any way it is written", () => {
    for (const phone of ["+1 (212) 555-0147", "+1 (212) 555-0148", "212.555.0100", "1 646 555 0199", "(617) 5550123"]) {
      expect(isFictionalPhone(phone), phone).toBe(true);
    }
  });

  it("leaves real-looking numbers alone, 555 numbers outside the range included", () => {
    for (const phone of ["+1 (212) 555-0200", "+1 212 555 1234", "+41 44 555 01 47", "+44 20 7946 0018", "+1 (212) 736-5000", "555-0147"]) {
      expect(isFictionalPhone(phone), phone).toBe(false);
    }
  });

  it("flags the defaults a fresh install starts with", () => {
    expect(isFictionalPhone(DEFAULT_SETTINGS.contact.phone)).toBe(true);
    expect(isFictionalPhone(DEFAULT_SETTINGS.support.phone)).toBe(true);
  });
});

describe("the settings form and fictional numbers", () => {
  async function adminCookie() {
    const { userId } = await upsertAccount({ email: uniqueEmail("phones-admin"), password: "Passw0rdX", role: "admin" });
    return (await createSession(requestArgs(getRequest("/login")), userId)).split(";")[0] ?? "";
  }
  /** The form as a browser posts it: every field of `settings`, `change` on top. */
  function form(settings: SiteSettings, change: Record<string, string>): Record<string, string> {
    const fields: Record<string, string> = { baseline: JSON.stringify(settings) };
    const flat = (value: unknown, prefix: string) => {
      if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k);
      else if (typeof value === "boolean") {
        if (value) fields[prefix] = "on";
      } else fields[prefix] = value === null ? "" : String(value);
    };
    flat(settings, "");
    return { ...fields, ...change };
  }
  const post = (cookie: string, fields: Record<string, string>) =>
    run(() => call(settingsRoute.action, formRequest("/admin/settings", fields, { cookie })));

  it("refuses a fictional number typed in, saves a real one, and leaves other edits alone while the example stays", async () => {
    await saveSettings(DEFAULT_SETTINGS);
    const cookie = await adminCookie();
    const typed = await post(cookie, form(DEFAULT_SETTINGS, { "support.phone": "+1 (646) 555-0123" }));
    expect(typed.status).toBe(400);
    expect(errorsOf(typed.body)).toMatchObject({ "support.phone": [FICTIONAL_PHONE_MESSAGE] });
    expect((await getSettings()).support.phone).toBe(DEFAULT_SETTINGS.support.phone);

    // The saved example does not block another change; the dashboard keeps warning about it.
    const city = await post(cookie, form(DEFAULT_SETTINGS, { "contact.city": "Boston, MA" }));
    expect(city).toMatchObject({ kind: "redirect", status: 303 });

    const real = await post(cookie, form(await getSettings(), { "contact.phone": "+1 (212) 736-5000" }));
    expect(real).toMatchObject({ kind: "redirect", status: 303 });
    expect((await getSettings()).contact).toMatchObject({ phone: "+1 (212) 736-5000", city: "Boston, MA" });
    await saveSettings(DEFAULT_SETTINGS);
  });
});
