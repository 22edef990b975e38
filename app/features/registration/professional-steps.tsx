import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SelectField, TextAreaField, TextField } from "~/platform/ui/field";
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
import { CheckboxField, CheckboxGroup, RadioGroup } from "~/platform/ui/choice-fields";
import { BirthAndPhoneFields } from "./personal-fields";
import { text, type StepProps } from "./step-props";

export function CompanyStep(props: StepProps) {
  const { values, errors, focus } = props;
  return (
    <div className="space-y-5">
      <TextField
        id="companyName"
        name="companyName"
        label="Company Name"
        hint="Practising on your own? Enter 'Independent'."
        autoComplete="organization"
        maxLength={200}
        defaultValue={text(values, "companyName")}
        errors={errors("companyName")}
        autoFocus={focus("companyName")}
      />
      <BirthAndPhoneFields {...props} />
    </div>
  );
}

export function ExperienceStep({ values, errors, focus }: StepProps) {
  return (
    <div className="space-y-7">
      <SelectField
        id="experienceYears"
        name="experienceYears"
        label="Years of Experience"
        placeholder="Select a range"
        options={EXPERIENCE_OPTIONS}
        defaultValue={text(values, "experienceYears") ?? ""}
        errors={errors("experienceYears")}
        autoFocus={focus("experienceYears")}
      />
      <CheckboxGroup
        name="certifications"
        legend="Certifications"
        hint="Select all that you hold."
        options={CERTIFICATION_OPTIONS}
        defaultValue={values.certifications}
        errors={errors("certifications")}
        autoFocus={focus("certifications")}
      />
    </div>
  );
}

const optional = <span className="font-normal text-slate-600">(optional)</span>;

export function ServicesStep({ values, errors, focus }: StepProps) {
  return (
    <div className="space-y-7">
      <CheckboxGroup
        name="servicesOffered"
        legend="Services Offered"
        hint="Select all that apply."
        options={SERVICE_OPTIONS}
        defaultValue={values.servicesOffered}
        errors={errors("servicesOffered")}
        autoFocus={focus("servicesOffered")}
      />
      <RadioGroup
        name="feeModel"
        legend={<>How You Are Paid {optional}</>}
        options={FEE_MODEL_OPTIONS}
        noAnswer="Prefer not to say"
        columns={1}
        defaultValue={values.feeModel}
        errors={errors("feeModel")}
        autoFocus={focus("feeModel")}
      />
      <CheckboxField
        name="impactInvesting"
        label="I offer sustainable and impact investing."
        defaultChecked={values.impactInvesting === "on"}
        errors={errors("impactInvesting")}
        autoFocus={focus("impactInvesting")}
      />
    </div>
  );
}

export function ClienteleStep({ values, errors, focus }: StepProps) {
  return (
    <div className="space-y-7">
      <SelectField
        id="assetsUnderManagement"
        name="assetsUnderManagement"
        label="Assets Under Management"
        placeholder="Select a range"
        options={AUM_OPTIONS}
        defaultValue={text(values, "assetsUnderManagement") ?? ""}
        errors={errors("assetsUnderManagement")}
        autoFocus={focus("assetsUnderManagement")}
      />
      <CheckboxGroup
        name="typicalClientProfile"
        legend="Typical Client Profiles"
        hint="Select all that apply."
        options={CLIENT_PROFILE_OPTIONS}
        defaultValue={values.typicalClientProfile}
        errors={errors("typicalClientProfile")}
        autoFocus={focus("typicalClientProfile")}
      />
      <CheckboxGroup
        name="countriesServed"
        legend={<>Countries You Serve {optional}</>}
        hint="Where your clients may live. Worldwide also covers countries not listed."
        options={SERVED_COUNTRY_OPTIONS}
        defaultValue={values.countriesServed}
        errors={errors("countriesServed")}
        autoFocus={focus("countriesServed")}
      />
    </div>
  );
}

export function CommunicationStep({ values, errors, focus }: StepProps) {
  const hydrated = useHydrated();
  const [disclosed, setDisclosed] = useState(values.disciplinaryAction === "on");
  // Without JavaScript the details box is always there; with it, it opens when the box is ticked.
  const showDetails = !hydrated || disclosed;
  return (
    <div className="space-y-7">
      <RadioGroup
        name="preferredCommunication"
        legend={<>Preferred Communication {optional}</>}
        options={COMMUNICATION_OPTIONS}
        noAnswer="No preference"
        defaultValue={values.preferredCommunication}
        errors={errors("preferredCommunication")}
        autoFocus={focus("preferredCommunication")}
      />
      <CheckboxGroup
        name="languages"
        legend={<>Languages You Work In {optional}</>}
        hint="Select all that apply."
        options={LANGUAGE_OPTIONS}
        defaultValue={values.languages}
        errors={errors("languages")}
        autoFocus={focus("languages")}
      />
      <div className="space-y-4 rounded-md border border-ink-100 bg-ivory-50 p-4">
        <CheckboxField
          name="disciplinaryAction"
          label="I have been the subject of a disciplinary action, regulatory sanction or upheld client complaint."
          defaultChecked={values.disciplinaryAction === "on"}
          errors={errors("disciplinaryAction")}
          autoFocus={focus("disciplinaryAction")}
          onChange={setDisclosed}
        />
        {showDetails ? (
          <TextAreaField
            id="disciplinaryDetails"
            name="disciplinaryDetails"
            label={
              <>
                Details of the disciplinary action <span className="font-normal text-slate-600">(optional)</span>
              </>
            }
            hint="Only read by our vetting team. Up to 1000 characters."
            rows={4}
            maxLength={1000}
            defaultValue={text(values, "disciplinaryDetails")}
            errors={errors("disciplinaryDetails")}
            autoFocus={focus("disciplinaryDetails")}
          />
        ) : null}
      </div>
    </div>
  );
}
