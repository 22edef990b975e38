import type { ReactNode } from "react";
import { FieldList } from "~/platform/ui/field-list";
import type { FieldMeta } from "~/platform/ui/field";

/** A professional's specialties: the listed ones to tick, and others typed in (own profile and admin forms). */
export function SpecialtiesFields({
  choices,
  legend,
  hint,
  fields,
}: {
  choices: readonly string[];
  legend: ReactNode;
  hint?: string;
  fields: Record<"specialties" | "otherSpecialties", FieldMeta>;
}) {
  return (
    <FieldList
      fields={fields}
      specs={[
        { kind: "checkboxes", name: "specialties", legend, hint, options: choices.map((value) => ({ value, label: value })) },
        {
          kind: "text",
          name: "otherSpecialties",
          label: "Other specialties",
          hint: "Separate with commas, for example: Philanthropy, Business Succession.",
        },
      ]}
    />
  );
}
