import { TextField } from "~/platform/ui/field";
import { text, type StepProps } from "./step-props";

/** Date of birth and phone, asked of clients and professionals alike on step 4. */
export function BirthAndPhoneFields({ values, errors, focus }: StepProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id="dateOfBirth"
        name="dateOfBirth"
        type="date"
        label="Date of Birth"
        autoComplete="bday"
        hint="You must be 18 or older."
        defaultValue={text(values, "dateOfBirth")}
        autoFocus={focus("dateOfBirth")}
        errors={errors("dateOfBirth")}
      />
      <TextField
        id="phone"
        name="phone"
        type="tel"
        label={
          <>
            Phone Number <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        autoComplete="tel"
        inputMode="tel"
        maxLength={40}
        defaultValue={text(values, "phone")}
        autoFocus={focus("phone")}
        errors={errors("phone")}
      />
    </div>
  );
}
