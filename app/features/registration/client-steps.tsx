import {
  ADVISOR_FEE_OPTIONS,
  COMMUNICATION_OPTIONS,
  COUNTRY_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  LANGUAGE_OPTIONS,
  NET_WORTH_OPTIONS,
  WEALTH_SOURCE_OPTIONS,
} from "~/domain/vocabulary";
import { FieldList, type FieldRow, type FieldSpec } from "~/platform/ui/field-list";
import type { FieldMeta } from "~/platform/ui/field";
import { BIRTH_AND_PHONE, optionalLabel } from "./personal-fields";
import type { StepProps } from "./step-props";

/** The client's country of residency (the wizard's step 4 and the answers page). */
export const COUNTRY: FieldSpec = {
  kind: "select",
  name: "countryOfResidency",
  label: "Country of residency",
  placeholder: "Select your country",
  options: COUNTRY_OPTIONS,
  autoComplete: "country",
};

export const OBJECTIVES: FieldSpec = {
  kind: "checkboxes",
  name: "investmentObjectives",
  legend: "Investment objectives",
  hint: "Select all that apply.",
  options: INVESTMENT_OBJECTIVE_OPTIONS,
};

export const WEALTH: readonly FieldSpec[] = [
  { kind: "select", name: "netWorth", label: "Net worth (USD)", placeholder: "Select a range", options: NET_WORTH_OPTIONS },
  { kind: "checkboxes", name: "wealthSource", legend: "Sources of wealth", hint: "Select all that apply.", options: WEALTH_SOURCE_OPTIONS },
];

export const PERSONAL_STEP: readonly FieldRow[] = [COUNTRY, BIRTH_AND_PHONE];

const CURRENT_PROFESSIONAL: FieldSpec = {
  kind: "textarea",
  name: "currentProfessional",
  label: optionalLabel("Current professional relationships"),
  hint: "For example: a private bank, a family lawyer, an accountant. Up to 500 characters.",
  rows: 5,
  maxLength: 500,
};

const PREFERRED_COMMUNICATION: FieldSpec = {
  kind: "radios",
  name: "preferredCommunication",
  legend: optionalLabel("Preferred communication"),
  options: COMMUNICATION_OPTIONS,
  noAnswer: "No preference",
};

/** 'What matters to you in an advisor': each part optional, and a factor in matching only when answered. */
const ADVISOR_PREFERENCES: readonly FieldSpec[] = [
  { kind: "radios", name: "advisorFeeModel", legend: "How your advisor is paid", options: ADVISOR_FEE_OPTIONS },
  { kind: "checkbox", name: "advisorImpactInvesting", label: "I want an advisor who offers sustainable and impact investing." },
  {
    kind: "select",
    name: "advisorLanguage",
    label: "Language",
    hint: "The language you would like to speak with your advisor.",
    placeholder: "No preference",
    options: LANGUAGE_OPTIONS,
  },
];

/**
 * How the client likes to be contacted and 'What matters to you in an advisor': every part optional,
 * and each one a factor in matching only when answered (docs/decisions/019).
 */
export function ClientPreferencesFields({
  fields,
  focus,
}: {
  fields: Record<"preferredCommunication" | "advisorFeeModel" | "advisorImpactInvesting" | "advisorLanguage", FieldMeta>;
  focus?: StepProps["focus"];
}) {
  return (
    <>
      <FieldList specs={[PREFERRED_COMMUNICATION]} fields={fields} focus={focus} />
      <fieldset className="space-y-5 rounded-md border border-ink-100 bg-ivory-50 p-4 sm:p-5">
        <legend className="px-1 font-serif text-lg font-semibold text-ink-900">
          What matters to you in an advisor
        </legend>
        <p className="-mt-1 text-sm text-slate-600">Optional. We weigh these when we choose your shortlist.</p>
        <FieldList specs={ADVISOR_PREFERENCES} fields={fields} focus={focus} />
      </fieldset>
    </>
  );
}

export function RelationshipStep({ fields, focus }: StepProps) {
  return (
    <div className="space-y-7">
      <FieldList specs={[CURRENT_PROFESSIONAL]} fields={fields} focus={focus} />
      <ClientPreferencesFields fields={fields} focus={focus} />
    </div>
  );
}
