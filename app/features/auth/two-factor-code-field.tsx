import { inputClass, TextField, type FieldMeta } from "~/platform/ui/field";

const codeClass = `${inputClass.replace("text-base", "text-lg")} font-mono tracking-[0.15em]`;

/**
 * The box for a second-factor code: digits from an authenticator app (the phone's keypad, the
 * one-time-code autofill) or a recovery code, so it accepts letters and dashes too.
 */
export function TwoFactorCodeField({
  meta,
  id = "code",
  label = "Authentication code",
  hint = "The 6-digit code from your authenticator app, or one of your recovery codes.",
  autoFocus,
}: {
  meta: FieldMeta;
  id?: string;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  // A refused code is never put back: the next try needs a fresh one.
  return (
    <TextField
      meta={meta}
      id={id}
      refill={false}
      type="text"
      label={label}
      hint={hint}
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={40}
      autoFocus={autoFocus}
      className={codeClass}
    />
  );
}
