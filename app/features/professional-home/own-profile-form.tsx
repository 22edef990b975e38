import { Form, Link } from "react-router";
import { FormSection } from "~/platform/ui/form-section";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { OWN_PROFILE_LIMITS, OwnProfileSchema, specialtiesText } from "~/features/professionals/own-profile-schema";
import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { FormActions } from "~/platform/ui/form-actions";
import { FormAlert } from "~/platform/ui/field";
import { FieldList, type FieldRow } from "~/platform/ui/field-list";
import { SpecialtiesField } from "~/features/professionals/specialties-fields";
import { matchingFormValues } from "~/features/professionals/matching-data";
import { FeeModelField, OwnMatchingFields } from "~/features/professionals/matching-fields";
import { ProfilePhotoField } from "~/features/professionals/profile-photo-field";
import { PendingMatchingNotice } from "./pending-matching-notice";

const DETAILS: readonly FieldRow[] = [
  [
    { kind: "text", name: "title", label: "Professional title", hint: "For example: Senior Wealth Advisor.", autoComplete: "organization-title" },
    { kind: "text", name: "company", label: "Firm", hint: "Leave empty if you practice independently.", autoComplete: "organization" },
  ],
  [
    { kind: "text", name: "location", label: "Location", hint: "City and state or country.", autoComplete: "address-level2" },
    { kind: "text", name: "phone", type: "tel", label: "Phone", hint: "Shown on your profile.", autoComplete: "tel", inputMode: "tel" },
  ],
];

const ABOUT: readonly FieldRow[] = [
  { kind: "textarea", name: "bio", label: "Bio", rows: 8, hint: `Up to ${OWN_PROFILE_LIMITS.bio} characters. Line breaks are kept.` },
];

const FEES: readonly FieldRow[] = [
  {
    kind: "text",
    name: "feeMinimum",
    label: "Minimum fee (US dollars a year)",
    inputMode: "numeric",
    autoComplete: "off",
    hint: "Optional. A whole number, e.g. 250000 shows as $250,000.",
  },
  {
    kind: "textarea",
    name: "feeSchedule",
    label: "Fee schedule",
    rows: 3,
    hint: `Optional, in your words, e.g. "1% a year on the first $5M, 0.6% above". Up to ${OWN_PROFILE_LIMITS.feeSchedule} characters.`,
  },
];

/** What waits for approval, said where the fields are (only a verified profile's changes wait). */
const reviewed = (verified: boolean) =>
  verified ? " As your profile is verified, a change here is reviewed by our team before matching uses it." : "";

/**
 * Everything a professional runs about their own listing, in sections. What matching reads (services,
 * experience, fee model, languages, countries...) waits for an admin once verified (decision 021); the rest,
 * the photo among it, applies on saving.
 */
export function OwnProfileForm({ profile, lastResult }: { profile: OwnProfile; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "own-profile",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      title: profile.title ?? "",
      company: profile.company ?? "",
      location: profile.location ?? "",
      phone: profile.phone ?? "",
      bio: profile.bio ?? "",
      specialties: specialtiesText(profile.specialties),
      feeMinimum: profile.feeMinimum === null ? "" : String(profile.feeMinimum),
      feeSchedule: profile.feeSchedule ?? "",
      // A change waiting for approval is shown as submitted, so saving again keeps it.
      ...matchingFormValues(profile.pending?.data ?? profile.matching),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OwnProfileSchema }),
  });
  const saving = useIsPending({ formAction: "/professional-dashboard/edit" });
  // The photo is checked by the action alone (its bytes): its error comes back with the last result.
  const photoErrors = lastResult?.error?.profileImage ?? undefined;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white"
    >
      {form.errors?.length ? (
        <div className="px-5 pt-6 sm:px-8">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}

      <FormSection id="photo" title="Photo" description="A clear, recent head-and-shoulders photo. Clients see it on your profile.">
        <ProfilePhotoField name={profile.name} current={profile.profileImage} errors={photoErrors} remove={fields.removeImage} label="Your photo" />
      </FormSection>

      <FormSection id="details" title="Professional details" description="How your role and practice appear on your profile.">
        <FieldList specs={DETAILS} fields={fields} />
      </FormSection>

      <FormSection id="about" title="About you" description="A few lines on your approach, your clients and what sets your practice apart.">
        <FieldList specs={ABOUT} fields={fields} />
      </FormSection>

      <FormSection
        id="specialties"
        title="Specialties"
        description="Your own areas of focus, in your words. The services you offer, which matching reads, are asked below."
      >
        <SpecialtiesField meta={fields.specialties} you />
      </FormSection>

      <FormSection
        id="fees"
        title="Fees"
        description={
          profile.verified
            ? "How you are paid, as clients see it on your profile. As your profile is verified, a change to how you are paid is reviewed by our team before matching uses it; the minimum and the schedule apply at once."
            : "How you are paid, as clients see it on your profile."
        }
      >
        <FeeModelField fields={fields} />
        <FieldList specs={FEES} fields={fields} />
      </FormSection>

      <FormSection
        id="matching"
        title="Matching details"
        description={
          profile.verified
            ? `What we match clients on.${reviewed(true)}`
            : "What we match clients on. Complete every part so our team can verify your profile."
        }
      >
        {profile.pending ? <PendingMatchingNotice pending={profile.pending} /> : null}
        <OwnMatchingFields fields={fields} />
      </FormSection>

      <FormSection id="availability" title="Availability" description="The weekly hours in which clients may book a first call with you.">
        <p className="text-sm leading-relaxed text-slate-700">
          <Link to="/professional-dashboard/availability" className="font-medium text-ink-900 underline decoration-gold-500 underline-offset-4 hover:decoration-ink-900">
            Set your weekly hours
          </Link>{" "}
          on their own page; they are saved apart from this form.
        </p>
      </FormSection>

      <FormActions cancelTo="/professional-dashboard" label="Save Changes" saving={saving} />
    </Form>
  );
}
