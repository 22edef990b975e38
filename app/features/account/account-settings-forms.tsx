import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useIsPendingHere } from "~/platform/ui/use-is-pending";
import { Button } from "~/platform/ui/button";
import { Icon } from "~/platform/ui/icons";
import { ErrorList, FormAlert, TextField, describedBy } from "~/platform/ui/field";
import { TimeZoneSelect } from "~/platform/ui/time-zone-select";
import type { TimeZoneChoices } from "~/domain/time-zones";
import { PasswordField } from "~/platform/ui/password-field";
import { EmailChangeSchema, NameSchema, PasswordChangeSchema, TimeZoneSchema } from "./account-settings-schema";
import { DataLinks } from "./your-data";

type Reply = SubmissionResult<string[]> | null | undefined;
/** An e-mail change waiting for its link: the new address and until when the link works, in words. */
type PendingEmailChange = { newEmail: string; until: string };


/** One section of /account: a white card with its heading, a line on what it does, and its form. */
export function SettingsCard({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 rounded-card border border-ink-100 bg-white p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="font-sans text-base font-semibold text-ink-900">
        {title}
      </h2>
      <div className="mt-2 text-sm leading-relaxed text-slate-600">{intro}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function SubmitButton({ intent, children, busyText, variant = "primary" }: { intent: string; children: string; busyText: string; variant?: "primary" | "secondary" | "danger" }) {
  const busy = useIsPendingHere({ formData: { intent } });
  return (
    <Button type="submit" variant={variant} disabled={busy} aria-disabled={busy || undefined}>
      {busy ? busyText : children}
    </Button>
  );
}

export function NameForm({ firstName, lastName, lastResult, isProfessional }: { firstName: string; lastName: string; lastResult: Reply; isProfessional: boolean }) {
  const [form, fields] = useForm({
    id: "account-name",
    lastResult,
    defaultValue: { firstName, lastName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NameSchema }),
  });
  return (
    <SettingsCard
      id="name"
      title="Your name"
      intro={isProfessional ? "How we address you, and the name clients see on your profile." : "How we address you, and the name professionals see when you ask for an introduction."}
    >
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
        {form.errors?.length ? (
          <div className="sm:col-span-2">
            <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
          </div>
        ) : null}
        <input type="hidden" name="intent" value="name" />
        <TextField meta={fields.firstName} id="account-first-name" label="First name" autoComplete="given-name" maxLength={50} />
        <TextField meta={fields.lastName} id="account-last-name" label="Last name" autoComplete="family-name" maxLength={50} />
        <div className="sm:col-span-2">
          <SubmitButton intent="name" busyText="Saving...">
            Save name
          </SubmitButton>
        </div>
      </Form>
    </SettingsCard>
  );
}

/**
 * The zone the member reads times in. A professional's calls follow the zone of their weekly hours, so
 * they are sent there instead (an admin who is also a professional keeps the form, for the admin pages).
 */
export function TimeZoneForm({ current, zones, lastResult, hoursInstead }: { current: string | null; zones: TimeZoneChoices; lastResult: Reply; hoursInstead: boolean }) {
  const [form, fields] = useForm({
    id: "account-time-zone",
    lastResult,
    defaultValue: { timeZone: current ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TimeZoneSchema }),
  });
  if (hoursInstead) {
    return (
      <SettingsCard id="time-zone" title="Time zone" intro="Your calls are shown in the time zone of your weekly hours.">
        <Link to="/professional-dashboard/availability" className="text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900">
          Change it with your availability
        </Link>
      </SettingsCard>
    );
  }
  const id = "account-time-zone-select";
  const errors = fields.timeZone.errors;
  // A zone sent but not saved (the storage failed) stays chosen; otherwise the saved one.
  const shown = typeof fields.timeZone.initialValue === "string" && fields.timeZone.initialValue ? fields.timeZone.initialValue : current;
  return (
    <SettingsCard id="time-zone" title="Time zone" intro={current ? `Times are shown in ${current.replace(/_/g, " ")}.` : "Times are shown in UTC until you choose your zone."}>
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {form.errors?.length ? (
          <div className="w-full">
            <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
          </div>
        ) : null}
        <input type="hidden" name="intent" value="time-zone" />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
            Your time zone
          </label>
          <TimeZoneSelect key={shown ?? ""} id={id} name={fields.timeZone.name} choices={zones} current={shown} {...describedBy(id, errors)} />
          <ErrorList id={`${id}-error`} errors={errors} />
        </div>
        <div>
          <SubmitButton intent="time-zone" busyText="Saving...">
            Save time zone
          </SubmitButton>
        </div>
      </Form>
    </SettingsCard>
  );
}

