import type { ReactNode } from "react";
import { CheckboxGroup } from "~/platform/ui/choice-fields";
import { TextField } from "~/platform/ui/field";
import { listValue, textValue } from "~/platform/ui/form-values";

type FieldState = { initialValue?: unknown; errors?: string[] };

/** A professional's specialties: the listed ones to tick, and others typed in (own profile and admin forms). */
export function SpecialtiesFields({
  choices,
  legend,
  hint,
  specialties,
  otherSpecialties,
}: {
  choices: readonly string[];
  legend: ReactNode;
  hint?: string;
  specialties: FieldState;
  otherSpecialties: FieldState;
}) {
  return (
    <>
      <CheckboxGroup
        name="specialties"
        legend={legend}
        hint={hint}
        options={choices.map((value) => ({ value, label: value }))}
        defaultValue={listValue(specialties.initialValue)}
        errors={specialties.errors}
      />
      <TextField
        id="otherSpecialties"
        name="otherSpecialties"
        label="Other specialties"
        hint="Separate with commas, for example: Philanthropy, Business Succession."
        defaultValue={textValue(otherSpecialties.initialValue)}
        errors={otherSpecialties.errors}
      />
    </>
  );
}
