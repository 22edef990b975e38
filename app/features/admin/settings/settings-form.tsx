import { Form } from "react-router";
import type { ReactNode } from "react";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SiteSettings } from "~/platform/settings";
import type { LiveCounts } from "~/domain/marketing-figures";
import { FigureFields } from "./figure-fields";
import { SettingsFormSchema } from "~/platform/settings-schema";
import { Button } from "~/platform/ui/button";
import { CheckboxField, FormAlert, TextField } from "~/platform/ui/field";
import { FICTIONAL_PHONE_MESSAGE, isFictionalPhone } from "~/domain/phone-numbers";


function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="px-5 py-6 sm:px-6">
      <h2 id={`${id}-heading`} className="font-sans text-base font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** One input bound to a conform field: its name is the field's path ("contact.city"). */
function Input({ field, label, type = "text", hint }: { field: FieldMetadata<string | undefined>; label: string; type?: "text" | "email" | "tel" | "url" | "number"; hint?: string }) {
  return (
    <TextField
      meta={field}
      id={field.id}
      type={type}
      label={label}
      hint={hint}
      autoCapitalize={type === "email" ? "none" : undefined}
      spellCheck={type === "email" ? false : undefined}
    />
  );
}

/** While a saved number is a fictional example (a fresh install's), the field says to replace it. */
const phoneHint = (saved: string) => (isFictionalPhone(saved) ? `${FICTIONAL_PHONE_MESSAGE}.` : undefined);

/** A whole-number field, rendered as text like every other input (conform sends numbers as text). */
const wholeNumber = (field: FieldMetadata<number | undefined>) => field as unknown as FieldMetadata<string | undefined>;

/** The site settings: contact and support details, support hours, and the one set of marketing figures. */
export function SettingsForm({
  settings,
  live,
  lastResult,
}: {
  settings: SiteSettings;
  /** The database's counts now, for the figures that can be live; null when they could not be read. */
  live: LiveCounts | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "site-settings",
    lastResult,
    defaultValue: settings,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsFormSchema }),
  });
  const contact = fields.contact.getFieldset();
  const support = fields.support.getFieldset();
  const hours = fields.supportHours.getFieldset();
  const security = fields.security.getFieldset();
  const sharedCache = fields.sharedCache.getFieldset();
  const vetting = fields.vetting.getFieldset();
  const figuresSettings = fields.figures.getFieldset();
  const saving = useIsPending({ formAction: "/admin/settings" });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      <input type="hidden" name="baseline" value={JSON.stringify(settings)} />
      {form.errors?.length ? (
        <div className="px-5 pt-5 sm:px-6">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}
      <Section id="contact" title="Contact" description="The contact block on the home and contact pages.">
        <Input field={contact.email} label="Contact email" type="email" />
        <Input field={contact.phone} label="Contact phone" type="tel" hint={phoneHint(settings.contact.phone)} />
        <Input field={contact.city} label="City" />
      </Section>
      <Section id="support" title="Support" description="Shown to members on the welcome page and the professional dashboard.">
        <Input field={support.email} label="Support email" type="email" />
        <Input field={support.phone} label="Support phone" type="tel" hint={phoneHint(settings.support.phone)} />
      </Section>
      <Section id="hours" title="Support hours" description="One line each, as visitors read them.">
        <Input field={hours.weekdays} label="Weekdays" />
        <Input field={hours.saturday} label="Saturday" />
        <Input field={hours.sunday} label="Sunday" />
      </Section>
      <Section
        id="vetting"
        title="Vetting"
        description="What a professional's onboarding checklist promises about our review: the words that follow “Our team reviews a complete profile”."
      >
        <Input field={vetting.reviewTime} label="Expected review time" hint="For example: within 3 business days." />
      </Section>
      <section aria-labelledby="admin-security-heading" className="px-5 py-6 sm:px-6">
        <h2 id="admin-security-heading" className="font-sans text-base font-semibold">
          Admin sign-in
        </h2>
        <p className="mt-1 text-sm text-slate-600">Each admin turns on two-factor authentication for themselves under Security.</p>
        <div className="mt-4">
          <CheckboxField
            meta={security.requireAdminTwoFactor}
            label={
              <>
                <span className="font-medium text-ink-900">Require two-factor authentication for every admin</span>
                <span className="mt-0.5 block text-slate-600">
                  An admin without it is sent to the Security page from every other admin page until they set it up.
                </span>
              </>
            }
          />
        </div>
      </section>
      <Section
        id="shared-cache"
        title="Shared caches"
        description="How long a CDN or proxy in front of the site may keep a public page for visitors who are not signed in. A change to posts, professionals or settings reaches them within this time (README: purging a shared cache)."
      >
        <Input field={wholeNumber(sharedCache.maxAgeSeconds)} label="Keep for (seconds)" type="number" hint="Cache-Control s-maxage; 0 asks the cache to check every time." />
        <Input field={wholeNumber(sharedCache.staleWhileRevalidateSeconds)} label="Serve stale while refreshing (seconds)" type="number" hint="Cache-Control stale-while-revalidate." />
      </Section>
      <section aria-labelledby="figures-heading" className="px-5 py-6 sm:px-6">
        <h2 id="figures-heading" className="font-sans text-base font-semibold">
          Marketing figures
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The one set every page quotes, the home page included; Press invites journalists to quote them. A page shows a live count
          once it reaches the minimum below, and a figure you set only with the date it was true and its source, both printed
          beside it (&ldquo;As of March 24, 2027 · Source: Client survey, 212 replies&rdquo;): say who measured it and how. Leave a
          figure empty to show none. A figure you change gets today&apos;s date unless you give its own.
        </p>
        <div className="mt-5 max-w-xs">
          <Input
            field={wholeNumber(figuresSettings.minimumLiveCount)}
            label="Smallest live count shown"
            type="number"
            hint="A live count below this is left out of the pages."
          />
        </div>
        <FigureFields
          stats={fields.marketingStats.getFieldset()}
          saved={settings.marketingStats}
          live={live}
          minimum={settings.figures.minimumLiveCount}
        />
      </section>
      <div className="flex justify-end px-5 py-5 sm:px-6">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-40" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </Form>
  );
}
