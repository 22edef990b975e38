import type { FieldSpec } from "~/platform/ui/field-list";

const optional = <span className="font-normal text-slate-600">(optional)</span>;

/** "(optional)" after a question's words. */
export const optionalLabel = (words: string) => (
  <>
    {words} {optional}
  </>
);

/** Date of birth and phone, asked of clients and professionals alike on step 4. */
export const BIRTH_AND_PHONE: readonly FieldSpec[] = [
  { kind: "text", name: "dateOfBirth", type: "date", label: "Date of birth", autoComplete: "bday", hint: "You must be 18 or older." },
  { kind: "text", name: "phone", type: "tel", label: optionalLabel("Phone number"), autoComplete: "tel", inputMode: "tel", maxLength: 40 },
];
