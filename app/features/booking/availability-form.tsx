import { Form } from "react-router";
import { FormSection } from "~/platform/ui/form-section";
import { getFormProps, getInputProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { parseWithZod } from "@conform-to/zod/v4";
import { useIsPending } from "~/platform/ui/use-is-pending";
import { FormActions } from "~/platform/ui/form-actions";
import { CheckboxField, ErrorList, FormAlert, SelectField, TextField, controlProps, describedBy, inputClass } from "~/platform/ui/field";
import { TimeZoneSelect } from "~/platform/ui/time-zone-select";
import type { TimeZoneChoices } from "~/domain/time-zones";
import {
  AvailabilitySchema,
  type AvailabilityFormValues,
  type AvailabilityValue,
  FORM_DAY_ORDER,
  MEETING_LENGTHS,
  MOST_RANGES_A_DAY,
  type RangeRow,
  WEEKDAYS,
  dayKey,
} from "./availability-schema";

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
  const enhanced = useHydrated();
  const zoneErrors = fields.timeZone.errors;

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
      {form.errors?.length ? (
        <div className="px-5 pt-6 sm:px-8">
          <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert>
        </div>
      ) : null}

      <FormSection id="when" title="When clients can book" description="Your local hours, in the time zone you choose below. Leave a day empty when you do not take calls.">
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.timeZone.name} className="mb-1.5 block text-sm font-medium text-ink-800">
              Your time zone
            </label>
            {/* With none saved, JavaScript chooses the browser's zone; without it the person picks from the list. */}
            <TimeZoneSelect
              key={fields.timeZone.key}
              id={fields.timeZone.name}
              name={fields.timeZone.name}
              choices={zones}
              current={typeof fields.timeZone.initialValue === "string" && fields.timeZone.initialValue ? fields.timeZone.initialValue : null}
              placeholder="Choose a time zone"
              {...describedBy(fields.timeZone.name, zoneErrors, true)}
            />
            <p id={`${fields.timeZone.name}-hint`} className="mt-1.5 text-sm text-slate-600">
              Clients see your hours in their own time zone.
            </p>
            <ErrorList id={`${fields.timeZone.name}-error`} errors={zoneErrors} />
          </div>
          <SelectField
            meta={fields.meetingMinutes}
            label="Length of a first call"
            options={MEETING_LENGTHS.map((m) => ({ value: String(m), label: `${m} minutes` }))}
          />
        </div>
        <p className="text-sm text-slate-600">
          Each row is one range of hours, from its start to its end. Leave the rows you do not need empty; an end of midnight (00:00)
          means the end of the day.
        </p>
        <div className="divide-y divide-ink-100 rounded-md border border-ink-100">
          {FORM_DAY_ORDER.map((day) => (
            <DayRanges key={day} day={day} form={form} meta={fields[dayKey(day)]} enhanced={enhanced} />
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

/**
 * One weekday's ranges: rows of start and end time inputs. Without JavaScript the rows the loader gave
 * (at least three; empty ones are ignored); with it, "Add a range" and "Remove" change the rows (conform's list intents).
 */
function DayRanges({
  day,
  form,
  meta,
  enhanced,
}: {
  day: number;
  form: FormMetadata<AvailabilityFormValues, string[]>;
  meta: FieldMetadata<RangeRow[], AvailabilityFormValues, string[]>;
  enhanced: boolean;
}) {
  const name = WEEKDAYS[day];
  const rows = meta.getFieldList();
  const dayErrorId = `${meta.name}-error`;
  return (
    <fieldset className="min-w-0 px-3 py-4 sm:px-4" aria-describedby={meta.errors?.length ? dayErrorId : undefined}>
      <legend className="float-left mb-3 w-full text-sm font-semibold text-ink-900">{name}</legend>
      <div className="clear-both space-y-4">
        {rows.map((row, index) => {
          const range = row.getFieldset();
          return (
            <div key={row.key} className="grid max-w-md grid-cols-2 items-start gap-x-3">
              <TimeInput meta={range.start} label={`${name}, range ${index + 1}, from`} visible="From" />
              <TimeInput
                meta={range.end}
                label={`${name}, range ${index + 1}, to`}
                visible="To"
                action={
                  enhanced ? (
                    <button
                      {...form.remove.getButtonProps({ name: meta.name, index })}
                      aria-label={`Remove ${name} range ${index + 1}`}
                      className="text-sm font-medium text-slate-600 underline decoration-ink-200 underline-offset-4 hover:text-ink-900"
                    >
                      Remove
                    </button>
                  ) : null
                }
              />
            </div>
          );
        })}
      </div>
      <ErrorList id={dayErrorId} errors={meta.errors} />
      {enhanced && rows.length < MOST_RANGES_A_DAY ? (
        <button
          {...form.insert.getButtonProps({ name: meta.name, defaultValue: { start: "", end: "" } })}
          aria-label={`Add a range on ${name}`}
          className="mt-3 rounded-md border border-ink-200 px-3 py-1.5 text-sm font-medium text-ink-900 hover:border-ink-400"
        >
          Add a range
        </button>
      ) : null}
    </fieldset>
  );
}

/** The site's input, a little tighter on a phone: two time inputs ("08:00 AM" and its clock) side by side at 375 px. */
const timeInputClass = `${inputClass.replace("px-3.5", "px-2 sm:px-3.5").replace("text-base", "text-[0.9375rem] sm:text-base")} tabular-nums`;

function TimeInput({
  meta,
  label,
  visible,
  action,
}: {
  meta: FieldMetadata<string | undefined, AvailabilityFormValues, string[]>;
  label: string;
  visible: string;
  /** Beside the label, at its right (the row's "Remove"). */
  action?: ReactNode;
}) {
  const { key, rest } = controlProps(getInputProps(meta, { type: "time", ariaAttributes: false }));
  const id = meta.name;
  return (
    <div className="min-w-0">
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm text-slate-600">
          <span className="sr-only">{label.replace(/, (from|to)$/, ", ")}</span>
          {visible}
        </label>
        {action}
      </div>
      <input key={key} {...rest} id={id} className={timeInputClass} {...describedBy(id, meta.errors)} />
      <ErrorList id={`${id}-error`} errors={meta.errors} />
    </div>
  );
}
