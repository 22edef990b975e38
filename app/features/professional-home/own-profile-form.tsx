import type { ReactNode } from "react";
import { Form, Link} from "react-router";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { OWN_PROFILE_LIMITS, OwnProfileSchema } from "~/features/professionals/own-profile-schema";
import type { OwnProfile } from "~/features/professionals/own-professional.server";
import { Button, buttonClass } from "~/platform/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/platform/ui/field";
import { SpecialtiesFields } from "~/features/professionals/specialties-fields";
import { textValue } from "~/platform/ui/form-values";
import { matchingFormValues } from "~/features/professionals/matching-data";
import { MatchingFields } from "~/features/professionals/matching-fields";
import { PendingMatchingNotice } from "./pending-matching-notice";


function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5 px-5 py-7 sm:px-8">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

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

      <Section id="details" title="Professional details" description="How your role and practice appear on your profile.">
        <TextField
          id="title"
          name="title"
          label="Professional title"
          hint="For example: Senior Wealth Advisor."
          autoComplete="organization-title"
          defaultValue={textValue(fields.title.initialValue)}
          errors={fields.title.errors}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="location"
            name="location"
            label="Location"
            hint="City and state or country."
            autoComplete="address-level2"
            defaultValue={textValue(fields.location.initialValue)}
            errors={fields.location.errors}
          />
          <TextField
            id="phone"
            name="phone"
            type="tel"
            label="Phone"
            hint="Shown on your profile."
            autoComplete="tel"
            inputMode="tel"
            defaultValue={textValue(fields.phone.initialValue)}
            errors={fields.phone.errors}
          />
        </div>
      </Section>

      <Section id="about" title="About you" description="A few lines on your approach, your clients and what sets your practice apart.">
        <TextAreaField
          id="bio"
          name="bio"
          label="Bio"
          rows={8}
          hint={`Up to ${OWN_PROFILE_LIMITS.bio} characters. Line breaks are kept.`}
          defaultValue={textValue(fields.bio.initialValue)}
          errors={fields.bio.errors}
        />
      </Section>

      <Section id="specialties" title="Specialties" description={`Choose up to ${OWN_PROFILE_LIMITS.specialties} areas you advise on.`}>
        <SpecialtiesFields
          choices={specialtyChoices}
          legend={<span className="sr-only">Specialties</span>}
          specialties={fields.specialties}
          otherSpecialties={fields.otherSpecialties}
        />
      </Section>

      <Section
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
      </Section>

      <div className="flex flex-col-reverse gap-3 px-5 py-5 sm:flex-row sm:items-center sm:justify-end sm:px-8">
        <Link to="/professional-dashboard" className={buttonClass("secondary", "sm:min-w-32")}>
          Cancel
        </Link>
        <Button type="submit" className="sm:min-w-40" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}
