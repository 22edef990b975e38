import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AdminProfessionalSchema, PROFESSIONAL_LIMITS } from "~/features/professionals/professional-schema";
import type { ProfessionalEditView } from "~/features/admin/professionals/professionals.server";
import { shortDate } from "~/platform/ui/format";
import { FormActions } from "~/platform/ui/form-actions";
import { CheckboxField, FormAlert, TextAreaField, TextField, type FieldMeta } from "~/platform/ui/field";
import { FieldList, type FieldRow } from "~/platform/ui/field-list";
import { SpecialtiesField } from "~/features/professionals/specialties-fields";
import { ProfilePhotoField } from "~/features/professionals/profile-photo-field";
import { specialtiesText } from "~/features/professionals/own-profile-schema";
import { MatchingFields } from "~/features/professionals/matching-fields";
import { matchingFormValues } from "~/features/professionals/matching-data";

const IDENTITY: readonly FieldRow[] = [
  [
    { kind: "text", name: "name", label: "Name", autoComplete: "off", maxLength: PROFESSIONAL_LIMITS.name },
    { kind: "text", name: "title", label: "Title", hint: "For example: Senior Wealth Advisor." },
    { kind: "text", name: "company", label: "Company" },
    {
      kind: "text",
      name: "email",
      type: "email",
      label: "Email",
      autoComplete: "off",
      inputMode: "email",
      autoCapitalize: "none",
      spellCheck: false,
      maxLength: 254,
      hint: "One entry per address.",
    },
    { kind: "text", name: "phone", type: "tel", label: "Phone", inputMode: "tel" },
    { kind: "text", name: "location", label: "Location", hint: "City and state or country." },
  ],
];

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5 px-5 py-6 sm:px-6">
      <div>
        <h2 id={`${id}-heading`} className="font-sans text-base font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * Every field of a directory entry, for adding and editing. The same schema checks it
 * in the browser (with JavaScript) and in the action.
 */
export function ProfessionalForm({
  action,
  entry,
  linkable,
  lastResult,
}: {
  action: string;
  entry: ProfessionalEditView | null;
  /** An unlinked account with the entry's e-mail, offered for linking. */
  linkable: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: entry ? `professional-${entry.id}` : "professional-new",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: entry
      ? {
          name: entry.name,
          title: entry.title ?? "",
          company: entry.company ?? "",
          email: entry.email,
          phone: entry.phone ?? "",
          location: entry.location ?? "",
          ...matchingFormValues(entry.matching),
          disciplinaryDisclosed: entry.disciplinaryDisclosed ? "on" : undefined,
          disciplinaryCleared: entry.disciplinaryCleared ? "on" : undefined,
          disciplinaryNote: entry.disciplinaryNote ?? "",
          feeMinimum: entry.feeMinimum === null ? "" : String(entry.feeMinimum),
          feeSchedule: entry.feeSchedule ?? "",
          bio: entry.bio ?? "",
          specialties: specialtiesText(entry.specialties),
          featured: entry.featured ? "on" : undefined,
          linkAccount: entry.linkedAccountEmail ? "on" : undefined,
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminProfessionalSchema }),
  });
  // The image's fields are read by the action, outside the schema; conform still hands out a field for them.
  const removeImage = (fields as unknown as Record<string, FieldMeta>).removeImage as FieldMeta;
  // The image is checked only by the action (its bytes): its error comes back with the last result.
  const imageErrors = lastResult?.error?.profileImage ?? undefined;
  const saving = useIsPending({ formAction: action });

  const linkLabel = entry?.linkedAccountEmail
    ? `Linked to the account ${entry.linkedAccountEmail}. Untick to unlink it.`
    : linkable
      ? `Link this entry to the account ${linkable}`
      : "Link this entry to the account with this email";
  const linkHint = entry?.linkedAccountEmail
    ? "The linked professional sees this entry on their dashboard and edits its photo, title, firm, location, phone, bio, specialties, fees and matching data (once verified, their matching changes wait for an admin's approval)."
    : linkable
      ? "Only when you have confirmed this person owns the address: they will see and edit this entry on their dashboard."
      : "Nothing is linked automatically. Tick this only when an account with this email exists and you have confirmed who owns it.";

  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      {form.errors?.length ? (
        <div className="px-5 pt-5 sm:px-6">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}

      <Section id="identity" title="Identity and contact">
        <FieldList specs={IDENTITY} fields={fields} />
      </Section>

      <Section id="profile" title="Profile">
        <ProfilePhotoField name={entry?.name ?? null} current={entry?.profileImage ?? null} errors={imageErrors} remove={removeImage} />
        <TextAreaField meta={fields.bio} label="Bio" rows={6} hint={`Up to ${PROFESSIONAL_LIMITS.bio} characters.`} />
        <SpecialtiesField meta={fields.specialties} />
      </Section>

      <Section
        id="matching"
        title="Matching data"
        description="What matching reads. A professional with any of services, experience, assets under management, fee model, client profiles, countries, communication or languages missing is left out of every shortlist, and cannot be verified."
      >
        <MatchingFields
          fields={fields}
        />
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.feeMinimum}
            label="Fee minimum (US dollars a year)"
            inputMode="numeric"
            hint="Optional. Shown on the profile clients see, e.g. 250000 shows as $250,000."
          />
        </div>
        <div className="mt-5">
          <TextAreaField
            meta={fields.feeSchedule}
            label="Fee schedule"
            rows={3}
            hint={`Optional, in their words, e.g. "1% a year on the first $5M, 0.6% above". Up to ${PROFESSIONAL_LIMITS.feeSchedule} characters.`}
          />
        </div>
      </Section>

      <Section id="status" title="Vetting and account">
        <div className="space-y-4">
          <div className="text-sm text-slate-600">
            {/* Verifying goes through the vetting checklist only, so what was checked is always on record. */}
            <p className="font-semibold text-ink-900">Verification</p>
            <p className="mt-1">
              {entry?.verified && entry.verifiedAt
                ? `Verified ${shortDate(entry.verifiedAt)}${entry.verifiedByEmail ? ` by ${entry.verifiedByEmail}` : ""}.`
                : "Not verified."}{" "}
              {entry ? (
                <Link to={`/admin/professionals/${entry.id}/vetting`} className="font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900">
                  Open the vetting checklist
                </Link>
              ) : (
                "Once added, the professional is verified through the vetting checklist."
              )}
            </p>
          </div>
          <CheckboxField meta={fields.featured} label="Featured" />
          <div className="space-y-3 rounded-md border border-ink-100 bg-ivory-50 p-4">
            <CheckboxField meta={fields.disciplinaryDisclosed} label="Disciplinary action disclosed" />
            <CheckboxField meta={fields.disciplinaryCleared} label="Cleared by admin: the disclosed action does not keep them out of matching" />
            <p className="text-sm text-slate-600">
              A disclosed action excludes the professional from every shortlist until it is cleared. Clearing has no
              effect without a disclosure.
            </p>
            <TextAreaField
              meta={fields.disciplinaryNote}
              label="Note on the disclosed matter"
              rows={3}
              hint={`Shown with the disclosure on the profile clients see. Up to ${PROFESSIONAL_LIMITS.disciplinaryNote} characters.`}
            />
          </div>
          <div>
            <CheckboxField meta={fields.linkAccount} label={linkLabel} />
            <p className="ml-7 mt-1 text-sm text-slate-600">{linkHint}</p>
          </div>
        </div>
      </Section>

      <FormActions cancelTo="/admin/professionals" label={entry ? "Update Professional" : "Add Professional"} saving={saving} compact />
    </Form>
  );
}
