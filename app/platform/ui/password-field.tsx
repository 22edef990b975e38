import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldShell, inputClass } from "~/platform/ui/field";

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it only appears once the
 * page is hydrated; without it the field is a plain password field.
 */
export function PasswordField({
  id,
  label,
  errors,
  hint,
  defaultValue,
  autoComplete = "new-password",
  toggleLabel,
  autoFocus,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: ReactNode;
  defaultValue?: string;
  autoComplete?: string;
  /** What the toggle shows or hides, for screen readers: "password", "confirmation". */
  toggleLabel: string;
  autoFocus?: boolean;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const describedBy = [errors?.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <div className="relative">
        <input
          id={id}
          name={id}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          autoFocus={autoFocus}
          maxLength={1024}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            aria-label={visible ? `Hide ${toggleLabel}` : `Show ${toggleLabel}`}
            className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-ink-700 hover:bg-ivory-200"
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}
