import { Form } from "~/platform/ui/form";
import { FormSection } from "~/platform/ui/form-section";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { FormActions } from "~/platform/ui/form-actions";
import { CheckboxField, FormAlert, SelectField, TextField } from "~/platform/ui/field";
import type { TimeZoneChoices } from "~/domain/time-zones";
import { AvailabilitySchema, type AvailabilityFormValues, type AvailabilityValue, FORM_DAY_ORDER, HOURS_FORMAT, MEETING_LENGTHS, WEEKDAYS } from "./availability-schema";

const PATH = "/professional-dashboard/availability";

/** The weekly hours, time zone, call length and ways to meet: plain inputs, so it works without JavaScript. */
export function AvailabilityForm({
  zones,
  defaults,
  lastResult,
}: {
  zones: TimeZoneChoices;
  defaults: AvailabilityFormValues;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<AvailabilityFormValues, AvailabilityValue>({
    id: "availability",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AvailabilitySchema }),
  });
  const saving = useIsPending({ formAction: PATH });
  const dayField = (day: number) => fields[`day${day}` as "day0"];

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      {form.errors?.length ? (
        <div className="px-5 pt-6 sm:px-8">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}

      <FormSection id="when" title="When clients can book" description="Your local hours, in the time zone you choose below. Leave a day empty when you do not take calls.">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            meta={fields.timeZone}
            label="Your time zone"
            placeholder="Choose a time zone"
            groups={zones.groups}
            hint="Clients see your hours in their own time zone."
          />
          <SelectField
            meta={fields.meetingMinutes}
            label="Length of a first call"
            options={MEETING_LENGTHS.map((m) => ({ value: String(m), label: `${m} minutes` }))}
          />
        </div>
        <div className="space-y-4">
          {FORM_DAY_ORDER.map((day) => (
            <TextField key={day} meta={dayField(day)} label={WEEKDAYS[day]} placeholder="Not available" hint={day === 1 ? HOURS_FORMAT : undefined} maxLength={200} />
          ))}
        </div>
      </FormSection>

      <FormSection id="how" title="How you meet" description="Offer at least one. The client chooses when booking.">
        <fieldset className="space-y-5">
          <legend className="sr-only">Ways to meet</legend>
          <CheckboxField meta={fields.offersVideo} label="Video call" />
          <TextField meta={fields.videoLink} type="url" label="Your video meeting link" placeholder="https://" hint="Sent to the client with the invitation. It must start with https://." inputMode="url" maxLength={500} />
          <CheckboxField meta={fields.offersPhone} label="Phone call (the client sees the phone number on your profile)" />
          <CheckboxField meta={fields.offersInPerson} label="In person" />
          <TextField meta={fields.inPersonAddress} label="Address for meetings in person" autoComplete="street-address" maxLength={300} />
        </fieldset>
      </FormSection>

      <FormActions cancelTo="/professional-dashboard" label="Save availability" saving={saving} />
    </Form>
  );
}
