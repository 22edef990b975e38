import { SelectField, TextAreaField } from "~/platform/ui/field";
import {
  ADVISOR_FEE_OPTIONS,
  COMMUNICATION_OPTIONS,
  COUNTRY_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  LANGUAGE_OPTIONS,
  NET_WORTH_OPTIONS,
  WEALTH_SOURCE_OPTIONS,
} from "~/domain/vocabulary";
import { CheckboxField, CheckboxGroup, RadioGroup } from "~/platform/ui/choice-fields";
import { BirthAndPhoneFields } from "./personal-fields";
import { text, type StepProps } from "./step-props";

export function ClientPersonalStep(props: StepProps) {
  return (
    <div className="space-y-5">
      <CountryField {...props} />
      <BirthAndPhoneFields {...props} />
    </div>
  );
}

/** The client's country of residency (the wizard's step 4 and the answers page). */
export function CountryField({ values, errors, focus }: StepProps) {
  return (
    <SelectField
      id="countryOfResidency"
      name="countryOfResidency"
      label="Country of Residency"
      placeholder="Select your country"
      options={COUNTRY_OPTIONS}
      autoComplete="country"
      defaultValue={text(values, "countryOfResidency") ?? ""}
      errors={errors("countryOfResidency")}
      autoFocus={focus("countryOfResidency")}
    />
  );
}

export function ObjectivesStep({ values, errors, focus }: StepProps) {
  return (
    <CheckboxGroup
      name="investmentObjectives"
      legend="Investment Objectives"
      hint="Select all that apply."
      options={INVESTMENT_OBJECTIVE_OPTIONS}
      defaultValue={values.investmentObjectives}
      errors={errors("investmentObjectives")}
      autoFocus={focus("investmentObjectives")}
    />
  );
}

export function WealthStep({ values, errors, focus }: StepProps) {
  return (
    <div className="space-y-7">
      <SelectField
        id="netWorth"
        name="netWorth"
        label="Net Worth (USD)"
        placeholder="Select a range"
        options={NET_WORTH_OPTIONS}
        defaultValue={text(values, "netWorth") ?? ""}
        errors={errors("netWorth")}
        autoFocus={focus("netWorth")}
      />
      <CheckboxGroup
        name="wealthSource"
        legend="Sources of Wealth"
        hint="Select all that apply."
        options={WEALTH_SOURCE_OPTIONS}
        defaultValue={values.wealthSource}
        errors={errors("wealthSource")}
        autoFocus={focus("wealthSource")}
      />
    </div>
  );
}

export function RelationshipStep(props: StepProps) {
  const { values, errors, focus } = props;
  return (
    <div className="space-y-7">
      <TextAreaField
        id="currentProfessional"
        name="currentProfessional"
        label={
          <>
            Current Professional Relationships <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        hint="For example: a private bank, a family lawyer, an accountant. Up to 500 characters."
        rows={5}
        maxLength={500}
        defaultValue={text(values, "currentProfessional")}
        errors={errors("currentProfessional")}
        autoFocus={focus("currentProfessional")}
      />
      <ClientPreferencesFields {...props} />
    </div>
  );
}

const optional = <span className="font-normal text-slate-600">(optional)</span>;

/**
 * How the client likes to be contacted and 'What matters to you in an advisor': every part optional,
 * and each one a factor in matching only when answered (docs/decisions/019).
 */
export function ClientPreferencesFields({ values, errors, focus }: StepProps) {
  return (
    <>
      <RadioGroup
        name="preferredCommunication"
        legend={<>Preferred Communication {optional}</>}
        options={COMMUNICATION_OPTIONS}
        noAnswer="No preference"
        defaultValue={values.preferredCommunication}
        errors={errors("preferredCommunication")}
        autoFocus={focus("preferredCommunication")}
      />
      <fieldset className="space-y-5 rounded-md border border-ink-100 bg-ivory-50 p-4 sm:p-5">
        <legend className="px-1 font-serif text-lg font-semibold text-ink-900">
          What matters to you in an advisor
        </legend>
        <p className="-mt-1 text-sm text-slate-600">Optional. We weigh these when we choose your shortlist.</p>
        <RadioGroup
          name="advisorFeeModel"
          legend="How your advisor is paid"
          options={ADVISOR_FEE_OPTIONS}
          defaultValue={values.advisorFeeModel}
          errors={errors("advisorFeeModel")}
          autoFocus={focus("advisorFeeModel")}
        />
        <CheckboxField
          name="advisorImpactInvesting"
          label="I want an advisor who offers sustainable and impact investing."
          defaultChecked={values.advisorImpactInvesting === "on"}
          errors={errors("advisorImpactInvesting")}
          autoFocus={focus("advisorImpactInvesting")}
        />
        <SelectField
          id="advisorLanguage"
          name="advisorLanguage"
          label="Language"
          hint="The language you would like to speak with your advisor."
          placeholder="No preference"
          options={LANGUAGE_OPTIONS}
          defaultValue={typeof values.advisorLanguage === "string" ? values.advisorLanguage : ""}
          errors={errors("advisorLanguage")}
          autoFocus={focus("advisorLanguage")}
        />
      </fieldset>
    </>
  );
}
