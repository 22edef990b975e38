import { Link } from "react-router";
import { ErrorList, FieldShell, inputClass, TextField } from "~/platform/ui/field";
import { USER_TYPE_OPTIONS } from "~/domain/vocabulary";
import { MESSAGES } from "~/features/registration/registration-schema";
import { RadioCards } from "~/platform/ui/choice-fields";
import { PasswordField } from "~/platform/ui/password-field";
import { text, type StepProps } from "./step-props";

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

export function TypeStep({ values, errors, focus }: StepProps) {
  return (
    <RadioCards
      name="userType"
      legend="I am joining as a"
      options={TYPE_CARDS}
      defaultValue={text(values, "userType")}
      errors={errors("userType")}
      autoFocus={focus("userType")}
    />
  );
}

export function NameStep({ values, errors, focus }: StepProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id="firstName"
        name="firstName"
        label="First Name"
        autoComplete="given-name"
        maxLength={100}
        defaultValue={text(values, "firstName")}
        autoFocus={focus("firstName")}
        errors={errors("firstName")}
      />
      <TextField
        id="lastName"
        name="lastName"
        label="Last Name"
        autoComplete="family-name"
        maxLength={100}
        defaultValue={text(values, "lastName")}
        autoFocus={focus("lastName")}
        errors={errors("lastName")}
      />
    </div>
  );
}

export function CredentialsStep({ values, errors, focus }: StepProps) {
  const emailErrors = errors("email");
  const taken = emailErrors?.includes(MESSAGES.emailTaken);
  return (
    <div className="space-y-5">
      <FieldShell id="email" label="Email">
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={320}
          defaultValue={text(values, "email")}
          autoFocus={focus("email")}
          aria-invalid={emailErrors?.length ? true : undefined}
          aria-describedby={emailErrors?.length ? "email-error" : undefined}
          className={inputClass}
        />
        <div id="email-error">
          <ErrorList errors={emailErrors} />
          {taken ? (
            <p className="mt-1 text-sm text-ink-800">
              <Link to="/login" className="font-semibold underline underline-offset-2 hover:text-gold-700">
                Sign in to your account
              </Link>{" "}
              or use another address.
            </p>
          ) : null}
        </div>
      </FieldShell>
      <PasswordField
        id="password"
        label="Password"
        toggleLabel="password"
        hint="8 to 128 characters, with at least one uppercase letter, one lowercase letter and one number."
        defaultValue={text(values, "password")}
        autoFocus={focus("password")}
        errors={errors("password")}
      />
      <PasswordField
        id="confirmPassword"
        label="Confirm Password"
        toggleLabel="password confirmation"
        defaultValue={text(values, "confirmPassword")}
        autoFocus={focus("confirmPassword")}
        errors={errors("confirmPassword")}
      />
    </div>
  );
}
