import { FieldList, type FieldRow } from "~/platform/ui/field-list";
import type { FieldMeta } from "~/platform/ui/field";
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
  EXPERIENCE_RANGES,
} from "~/domain/vocabulary";

/** The matching questions, worded for an admin ("they") or for the professional themself ("you"). */
function matchingSpecs(you: boolean): readonly FieldRow[] {
  return [
    { kind: "checkboxes", name: "services", legend: "Services offered", hint: "Matching pairs these with the client's objectives.", options: SERVICE_OPTIONS },
    [
      {
        kind: "text",
        name: "experienceYears",
        label: "Experience (years)",
        hint: `A number, such as 12, or a range: ${EXPERIENCE_RANGES.join(", ")}.`,
        autoComplete: "off",
      },
      { kind: "select", name: "aumRange", label: "Assets under management", placeholder: "Not set", options: AUM_OPTIONS },
      { kind: "select", name: "feeModel", label: you ? "How you are paid" : "How they are paid", placeholder: "Not set", options: FEE_MODEL_OPTIONS },
    ],
    { kind: "checkbox", name: "impactInvesting", label: you ? "I offer sustainable and impact investing." : "Offers sustainable and impact investing" },
    { kind: "checkboxes", name: "certifications", legend: "Certifications", options: CERTIFICATION_OPTIONS },
    { kind: "checkboxes", name: "clientProfiles", legend: "Typical client profiles", options: CLIENT_PROFILE_OPTIONS },
    {
      kind: "checkboxes",
      name: "countriesServed",
      legend: "Countries served",
      hint: "Worldwide also covers clients in countries not listed.",
      options: SERVED_COUNTRY_OPTIONS,
    },
    {
      kind: "checkboxes",
      name: "communication",
      legend: "Communication",
      hint: you ? "How clients may work with you." : "How clients may work with them.",
      options: COMMUNICATION_OPTIONS,
    },
    { kind: "checkboxes", name: "languages", legend: "Languages", options: LANGUAGE_OPTIONS },
  ];
}

const SPECS = { you: matchingSpecs(true), they: matchingSpecs(false) };

/**
 * A professional's matching data (what matching reads), for the admin's form and the professional's
 * own: the same fields, names and option lists as the registration wizard's. `you` words the labels
 * for the professional themself. Takes the whole form's fields and reads only the matching ones.
 */
export function MatchingFields({ fields, you = false }: { fields: Record<MatchingKey, FieldMeta>; you?: boolean }) {
  return <FieldList specs={you ? SPECS.you : SPECS.they} fields={fields} className="space-y-7" />;
}

/** The professional's own form asks the fee model with their fees; the rest of the matching questions here. */
const WITHOUT_FEE_MODEL: readonly FieldRow[] = SPECS.you.map((row) => (Array.isArray(row) ? row.filter((f) => f.name !== "feeModel") : row));
const FEE_MODEL: readonly FieldRow[] = SPECS.you.flatMap((row) => (Array.isArray(row) ? row.filter((f) => f.name === "feeModel") : []));

export function OwnMatchingFields({ fields }: { fields: Record<MatchingKey, FieldMeta> }) {
  return <FieldList specs={WITHOUT_FEE_MODEL} fields={fields} className="space-y-7" />;
}

export function FeeModelField({ fields }: { fields: Record<MatchingKey, FieldMeta> }) {
  return <FieldList specs={FEE_MODEL} fields={fields} />;
}
