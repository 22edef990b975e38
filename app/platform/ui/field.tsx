import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

export const inputClass =
  "block w-full rounded-md border border-ink-200 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-none placeholder:text-slate-500 focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-400/40 aria-[invalid=true]:border-danger-700";

/** A conform field, as `useForm` hands it out (`fields.email`). */
export type FieldMeta = FieldMetadata<unknown>;

/**
 * What conform derives for a control (name, value or checked state, key), without the parts this
 * site sets itself: the id (the field's name unless said otherwise, which the pages and their tests
 * use), the aria wiring (it points at our own hint and error ids, see `describedBy`) and the `form`
 * attribute (every control sits inside its form).
 */
export function controlProps<P extends { id?: string; form?: string; key?: string }>(props: P) {
  const { id: _id, form: _form, key, ...rest } = props;
  return { key, rest };
}

/** A checkbox or radio button: the site's ink colour, the gold focus ring. */
export const boxClass =
  "mt-0.5 size-4 shrink-0 rounded border-ink-300 text-ink-900 accent-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500";

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

type FieldShellProps = {
  id: string;
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  /** Said under the error words, inside the block the control's aria-describedby names (e.g. a way out). */
  errorExtra?: ReactNode;
  children: ReactNode;
};

/** The label above a control, its hint and its error words below. */
export function FieldShell({ id, label, errors, hint, errorExtra, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
        {label}
      </label>
      {children}
      {hint ? <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">{hint}</p> : null}
      {errorExtra === undefined ? (
        <ErrorList id={`${id}-error`} errors={errors} />
      ) : (
        <div id={`${id}-error`}>
          <ErrorList errors={errors} />
          {errorExtra}
        </div>
      )}
    </div>
  );
}

/** What marks a control as invalid and points it at its error words and hint. */
export const describedBy = (id: string, errors?: string[] | null, hint?: ReactNode) => ({
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": [errors?.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
});

type Labelled = {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  /** The control's id; the field's name unless the page holds two forms with the same names. */
  id?: string;
  /** Show the value conform holds for the field (false for secrets and one-time codes). */
  refill?: boolean;
  errorExtra?: ReactNode;
};

type TextType = "text" | "email" | "tel" | "date" | "number" | "search" | "url" | "password";

export function TextField({
  meta,
  label,
  hint,
  id = meta.name,
  type = "text",
  refill = true,
  errorExtra,
  ...input
}: Labelled & { type?: TextType } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "form">) {
  const { key, rest } = controlProps(getInputProps(meta, { type, value: refill, ariaAttributes: false }));
  return (
    <FieldShell id={id} label={label} errors={meta.errors} hint={hint} errorExtra={errorExtra}>
      <input key={key} {...rest} id={id} className={inputClass} {...describedBy(id, meta.errors, hint)} {...input} />
    </FieldShell>
  );
}

export function TextAreaField({
  meta,
  label,
  hint,
  id = meta.name,
  ...input
}: Omit<Labelled, "refill" | "errorExtra"> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "form">) {
  const { key, rest } = controlProps(getTextareaProps(meta, { ariaAttributes: false }));
  return (
    <FieldShell id={id} label={label} errors={meta.errors} hint={hint}>
      <textarea key={key} {...rest} id={id} className={inputClass} {...describedBy(id, meta.errors, hint)} {...input} />
    </FieldShell>
  );
}

type Option = { value: string; label: string };

/** The options of a select, each group under its own heading (`<optgroup>`) when given in groups. */
export function SelectOptions({ options = [], groups = [] }: { options?: readonly Option[]; groups?: readonly { label: string; options: readonly Option[] }[] }) {
  const list = (items: readonly Option[]) =>
    items.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <>
      {list(options)}
      {groups.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {list(g.options)}
        </optgroup>
      ))}
    </>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  id = meta.name,
  options,
  groups,
  placeholder,
  ...select
}: Omit<Labelled, "refill" | "errorExtra"> & {
  options?: readonly Option[];
  /** Options under headings (a long list: time zones by region). */
  groups?: readonly { label: string; options: readonly Option[] }[];
  /** A first choice that answers nothing ("Select a range", "Not set"). */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form">) {
  const { key, rest } = controlProps(getSelectProps(meta, { ariaAttributes: false }));
  return (
    <FieldShell id={id} label={label} errors={meta.errors} hint={hint}>
      <select key={key} {...rest} defaultValue={rest.defaultValue ?? ""} id={id} className={inputClass} {...describedBy(id, meta.errors, hint)} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        <SelectOptions options={options} groups={groups} />
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
export function EmailField({ meta, autoComplete = "email" }: { meta: FieldMeta; autoComplete?: string }) {
  return (
    <TextField
      meta={meta}
      type="email"
      label="Email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={254}
    />
  );
}

/** A single checkbox with its label beside it. */
export function CheckboxField({
  meta,
  label,
  onChange,
  autoFocus,
}: {
  meta: FieldMeta;
  label: ReactNode;
  onChange?: (checked: boolean) => void;
  autoFocus?: boolean;
}) {
  const { name, errors } = meta;
  const { key, rest } = controlProps(getInputProps(meta, { type: "checkbox", ariaAttributes: false }));
  return (
    <div>
      <label htmlFor={name} className="flex cursor-pointer items-start gap-3 text-sm leading-relaxed text-ink-900">
        <input
          key={key}
          {...rest}
          id={name}
          autoFocus={autoFocus}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${name}-error` : undefined}
          onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
          className={boxClass}
        />
        <span>{label}</span>
      </label>
      <ErrorList id={`${name}-error`} errors={errors} />
    </div>
  );
}
