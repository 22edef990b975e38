import { SelectField, TextAreaField } from "~/components/ui/field";
import {
  COUNTRY_OPTIONS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  NET_WORTH_OPTIONS,
  WEALTH_SOURCE_OPTIONS,
} from "~/registration/options";
import { CheckboxGroup } from "./choice-fields";
import { BirthAndPhoneFields } from "./personal-fields";
import { text, type StepProps } from "./step-props";

export function ClientPersonalStep(props: StepProps) {
  const { values, errors, focus } = props;
  return (
    <div className="space-y-5">
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
      <BirthAndPhoneFields {...props} />
    </div>
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

export function RelationshipStep({ values, errors, focus }: StepProps) {
  return (
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
  );
}