/** The change waiting for its link: which address, until when, and a way to send the link again or cancel. */
function PendingEmail({ email, pending }: { email: string; pending: PendingEmailChange }) {
  return (
    <div className="mb-6 flex gap-3 rounded-md border border-gold-300/70 bg-ivory-50 p-4 sm:p-5" data-testid="pending-email">
      <Icon name="mail" className="mt-0.5 hidden h-5 w-5 shrink-0 text-gold-700 sm:block" />
      <div className="min-w-0">
        <p className="text-[0.9375rem] leading-relaxed text-ink-900">
          Waiting for you to confirm <strong className="break-all font-semibold">{pending.newEmail}</strong>: we sent a link to that
          address.
        </p>
        <p className="mt-1 text-sm leading-relaxed text-slate-600">
          Your address changes when you open the link and confirm, by {pending.until}. Until then, keep signing in with{" "}
          <span className="break-all">{email}</span>. Nothing arrived? Look in the spam folder, or send it again.
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Form method="post">
            <input type="hidden" name="intent" value="email-resend" />
            <SubmitButton intent="email-resend" busyText="Sending..." variant="secondary">
              Send the link again
            </SubmitButton>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="email-cancel" />
            <SubmitButton intent="email-cancel" busyText="Cancelling..." variant="secondary">
              Cancel this change
            </SubmitButton>
          </Form>
        </div>
      </div>
    </div>
  );
}

export function EmailForm({ email, pending, lastResult }: { email: string; pending: PendingEmailChange | null; lastResult: Reply }) {
  const [form, fields] = useForm({
    id: "account-email",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
  });
  return (
    <SettingsCard
      id="email"
      title="Email address"
      intro={
        <>
          <p>
            You sign in with <strong className="break-all font-semibold text-ink-900">{email}</strong>, and we write to you there.
          </p>
          <p className="mt-1">
            To change it, we send a link to the new address. Your address changes only when you open that link; until then, keep
            signing in with the current one. We also tell your current address once the change is made.
          </p>
        </>
      }
    >
      {pending ? <PendingEmail email={email} pending={pending} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="max-w-md space-y-4">
        {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
        <input type="hidden" name="intent" value="email" />
        <TextField
          meta={fields.newEmail}
          id="account-new-email"
          type="email"
          label="New email address"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
        />
        <PasswordField meta={fields.password} id="account-email-password" label="Your current password" toggleLabel="password" autoComplete="current-password" />
        <SubmitButton intent="email" busyText="Sending...">
          Send confirmation link
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
}

export function PasswordForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useForm({
    id: "account-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
  });
  return (
    <SettingsCard
      id="password"
      title="Password"
      intro="Changing your password signs you out on every other device; you stay signed in here."
    >
      <Form method="post" {...getFormProps(form)} noValidate className="max-w-md space-y-4">
        {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
        <input type="hidden" name="intent" value="password" />
        <PasswordField meta={fields.currentPassword} id="account-current-password" label="Current password" toggleLabel="current password" autoComplete="current-password" />
        <PasswordField
          meta={fields.password}
          id="account-new-password"
          label="New password"
          toggleLabel="new password"
          hint="At least 8 characters, with a lowercase letter, an uppercase letter and a number."
        />
        <PasswordField meta={fields.confirmPassword} id="account-confirm-password" label="Confirm new password" toggleLabel="confirmation" />
        <SubmitButton intent="password" busyText="Changing...">
          Change password
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
}

export function SignOutEverywhere() {
  return (
    <SettingsCard
      id="sessions"
      title="Sign out everywhere"
      intro="Ends every session of your account: on this device and on any other computer or phone. You then sign in again here."
    >
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <SubmitButton intent="sign-out-everywhere" busyText="Signing out..." variant="secondary">
          Sign out everywhere
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
}

export function YourDataLinks() {
  return (
    <SettingsCard id="your-data" title="Your data" intro="Everything we hold about you, as one file you can keep, and your account, whenever you want it gone.">
      <DataLinks />
    </SettingsCard>
  );
}
