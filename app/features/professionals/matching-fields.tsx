import { CheckboxField, CheckboxGroup } from "~/platform/ui/choice-fields";
import { SelectField, TextField } from "~/platform/ui/field";
import { listValue, textValue } from "~/platform/ui/form-values";
import type { MatchingKey } from "~/domain/matching-engine";
import {
  AUM_OPTIONS,
  CERTIFICATION_OPTIONS,
  CLIENT_PROFILE_OPTIONS,
  COMMUNICATION_OPTIONS,
  FEE_MODEL_OPTIONS,
  LANGUAGE_OPTIONS,
  SERVED_COUNTRY_OPTIONS,
  SERVICE_OPTIONS,
} from "~/domain/vocabulary";

type FieldState = { initialValue?: unknown; errors?: string[] };

/**
 * A professional's matching data (what matching reads), for the admin's form and the professional's
 * own: the same fields, names and option lists as the registration wizard's. `you` words the labels
 * for the professional themself. Takes the whole form's fields and reads only the matching ones.
 */
export function MatchingFields({ fields, you = false }: { fields: Record<MatchingKey, FieldState>; you?: boolean }) {
  return (
    <div className="space-y-7">
      <CheckboxGroup
        name="services"
        legend="Services offered"
        hint="Matching pairs these with the client's objectives."
        options={SERVICE_OPTIONS}
        defaultValue={listValue(fields.services.initialValue)}
        errors={fields.services.errors}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="experienceYears"
          name="experienceYears"
          label="Experience (years)"
          inputMode="numeric"
          defaultValue={textValue(fields.experienceYears.initialValue)}
          errors={fields.experienceYears.errors}
        />
        <SelectField
          id="aumRange"
          name="aumRange"
          label="Assets under management"
          placeholder="Not set"
          options={AUM_OPTIONS}
          defaultValue={textValue(fields.aumRange.initialValue) ?? ""}
          errors={fields.aumRange.errors}
        />
        <SelectField
          id="feeModel"
          name="feeModel"
          label={you ? "How you are paid" : "How they are paid"}
          placeholder="Not set"
          options={FEE_MODEL_OPTIONS}
          defaultValue={textValue(fields.feeModel.initialValue) ?? ""}
          errors={fields.feeModel.errors}
        />
      </div>
      <CheckboxField
        name="impactInvesting"
        label={you ? "I offer sustainable and impact investing." : "Offers sustainable and impact investing"}
        defaultChecked={fields.impactInvesting.initialValue === "on"}
        errors={fields.impactInvesting.errors}
      />
      <CheckboxGroup
        name="certifications"
        legend="Certifications"
        options={CERTIFICATION_OPTIONS}
        defaultValue={listValue(fields.certifications.initialValue)}
        errors={fields.certifications.errors}
      />
      <CheckboxGroup
        name="clientProfiles"
        legend="Typical client profiles"
        options={CLIENT_PROFILE_OPTIONS}
        defaultValue={listValue(fields.clientProfiles.initialValue)}
        errors={fields.clientProfiles.errors}
      />
      <CheckboxGroup
        name="countriesServed"
        legend="Countries served"
        hint="Worldwide also covers clients in countries not listed."
        options={SERVED_COUNTRY_OPTIONS}
        defaultValue={listValue(fields.countriesServed.initialValue)}
        errors={fields.countriesServed.errors}
      />
      <CheckboxGroup
        name="communication"
        legend="Communication"
        hint={you ? "How clients may work with you." : "How clients may work with them."}
        options={COMMUNICATION_OPTIONS}
        defaultValue={listValue(fields.communication.initialValue)}
        errors={fields.communication.errors}
      />
      <CheckboxGroup
        name="languages"
        legend="Languages"
        options={LANGUAGE_OPTIONS}
        defaultValue={listValue(fields.languages.initialValue)}
        errors={fields.languages.errors}
      />
    </div>
  );
}
