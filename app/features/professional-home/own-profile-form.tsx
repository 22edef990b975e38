import { FormSection } from "~/platform/ui/form-section";
import { Form } from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { OWN_PROFILE_LIMITS, OwnProfileSchema } from "~/features/professionals/own-profile-schema";
import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { FormActions } from "~/platform/ui/form-actions";
import { FormAlert } from "~/platform/ui/field";
import { FieldList, type FieldRow } from "~/platform/ui/field-list";
import { SpecialtiesFields } from "~/features/professionals/specialties-fields";
import { matchingFormValues } from "~/features/professionals/matching-data";
import { MatchingFields } from "~/features/professionals/matching-fields";
import { PendingMatchingNotice } from "./pending-matching-notice";

const DETAILS: readonly FieldRow[] = [
  { kind: "text", name: "title", label: "Professional title", hint: "For example: Senior Wealth Advisor.", autoComplete: "organization-title" },
  [
    { kind: "text", name: "location", label: "Location", hint: "City and state or country.", autoComplete: "address-level2" },
    { kind: "text", name: "phone", type: "tel", label: "Phone", hint: "Shown on your profile.", autoComplete: "tel", inputMode: "tel" },
  ],
];

const ABOUT: readonly FieldRow[] = [
  { kind: "textarea", name: "bio", label: "Bio", rows: 8, hint: `Up to ${OWN_PROFILE_LIMITS.bio} characters. Line breaks are kept.` },
];

/** The fields a professional may change about their own listing (OwnProfileSchema says which and why). */
export function OwnProfileForm({
  profile,
  specialtyChoices,
  lastResult,
}: {
  profile: OwnProfile;
  specialtyChoices: string[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "own-profile",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      title: profile.title ?? "",
      location: profile.location ?? "",
      phone: profile.phone ?? "",
      bio: profile.bio ?? "",
      specialties: profile.specialties,
      otherSpecialties: "",
      // A change waiting for approval is shown as submitted, so saving again keeps it.
      ...matchingFormValues(profile.pending?.data ?? profile.matching),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OwnProfileSchema }),
  });
  const saving = useIsPending({ formAction: "/professional-dashboard/edit" });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      {form.errors?.length ? (
        <div className="px-5 pt-6 sm:px-8">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}

      <FormSection id="details" title="Professional details" description="How your role and practice appear on your profile.">
        <FieldList specs={DETAILS} fields={fields} />
      </FormSection>

      <FormSection id="about" title="About you" description="A few lines on your approach, your clients and what sets your practice apart.">
        <FieldList specs={ABOUT} fields={fields} />
      </FormSection>

      <FormSection id="specialties" title="Specialties" description={`Choose up to ${OWN_PROFILE_LIMITS.specialties} areas you advise on.`}>
        <SpecialtiesFields
          choices={specialtyChoices}
          legend={<span className="sr-only">Specialties</span>}
          fields={fields}
        />
      </FormSection>

      <FormSection
        id="matching"
        title="Matching details"
        description={
          profile.verified
            ? "What we match clients on. As your profile is verified, a change here is reviewed by our team before it is used for matching."
            : "What we match clients on. Complete every part so our team can verify your profile."
        }
      >
        {profile.pending ? <PendingMatchingNotice pending={profile.pending} /> : null}
        <MatchingFields
          you
          fields={fields}
        />
      </FormSection>

      <FormActions cancelTo="/professional-dashboard" label={"Save Changes"} saving={saving} />
    </Form>
  );
}
