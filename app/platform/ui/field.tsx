import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const inputClass =
  "block w-full rounded-md border border-ink-200 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-none placeholder:text-slate-500 focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-400/40 aria-[invalid=true]:border-danger-700";

/** The words under a field. Its id is what the field's aria-describedby points to. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-danger-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type FieldShellProps = { id: string; label: ReactNode; errors?: string[] | null; hint?: ReactNode; children: ReactNode };

export function FieldShell({ id, label, errors, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
        {label}
      </label>
      {children}
      {hint ? <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">{hint}</p> : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** What marks a control as invalid and points it at its hint and error words. */
const a11y = (id: string, errors?: string[] | null, hint?: ReactNode) => ({
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": [errors?.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
});

export function TextField({
  id,
  label,
  errors,
  hint,
  ...input
}: { id: string; label: ReactNode; errors?: string[] | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <input
        id={id}
        className={inputClass}
        {...a11y(id, errors, hint)}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  errors,
  hint,
  ...input
}: { id: string; label: ReactNode; errors?: string[] | null; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <textarea
        id={id}
        className={inputClass}
        {...a11y(id, errors, hint)}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  errors,
  hint,
  options,
  placeholder,
  ...select
}: {
  id: string;
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} errors={errors} hint={hint}>
      <select
        id={id}
        className={inputClass}
        {...a11y(id, errors, hint)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A form-level message (e.g. 'Invalid email or password. Please try again.'). */
export function FormAlert({ id, title, children }: { id?: string; title?: string; children?: ReactNode }) {
  if (!title && !children) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-danger-700/30 bg-danger-50 px-4 py-3 text-sm text-danger-700">
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-0.5" : ""}>{children}</div> : null}
    </div>
  );
}

/** The e-mail box of the sign-in, admin sign-in and reset forms: no capitals, no spell-check, 254 at most. */
export function EmailField({ initialValue, errors, autoComplete = "email" }: { initialValue: unknown; errors?: string[] | null; autoComplete?: string }) {
  return (
    <TextField
      id="email"
      name="email"
      type="email"
      label="Email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={254}
      defaultValue={typeof initialValue === "string" ? initialValue : undefined}
      errors={errors}
    />
  );
}
