import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  AUM_OPTIONS,
  CERTIFICATION_OPTIONS,
  CLIENT_PROFILE_OPTIONS,
  COMMUNICATION_OPTIONS,
  EXPERIENCE_OPTIONS,
  FEE_MODEL_OPTIONS,
  LANGUAGE_OPTIONS,
  SERVED_COUNTRY_OPTIONS,
  SERVICE_OPTIONS,
} from "~/domain/vocabulary";
import { CheckboxField, TextAreaField } from "~/platform/ui/field";
import { FieldList, type FieldRow, type FieldSpec } from "~/platform/ui/field-list";
import { BIRTH_AND_PHONE, optionalLabel } from "./personal-fields";
import type { StepProps } from "./step-props";

export const COMPANY_STEP: readonly FieldRow[] = [
  {
    kind: "text",
    name: "companyName",
    label: "Company name",
    hint: "Practising on your own? Enter 'Independent'.",
    autoComplete: "organization",
    maxLength: 200,
  },
  BIRTH_AND_PHONE,
];

export const EXPERIENCE_STEP: readonly FieldSpec[] = [
  { kind: "select", name: "experienceYears", label: "Years of experience", placeholder: "Select a range", options: EXPERIENCE_OPTIONS },
  { kind: "checkboxes", name: "certifications", legend: "Certifications", hint: "Select all that you hold.", options: CERTIFICATION_OPTIONS },
];

export const SERVICES_STEP: readonly FieldSpec[] = [
  { kind: "checkboxes", name: "servicesOffered", legend: "Services offered", hint: "Select all that apply.", options: SERVICE_OPTIONS },
  {
    kind: "radios",
    name: "feeModel",
    legend: optionalLabel("How you are paid"),
    options: FEE_MODEL_OPTIONS,
    noAnswer: "Prefer not to say",
    columns: 1,
  },
  { kind: "checkbox", name: "impactInvesting", label: "I offer sustainable and impact investing." },
];

export const CLIENTELE_STEP: readonly FieldSpec[] = [
  { kind: "select", name: "assetsUnderManagement", label: "Assets under management", placeholder: "Select a range", options: AUM_OPTIONS },
  {
    kind: "checkboxes",
    name: "typicalClientProfile",
    legend: "Typical client profiles",
    hint: "Select all that apply.",
    options: CLIENT_PROFILE_OPTIONS,
  },
  {
    kind: "checkboxes",
    name: "countriesServed",
    legend: optionalLabel("Countries you serve"),
    hint: "Where your clients may live. Worldwide also covers countries not listed.",
    options: SERVED_COUNTRY_OPTIONS,
  },
];

const COMMUNICATION: readonly FieldSpec[] = [
  {
    kind: "checkboxes",
    name: "communicationChannels",
    legend: optionalLabel("How clients can reach you"),
    hint: "Select every way that suits you.",
    options: COMMUNICATION_OPTIONS,
  },
  { kind: "checkboxes", name: "languages", legend: optionalLabel("Languages you work in"), hint: "Select all that apply.", options: LANGUAGE_OPTIONS },
];

export function CommunicationStep({ fields, focus }: StepProps) {
  const hydrated = useHydrated();
  const [disclosed, setDisclosed] = useState(fields.disciplinaryAction.initialValue === "on");
  // Without JavaScript the details box is always there; with it, it opens when the box is ticked.
  const showDetails = !hydrated || disclosed;
  return (
    <div className="space-y-7">
      <FieldList specs={COMMUNICATION} fields={fields} focus={focus} className="space-y-7" />
      <div className="space-y-4 rounded-md border border-ink-100 bg-ivory-50 p-4">
        <CheckboxField
          meta={fields.disciplinaryAction}
          label="I have been the subject of a disciplinary action, regulatory sanction or upheld client complaint."
          autoFocus={focus("disciplinaryAction")}
          onChange={setDisclosed}
        />
        {showDetails ? (
          <TextAreaField
            meta={fields.disciplinaryDetails}
            label={optionalLabel("Details of the disciplinary action")}
            hint="Only read by our vetting team. Up to 1000 characters."
            rows={4}
            maxLength={1000}
            autoFocus={focus("disciplinaryDetails")}
          />
        ) : null}
      </div>
    </div>
  );
}
