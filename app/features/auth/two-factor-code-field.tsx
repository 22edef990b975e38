import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { inputClass, TextField, type FieldMeta } from "~/platform/ui/field";

const codeClass = `${inputClass.replace("text-base", "text-lg")} font-mono tracking-[0.15em]`;
const switchClass = "text-sm font-medium text-ink-900 underline decoration-gold-400 underline-offset-4 hover:decoration-ink-900";

/**
 * The box for a second-factor code. It brings up the phone's number pad (`inputmode="numeric"`) and the
 * one-time-code autofill. Where a recovery code is accepted too (`recovery`), a button switches the box to
 * letters for it once JavaScript runs; without it the box still takes letters from any keyboard.
 */
export function TwoFactorCodeField({
  meta,
  id = "code",
  label = "Authentication code",
  hint,
  recovery = false,
  autoFocus,
}: {
  meta: FieldMeta;
  id?: string;
  label?: string;
  hint?: string;
  /** Whether a recovery code may stand in for the app's code here. */
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  const hydrated = useHydrated();
  const [usingRecovery, setUsingRecovery] = useState(false);
  const defaultHint = recovery
    ? "The 6-digit code from your authenticator app, or one of your recovery codes."
    : "The 6-digit code from your authenticator app.";
  // A refused code is never put back: the next try needs a fresh one.
  return (
    <div>
      <TextField
        meta={meta}
        id={id}
        refill={false}
        type="text"
        label={usingRecovery ? "Recovery code" : label}
        hint={usingRecovery ? "One of the ten codes you saved, with or without its dash." : (hint ?? defaultHint)}
        inputMode={usingRecovery ? "text" : "numeric"}
        autoComplete={usingRecovery ? "off" : "one-time-code"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={40}
        autoFocus={autoFocus}
        className={codeClass}
      />
      {recovery && hydrated ? (
        <button
          type="button"
          className={`mt-2 ${switchClass}`}
          onClick={() => {
            setUsingRecovery((now) => !now);
            document.getElementById(id)?.focus();
          }}
        >
          {usingRecovery ? "Use the code from your app" : "Use a recovery code instead"}
        </button>
      ) : null}
    </div>
  );
}
