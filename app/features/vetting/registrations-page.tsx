import { Form } from "react-router";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { FormSection } from "~/platform/ui/form-section";
import { FormActions } from "~/platform/ui/form-actions";
import { FormAlert, SelectField, TextField } from "~/platform/ui/field";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { Icon } from "~/platform/ui/icons";
import type { RegistrationView } from "./registrations.server";

const PATH = "/professional-dashboard/registrations";

/** One registration as a client reads it: the register, the number, a link to check it there. */
export function RegistrationLine({ r }: { r: RegistrationView }) {
  return (
    <div className="min-w-0">
      <p className="text-sm font-semibold text-ink-900">{r.registerName}</p>
      <p className="mt-0.5 text-sm text-slate-600">
        <span className="font-mono text-ink-900 [overflow-wrap:anywhere]">{r.number}</span>
        {" · "}
        <a
          href={r.href}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900"
        >
          {r.direct ? "Check on the register" : "Search the register"}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

export function RegistrationList({ registrations }: { registrations: RegistrationView[] }) {
  const removing = useIsPending({ formAction: PATH, formData: { intent: "remove" } });
  if (registrations.length === 0) {
    return <p className="rounded-md border border-dashed border-ink-200 px-4 py-5 text-sm text-slate-600">No registration recorded yet.</p>;
  }
  return (
    <ul className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white" aria-label="Your registrations">
      {registrations.map((r) => (
        <li key={r.register} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <RegistrationLine r={r} />
          <Form method="post" className="shrink-0">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="register" value={r.register} />
            <button
              type="submit"
              disabled={removing}
              aria-label={`Remove ${r.registerName} ${r.number}`}
              className="rounded-md border border-ink-200 bg-white px-3 py-1.5 text-xs font-semibold text-danger-700 hover:bg-danger-50"
            >
              Remove
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

type Values = { register: string; number: string };

/** Add (or replace) one registration: the register, then its number, checked against the register's format. */
export function AddRegistrationForm({
  registers,
  lastResult,
}: {
  registers: { value: string; label: string; hint: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Values>({
    id: "add-registration",
    lastResult,
    // The action reads RegistrationSchema and answers with its messages; the browser does not check first.
  });
  const saving = useIsPending({ formAction: PATH, formData: { intent: "add" } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      <input type="hidden" name="intent" value="add" />
      {form.errors?.length ? (
        <div className="px-5 pt-6 sm:px-8">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}
      <FormSection id="add" title="Add a registration" description="One number per register; a new number for a register you already listed replaces the old one.">
        <SelectField meta={fields.register} label="Register" placeholder="Choose the register" options={registers} />
        <TextField
          meta={fields.number}
          label="Registration number"
          maxLength={40}
          autoCapitalize="characters"
          spellCheck={false}
          hint="Formats: CRD 1 to 8 digits; FCA FRN 6 or 7 digits, IRN 3 letters and 5 digits; NRD 4 to 8 digits; Swiss UID CHE-123.456.789; Singapore UEN such as 201912345K; AFSL 5 or 6 digits; Financial Advisers Register 6 to 9 digits."
        />
      </FormSection>
      <FormActions cancelTo="/professional-dashboard" label="Save registration" saving={saving} />
    </Form>
  );
}

/** The aside: why registrations matter and what clients see. */
export function RegistrationsAside() {
  return (
    <div className="rounded-card border border-ink-100 bg-white p-6 text-sm leading-relaxed text-slate-600 lg:sticky lg:top-24">
      <p className="flex items-center gap-2 font-serif text-lg font-semibold text-ink-900">
        <Icon name="shield" className="h-5 w-5 text-gold-600" />
        Checked, and checkable
      </p>
      <p className="mt-2">
        Clients see each registration on your profile with a link to the regulator&apos;s public register, so they can check it
        themselves. Our team looks each one up when vetting you, and again every twelve months.
      </p>
    </div>
  );
}
