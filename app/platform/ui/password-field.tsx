import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { getInputProps } from "@conform-to/react";
import { controlProps, describedBy, FieldShell, inputClass, type FieldMeta } from "~/platform/ui/field";

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it only appears once the
 * page is hydrated; without it the field is a plain password field. A typed password is not put back
 * after a refused post unless `refill` says so (the registration wizard keeps it between its steps).
 */
export function PasswordField({
  meta,
  id = meta.name,
  label,
  hint,
  refill = false,
  autoComplete = "new-password",
  toggleLabel,
  autoFocus,
}: {
  meta: FieldMeta;
  id?: string;
  label: string;
  hint?: ReactNode;
  refill?: boolean;
  autoComplete?: string;
  /** What the toggle shows or hides, for screen readers: "password", "confirmation". */
  toggleLabel: string;
  autoFocus?: boolean;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { key, rest } = controlProps(getInputProps(meta, { type: "password", value: refill, ariaAttributes: false }));
  return (
    <FieldShell id={id} label={label} errors={meta.errors} hint={hint}>
      <div className="relative">
        <input
          key={key}
          {...rest}
          id={id}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          maxLength={1024}
          spellCheck={false}
          autoCapitalize="none"
          {...describedBy(id, meta.errors, hint)}
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
