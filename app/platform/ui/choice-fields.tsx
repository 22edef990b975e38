import type { ReactNode } from "react";
import { ErrorList } from "~/platform/ui/field";
import type { Option } from "~/domain/vocabulary";

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const legendClass = "mb-3 block text-sm font-medium text-ink-800";
const boxClass =
  "mt-0.5 size-4 shrink-0 rounded border-ink-300 text-ink-900 accent-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500";
const tileClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-ink-100 bg-white px-3.5 py-3 text-sm text-ink-900 transition-colors hover:border-ink-300 has-[:checked]:border-ink-800 has-[:checked]:bg-ink-50";

type GroupProps = {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly Option[];
  defaultValue?: string | string[];
  errors?: string[];
  columns?: 1 | 2;
  autoFocus?: boolean;
};

function Group({ name, legend, hint, errors, columns = 2, children }: GroupProps & { children: ReactNode }) {
  const describedBy = [hint ? `${name}-hint` : null, errors?.length ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className={legendClass}>{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="-mt-2 mb-3 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className={`grid gap-2.5 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>{children}</div>
      <ErrorList id={`${name}-error`} errors={errors} />
    </fieldset>
  );
}

/** A multi-select as a set of checkboxes, each with its own label. */
export function CheckboxGroup(props: GroupProps) {
  const chosen = asList(props.defaultValue);
  return (
    <Group {...props}>
      {props.options.map((o, i) => (
        <label key={o.value} className={tileClass}>
          <input
            type="checkbox"
            id={i === 0 ? props.name : undefined}
            name={props.name}
            value={o.value}
            defaultChecked={chosen.includes(o.value)}
            autoFocus={props.autoFocus && i === 0 ? true : undefined}
            aria-invalid={props.errors?.length ? true : undefined}
            className={boxClass}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </Group>
  );
}

/**
 * One choice among a few, each a labelled radio button. An optional question names its `noAnswer`: a
 * last choice that answers nothing, so an answer once given can be taken back (a radio button cannot be
 * unticked).
 */
export function RadioGroup({ noAnswer, ...props }: GroupProps & { noAnswer?: string }) {
  const options = noAnswer ? [...props.options, { value: "", label: noAnswer }] : props.options;
  const given = asList(props.defaultValue)[0];
  const chosen = props.options.some((o) => o.value === given) ? given : noAnswer ? "" : undefined;
  const focused = chosen ?? options[0]?.value;
  return (
    <Group {...props}>
      {options.map((o, i) => (
        <label key={o.value} className={tileClass}>
          <input
            type="radio"
            id={i === 0 ? props.name : undefined}
            name={props.name}
            value={o.value}
            defaultChecked={chosen === o.value}
            autoFocus={props.autoFocus && o.value === focused ? true : undefined}
            aria-invalid={props.errors?.length ? true : undefined}
            className={`${boxClass} rounded-full`}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </Group>
  );
}

/** Large cards for choosing the account type. */
export function RadioCards({
  name,
  legend,
  options,
  defaultValue,
  errors,
  autoFocus,
}: Omit<GroupProps, "options"> & { options: readonly (Option & { description: string; icon?: ReactNode })[] }) {
  const chosen = asList(defaultValue)[0];
  const focused = options.some((o) => o.value === chosen) ? chosen : options[0]?.value;
  return (
    <fieldset aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend className={legendClass}>{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {options.map((o, i) => (
          <label
            key={o.value}
            className="group relative flex cursor-pointer flex-col gap-3 rounded-card border border-ink-100 bg-white p-5 transition-colors hover:border-ink-300 has-[:checked]:border-ink-900 has-[:checked]:bg-ink-50 has-[:checked]:ring-1 has-[:checked]:ring-ink-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500"
          >
            <span className="flex items-start justify-between gap-3">
              {o.icon ?? null}
              <input
                type="radio"
                id={i === 0 ? name : undefined}
                name={name}
                value={o.value}
                defaultChecked={chosen === o.value}
                autoFocus={autoFocus && o.value === focused ? true : undefined}
                aria-invalid={errors?.length ? true : undefined}
                aria-labelledby={`${name}-${o.value}-label`}
                aria-describedby={`${name}-${o.value}-description`}
                className="mt-1 size-4 accent-ink-900 focus-visible:outline-none"
              />
            </span>
            <span id={`${name}-${o.value}-label`} className="font-serif text-xl font-semibold text-ink-900">
              {o.label}
            </span>
            <span id={`${name}-${o.value}-description`} className="text-sm leading-relaxed text-slate-600">
              {o.description}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={`${name}-error`} errors={errors} />
    </fieldset>
  );
}

/** A single checkbox with its label beside it. */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  errors,
  onChange,
  autoFocus,
}: {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  errors?: string[];
  onChange?: (checked: boolean) => void;
  autoFocus?: boolean;
}) {
  return (
    <div>
      <label htmlFor={name} className="flex cursor-pointer items-start gap-3 text-sm leading-relaxed text-ink-900">
        <input
          type="checkbox"
          id={name}
          name={name}
          defaultChecked={defaultChecked}
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
