import { Link } from "react-router";
import { TextField } from "~/platform/ui/field";
import { FieldList, type FieldRow, type FieldSpec } from "~/platform/ui/field-list";
import { USER_TYPE_OPTIONS } from "~/domain/vocabulary";
import { MESSAGES } from "~/features/registration/registration-schema";
import { RadioCards } from "~/platform/ui/choice-fields";
import type { StepProps } from "./step-props";

function ClientIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className="size-10 text-gold-600">
      <circle cx="20" cy="20" r="19" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path d="M12 26 L20 12 L28 26 Z" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path d="M16 26 L20 19 L24 26" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

function ProfessionalIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className="size-10 text-gold-600">
      <circle cx="20" cy="20" r="19" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path d="M11 15 H29 M13 15 V27 M20 15 V27 M27 15 V27 M10 28 H30 M20 9 L30 14 H10 Z" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

const TYPE_CARDS = USER_TYPE_OPTIONS.map((o) => ({
  ...o,
  icon: o.value === "client" ? <ClientIcon /> : <ProfessionalIcon />,
}));

export function TypeStep({ fields, focus }: StepProps) {
  return <RadioCards meta={fields.userType} legend="I am joining as a" options={TYPE_CARDS} autoFocus={focus("userType")} />;
}

export const NAME_STEP: readonly FieldRow[] = [
  [
    { kind: "text", name: "firstName", label: "First name", autoComplete: "given-name", maxLength: 100 },
    { kind: "text", name: "lastName", label: "Last name", autoComplete: "family-name", maxLength: 100 },
  ],
];

const PASSWORDS: readonly FieldSpec[] = [
  {
    kind: "password",
    name: "password",
    label: "Password",
    toggleLabel: "password",
    hint: "8 to 128 characters, with at least one uppercase letter, one lowercase letter and one number.",
    refill: true,
  },
  { kind: "password", name: "confirmPassword", label: "Confirm password", toggleLabel: "password confirmation", refill: true },
];

export function CredentialsStep({ fields, focus }: StepProps) {
  const taken = fields.email.errors?.includes(MESSAGES.emailTaken);
  return (
    <div className="space-y-5">
      <TextField
        meta={fields.email}
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        maxLength={320}
        autoFocus={focus("email")}
        errorExtra={
          taken ? (
            <p className="mt-1 text-sm text-ink-800">
              <Link to="/login" className="font-semibold underline underline-offset-2 hover:text-gold-700">
                Sign in to your account
              </Link>{" "}
              or use another address.
            </p>
          ) : null
        }
      />
      <FieldList specs={PASSWORDS} fields={fields} focus={focus} />
    </div>
  );
}
